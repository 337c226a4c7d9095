import { formatMoney } from "@dealer/shared/rules";
import type { ResultCard } from "../search-results/result-card";

export type SimilarVehiclesProps = {
  cards: ResultCard[];
  /** The search landing path for this make and model: where the section sends the shopper when it has no cards. */
  searchHref: string;
  searchLabel: string;
};

function cardPrice(price: ResultCard["price"]): string {
  if (price.kind === "subscription") return `${formatMoney(price.amount)}${price.suffix}`;
  return price.kind === "price" ? formatMoney(price.amount) : price.text;
}

/** Similar vehicles as a swipeable row of cards (scroll snap, no script needed); a search link when there are none. */
export default function SimilarVehicles({ cards, searchHref, searchLabel }: SimilarVehiclesProps) {
  return (
    <section className="similar-vehicles" aria-labelledby="similar-vehicles-title">
      <h2 id="similar-vehicles-title">Similar vehicles</h2>
      {cards.length > 0 && (
        <ul className="similar-vehicles__row">
          {cards.map((card) => (
            <li key={card.id} className="similar-vehicles__card">
              <a href={card.href} className="similar-vehicles__link">
                {card.image ? (
                  <img src={card.image} alt="" width={240} height={160} loading="lazy" decoding="async" />
                ) : (
                  <span className="similar-vehicles__no-image" />
                )}
                <span className="similar-vehicles__title">{card.title}</span>
                <span className="similar-vehicles__subtitle">{card.subtitle}</span>
                <span className="similar-vehicles__price">{cardPrice(card.price)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="similar-vehicles__more">
        <a href={searchHref}>{searchLabel}</a>
      </p>
    </section>
  );
}
