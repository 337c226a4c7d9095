import { formatMoney } from "@dealer/shared/rules";
import type { ResultCard } from "../search-results/result-card";

/** A row of cars: similar vehicles on the vehicle page and featured stock on the home page. */
export type VehicleRowProps = {
  heading: string;
  cards: ResultCard[];
  /** Where the row sends the shopper for more (and when it has no cards). */
  searchHref: string;
  searchLabel: string;
};

function cardPrice(price: ResultCard["price"]): string {
  if (price.kind === "subscription") return `${formatMoney(price.amount)}${price.suffix}`;
  return price.kind === "price" ? formatMoney(price.amount) : price.text;
}

/** A swipeable row of cards (scroll snap, no script needed) and a search link. */
export default function VehicleRow({ heading, cards, searchHref, searchLabel }: VehicleRowProps) {
  const headingId = `${heading.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-title`;
  return (
    <section className="vehicle-row" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {cards.length > 0 && (
        <ul className="vehicle-row__cards">
          {cards.map((card) => (
            <li key={card.id} className="vehicle-row__card">
              <a href={card.href} className="vehicle-row__link">
                {card.image ? (
                  <img src={card.image} alt="" width={240} height={160} loading="lazy" decoding="async" />
                ) : (
                  <span className="vehicle-row__no-image" />
                )}
                <span className="vehicle-row__title">{card.title}</span>
                <span className="vehicle-row__subtitle">{card.subtitle}</span>
                <span className="vehicle-row__price">
                  {cardPrice(card.price)}
                  {card.priceType && <span className="vehicle-row__price-type"> {card.priceType}</span>}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="vehicle-row__more">
        <a href={searchHref}>{searchLabel}</a>
      </p>
    </section>
  );
}
