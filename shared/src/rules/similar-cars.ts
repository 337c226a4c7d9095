import type { Car } from "../contract/car";

export const SIMILAR_PRICE_THRESHOLD = 50_000;
export const SIMILAR_WINDOW_BELOW = 10_000;
export const SIMILAR_WINDOW_ABOVE = 25_000;
export const SIMILAR_QUERY_LIMIT = 10;
export const SIMILAR_SHOWN_DEFAULT = 6;

/** Plus or minus $10,000 under $50,000, otherwise plus or minus $25,000. */
export function similarPriceWindow(price: number): { min: number; max: number } {
  const window = price < SIMILAR_PRICE_THRESHOLD ? SIMILAR_WINDOW_BELOW : SIMILAR_WINDOW_ABOVE;
  return { min: Math.max(0, price - window), max: price + window };
}

/** Similar-cars search applies only to in_stock cars. */
export const isSimilarSearchEligible = (car: Pick<Car, "status">) => car.status === "in_stock";

type SimilarSource = Pick<Car, "id" | "make" | "model" | "price" | "simple_body">;

/** Filters of the multi-query: same make and model, then same body in the price window; never the car itself. */
export function similarCarsFilters(car: SimilarSource): string[] {
  const self = `NOT objectID:${car.id}`;
  const quote = (value: string) => `"${value.replace(/"/g, '\\"')}"`;
  const filters = [`make:${quote(car.make)} AND model:${quote(car.model)} AND status:in_stock AND ${self}`];
  if (car.price && car.price > 0) {
    const { min, max } = similarPriceWindow(car.price);
    // The index's body facet (`body`) is the car's simple_body.
    const body = car.simple_body ? ` AND body:${quote(car.simple_body)}` : "";
    filters.push(`price:${min} TO ${max}${body} AND status:in_stock AND ${self}`);
  }
  return filters;
}

/** Hits sorted so the same model comes first, de-duplicated by id, capped (6 by default). */
export function rankSimilarCars<T extends { id: number; model: string }>(
  hits: readonly T[],
  car: Pick<Car, "id" | "model">,
  count = SIMILAR_SHOWN_DEFAULT,
): T[] {
  const seen = new Set<number>([car.id]);
  const unique = hits.filter((hit) => !seen.has(hit.id) && seen.add(hit.id));
  const sameModel = (hit: T) => hit.model.toLowerCase() === car.model.toLowerCase();
  return [...unique.filter(sameModel), ...unique.filter((hit) => !sameModel(hit))].slice(0, count);
}
