import type { SlotImage } from "@dealer/shared/media";
import type { PriceDisplay } from "@dealer/shared/rules";
import type { ResultCard } from "../search-results/result-card";

/** What a row's card shows: the related-cars call answers these (ADR 0076), the featured row's cards are full ones. */
export type RowCard = Pick<ResultCard, "id" | "href" | "title" | "subtitle" | "image" | "price" | "priceType">;

/** The row's part of a result card (the related-cars answer carries no more than the row shows). */
export const toRowCard = ({ id, href, title, subtitle, image, price, priceType }: ResultCard): RowCard => ({ id, href, title, subtitle, image, price, priceType });

type Unknown = Record<string, unknown>;
const isObject = (value: unknown): value is Unknown => typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

function parseImage(value: unknown): SlotImage | null | undefined {
  if (value === null) return null;
  if (!isObject(value) || !isString(value.src) || !isString(value.srcSet) || !isString(value.sizes) || !isNumber(value.width) || !isNumber(value.height)) return undefined;
  const colour = isObject(value.style) && isString(value.style.backgroundColor) && /^#[0-9a-f]{6}$/i.test(value.style.backgroundColor) ? value.style.backgroundColor : null;
  return { src: value.src, srcSet: value.srcSet, sizes: value.sizes, width: value.width, height: value.height, ...(colour ? { style: { backgroundColor: colour } } : {}) };
}

function parsePrice(value: unknown): PriceDisplay | undefined {
  if (!isObject(value)) return undefined;
  if ((value.kind === "price" || value.kind === "subscription") && isNumber(value.amount)) return value as PriceDisplay;
  if ((value.kind === "text" || value.kind === "preorder") && isString(value.text)) return value as PriceDisplay;
  return undefined;
}

/** One card of the answer, only the fields a row renders (nothing else reaches an element's props), or null. */
function parseRowCard(value: unknown): RowCard | null {
  if (!isObject(value) || !isNumber(value.id) || !isString(value.href) || !value.href.startsWith("/cars/")) return null;
  if (!isString(value.title) || !isString(value.subtitle) || !(value.priceType === null || isString(value.priceType))) return null;
  const image = parseImage(value.image);
  const price = parsePrice(value.price);
  if (image === undefined || price === undefined) return null;
  return { id: value.id, href: value.href, title: value.title, subtitle: value.subtitle, image, price, priceType: value.priceType };
}

/**
 * GET /cars/{slug}/related.json's answer as the row shows it: the cards in the order of `ids` (spec §7's related car
 * ids), each once. Null for an answer of another shape. Checked by hand: zod stays out of the browser (ADR 0048).
 */
export function parseRelatedAnswer(body: unknown): RowCard[] | null {
  if (!isObject(body) || !Array.isArray(body.ids) || !body.ids.every(isNumber) || !Array.isArray(body.cards)) return null;
  const byId = new Map<number, RowCard>();
  for (const value of body.cards) {
    const card = parseRowCard(value);
    if (!card) return null;
    byId.set(card.id, card);
  }
  return [...new Set(body.ids)].flatMap((id) => byId.get(id) ?? []);
}
