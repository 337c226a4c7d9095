import type { PriceComparison } from "@dealer/shared/contract";

/** Comparable listings within this many model years either side count toward the market range. */
export const MARKET_YEAR_BAND = 2;
/** Confidence grows with the number of comparables: n / (n + 8), so 2 listings give 0.2 (hidden). */
const CONFIDENCE_PRIOR = 8;

function percentile(sorted: readonly number[], share: number): number {
  const position = (sorted.length - 1) * share;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const lowValue = sorted[low] as number;
  return lowValue + ((sorted[high] as number) - lowValue) * (position - low);
}

/**
 * Autogauge-style comparison of a listing against comparable prices: the market range is the 10th to 90th
 * percentile, fill is where the listing sits in it (0 to 1), confidence grows with the comparables.
 * Null when there is no listing price or fewer than two comparables.
 */
export function marketComparison(listingPrice: number | null, comparablePrices: readonly number[], label: string): PriceComparison | null {
  const prices = comparablePrices.filter((price) => Number.isFinite(price) && price > 0).sort((a, b) => a - b);
  if (listingPrice === null || !(listingPrice > 0) || prices.length < 2) return null;
  const min = Math.round(percentile(prices, 0.1));
  const max = Math.round(percentile(prices, 0.9));
  const fill = max > min ? Math.min(1, Math.max(0, (listingPrice - min) / (max - min))) : 0.5;
  return {
    fill: Math.round(fill * 100) / 100,
    listing_price: listingPrice,
    market_range_min: min,
    market_range_max: max,
    confidence: Math.round((prices.length / (prices.length + CONFIDENCE_PRIOR)) * 100) / 100,
    description: `Based on ${prices.length} comparable ${label} listings.`,
  };
}
