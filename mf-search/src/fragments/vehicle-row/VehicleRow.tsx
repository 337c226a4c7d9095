import { formatMoney } from "@dealer/shared/rules";
import { useEffect, useState } from "react";
import { parseRelatedAnswer, type RowCard } from "./row-card";

/** A row of cars: similar vehicles on the vehicle page and featured stock on the home page. */
export type VehicleRowProps = {
  heading: string;
  /** The server's cards (featured stock); the similar row has none and fills them from `relatedHref`. */
  cards: RowCard[];
  /** Where the row sends the shopper for more: the whole row without JavaScript, or when the call fails or finds none. */
  searchHref: string;
  searchLabel: string;
  /**
   * The similar row's related-cars call (spec §7, GET /cars/{slug}/related.json): the row's code loads as the shopper
   * nears it (a below-the-fold slot), then shows the cars the call answers, in its order (ADR 0076).
   */
  relatedHref?: string;
};

/** Where the related-cars call stands: `pending` until the row's code runs (always, without JavaScript). */
type RelatedState = "pending" | "loading" | "loaded" | "failed";

/**
 * The row's cards: the server's, or those the related-cars call answers once the row has hydrated. A failed call is
 * logged and the row keeps its search link (spec §8: "logged only; the section falls back to a search").
 */
function useRowCards(rendered: RowCard[], relatedHref: string | undefined): { cards: RowCard[]; related: RelatedState } {
  const [state, setState] = useState<{ cards: RowCard[]; related: RelatedState }>({ cards: rendered, related: "pending" });
  useEffect(() => {
    if (!relatedHref) return;
    const controller = new AbortController();
    setState((current) => ({ ...current, related: "loading" }));
    fetch(relatedHref, { signal: controller.signal, headers: { accept: "application/json" } })
      .then(async (response) => {
        const cards = parseRelatedAnswer(response.ok ? await response.json() : null);
        if (!cards) throw new Error(`related cars answered ${response.status}`);
        setState({ cards, related: "loaded" });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("[mf-search] related cars", error);
        setState((current) => ({ ...current, related: "failed" }));
      });
    return () => controller.abort();
  }, [relatedHref]);
  return state;
}

function cardPrice(price: RowCard["price"]): string {
  if (price.kind === "subscription") return `${formatMoney(price.amount)}${price.suffix}`;
  return price.kind === "price" ? formatMoney(price.amount) : price.text;
}

/** A swipeable row of cards (scroll snap, no script needed) and a search link. */
export default function VehicleRow({ heading, cards: rendered, searchHref, searchLabel, relatedHref }: VehicleRowProps) {
  const { cards, related } = useRowCards(rendered, relatedHref);
  const headingId = `${heading.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-title`;
  return (
    <section className="vehicle-row" aria-labelledby={headingId} aria-busy={related === "loading"} data-related={relatedHref ? related : undefined}>
      <h2 id={headingId}>{heading}</h2>
      {cards.length > 0 && (
        <ul className="vehicle-row__cards">
          {cards.map((card) => (
            <li key={card.id} className="vehicle-row__card" data-car-id={card.id}>
              <a href={card.href} className="vehicle-row__link">
                {card.image ? (
                  <img {...card.image} alt="" loading="lazy" decoding="async" />
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
