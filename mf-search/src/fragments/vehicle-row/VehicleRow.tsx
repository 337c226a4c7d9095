import { formatMoney } from "@dealer/shared/rules";
import { useEffect, useState } from "react";
import type { ResultCard } from "../search-results/result-card";

/** A row of cars: similar vehicles on the vehicle page and featured stock on the home page. */
export type VehicleRowProps = {
  heading: string;
  cards: ResultCard[];
  /** Where the row sends the shopper for more (and when it has no cards). */
  searchHref: string;
  searchLabel: string;
  /**
   * The similar row's related-cars call (spec §7, GET /cars/{slug}/related.json): once hydrated, the row shows the
   * cars it answers, in its order (ADR 0065). The featured row has none.
   */
  relatedHref?: string;
};

const isRelatedAnswer = (body: unknown): body is { ids: number[] } =>
  typeof body === "object" && body !== null && Array.isArray((body as { ids?: unknown }).ids) && (body as { ids: unknown[] }).ids.every((id) => typeof id === "number");

/**
 * The cards the related-cars call names, in its order, from those the server rendered (the same ranking, so the same
 * cars unless the stock changed since): a car it no longer names goes. A failed call is logged and the row stays.
 */
function useRelatedCards(cards: ResultCard[], relatedHref: string | undefined): ResultCard[] {
  const [shown, setShown] = useState(cards);
  useEffect(() => {
    if (!relatedHref) return;
    const controller = new AbortController();
    fetch(relatedHref, { signal: controller.signal, headers: { accept: "application/json" } })
      .then(async (response) => {
        const body: unknown = response.ok ? await response.json() : null;
        if (!isRelatedAnswer(body)) throw new Error(`related cars answered ${response.status}`);
        const byId = new Map(cards.map((card) => [card.id, card]));
        setShown(body.ids.flatMap((id) => byId.get(id) ?? []));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn("[mf-search] related cars", error);
      });
    return () => controller.abort();
  }, [cards, relatedHref]);
  return shown;
}

function cardPrice(price: ResultCard["price"]): string {
  if (price.kind === "subscription") return `${formatMoney(price.amount)}${price.suffix}`;
  return price.kind === "price" ? formatMoney(price.amount) : price.text;
}

/** A swipeable row of cards (scroll snap, no script needed) and a search link. */
export default function VehicleRow({ heading, cards: rendered, searchHref, searchLabel, relatedHref }: VehicleRowProps) {
  const cards = useRelatedCards(rendered, relatedHref);
  const headingId = `${heading.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-title`;
  return (
    <section className="vehicle-row" aria-labelledby={headingId}>
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
