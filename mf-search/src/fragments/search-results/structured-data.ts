import { serializeJsonForHtml } from "@dealer/shared/json-for-html";
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

/** The JSON-LD block's text for a page of results, escaped for HTML. */
export function resultsItemListJson(cards: readonly Pick<ResultCard, "href" | "title">[], before: number, origin: string): string {
  return serializeJsonForHtml(resultsItemList(cards, before, origin));
}
