import type { ResultCard } from "./result-card";

/** schema.org ItemList of the page of results: each car at its place in the results, by its absolute URL. */
export function resultsItemList(cards: readonly Pick<ResultCard, "href" | "title">[], before: number, origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    numberOfItems: cards.length,
    itemListElement: cards.map((card, index) => ({ "@type": "ListItem", position: before + index + 1, url: new URL(card.href, origin).href, name: card.title })),
  };
}
