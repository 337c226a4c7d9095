import type { Car } from "../contract/car";
import type { PriceComparison } from "../contract/price-comparison";

export const CONFIDENCE_CUTOFF = 0.2;
export const PRICE_COMPARISON_FETCH_FAILED = "Failed to fetch auto gauge data.";
export const PRICE_COMPARISON_NO_DATA = "No data returned";
export const MARKET_INDICATOR_THRESHOLD = 499;

const present = (value: number | null | undefined): value is number => typeof value === "number" && Number.isFinite(value);

/** All figures present, confidence above 0.2, and the market max not below the listing price. */
export function isPriceComparisonVisible(data: PriceComparison | null | undefined): boolean {
  if (!data) return false;
  const { fill, listing_price, market_range_min, market_range_max, confidence } = data;
  if (![fill, listing_price, market_range_min, market_range_max, confidence].every(present)) return false;
  return (confidence as number) > CONFIDENCE_CUTOFF && (market_range_max as number) >= (listing_price as number);
}

/**
 * Market price indicator: the price is below the state average (national when there is no state average)
 * by more than $499.
 */
export function isBelowMarket(car: Pick<Car, "price" | "autograb_data">): boolean {
  const average = car.autograb_data?.state_average_market_price ?? car.autograb_data?.average_market_price;
  if (!present(average) || !present(car.price) || car.price <= 0) return false;
  return car.price < average && average - car.price > MARKET_INDICATOR_THRESHOLD;
}
