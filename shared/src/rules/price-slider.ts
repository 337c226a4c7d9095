import type { SiteConfig } from "../config/site-config";

/** Thumbs of the price slider page stay this far apart. */
export const PRICE_SLIDER_MIN_GAP = 1;
export const PRICE_SLIDER_SORT = "Car_production:price:desc";

export type PriceSliderBounds = Pick<SiteConfig["budget"], "sliderMin" | "sliderMax" | "sliderStep">;

/** Both thumbs within the bounds, the lower one at least 1 below the upper one. */
export function clampPriceSlider(lower: number, upper: number, bounds: PriceSliderBounds): [number, number] {
  const min = bounds.sliderMin;
  const max = Math.max(bounds.sliderMax, min + PRICE_SLIDER_MIN_GAP);
  const safe = (value: number, fallback: number) => (Number.isFinite(value) ? value : fallback);
  const high = Math.min(max, Math.max(min + PRICE_SLIDER_MIN_GAP, safe(upper, max)));
  const low = Math.max(min, Math.min(high - PRICE_SLIDER_MIN_GAP, safe(lower, min)));
  return [low, high];
}

/** The slider's button: the price range (brackets percent-encoded, as in every URL in HTML), sorted by price descending. */
export function priceSliderSearchUrl(lower: number, upper: number, searchPath = "/search"): string {
  return `${searchPath}?range%5Bprice%5D=${lower}:${upper}&sortBy=${PRICE_SLIDER_SORT}`;
}
