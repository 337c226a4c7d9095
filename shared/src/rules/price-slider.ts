import type { SiteConfig } from "../config/site-config";

export const PRICE_SLIDER_SORT = "Car_production:price:desc";

export type PriceSliderBounds = Pick<SiteConfig["budget"], "sliderMin" | "sliderMax" | "sliderStep">;

/**
 * Both thumbs within the bounds and on the step grid, the lower one at least one step (so at least 1) below the
 * upper one: a native range input only draws a thumb on min + n * step, so a value off the grid (5,001 above a lower
 * thumb at 5,000) would be drawn somewhere else than the label says.
 */
export function clampPriceSlider(lower: number, upper: number, bounds: PriceSliderBounds): [number, number] {
  const gap = Math.max(1, bounds.sliderStep);
  const min = bounds.sliderMin;
  const max = min + Math.max(1, Math.floor((bounds.sliderMax - min) / gap)) * gap;
  const onGrid = (value: number, fallback: number) => (Number.isFinite(value) ? min + Math.round((value - min) / gap) * gap : fallback);
  const high = Math.min(max, Math.max(min + gap, onGrid(upper, max)));
  const low = Math.max(min, Math.min(high - gap, onGrid(lower, min)));
  return [low, high];
}

/** The slider's button: the price range (brackets percent-encoded, as in every URL in HTML), sorted by price descending. */
export function priceSliderSearchUrl(lower: number, upper: number, searchPath = "/search"): string {
  return `${searchPath}?range%5Bprice%5D=${lower}:${upper}&sortBy=${PRICE_SLIDER_SORT}`;
}
