import type { Car } from "../contract/car";

/** in_stock and coming_soon count as in stock; any other status reads as sold. */
export const IN_STOCK_STATUSES = ["in_stock", "coming_soon"] as const;
export const DEFAULT_SOLD_WINDOW_DAYS = 3;
export const INSTANT_VALUATION_MIN_PRICE = 200;
export const TRADE_IN_ESTIMATE_MAX_AGE_YEARS = 7;
export const TRADE_IN_ESTIMATE_MAX_KM = 100_000;

const DAY_MS = 86_400_000;

export function isInStock(status: string): boolean {
  return (IN_STOCK_STATUSES as readonly string[]).includes(status);
}

export function isSold(status: string): boolean {
  return !isInStock(status);
}

export type SearchVisibilityInput = Pick<Car, "status" | "sold_date" | "show_on_dealer_website">;

/** A car is searchable when in stock or sold within the window, and shown on the dealer website. */
export function isVisibleInSearch(car: SearchVisibilityInput, now: Date, soldWindowDays = DEFAULT_SOLD_WINDOW_DAYS): boolean {
  if (!car.show_on_dealer_website) return false;
  if (isInStock(car.status)) return true;
  if (!car.sold_date) return false;
  const soldAt = Date.parse(car.sold_date);
  return Number.isFinite(soldAt) && now.getTime() - soldAt <= soldWindowDays * DAY_MS;
}

/** In stock (IN_STOCK_STATUSES) as an index filter clause. */
export const IN_STOCK_STATUS_FILTER = IN_STOCK_STATUSES.map((status) => `status:${status}`).join(" OR ");

/** The same rule as an index filter over status, sold_date_timestamp (seconds) and show_on_dealer_website. */
export function searchVisibilityFilter(now: Date, soldWindowDays = DEFAULT_SOLD_WINDOW_DAYS): string {
  const soldSince = Math.floor((now.getTime() - soldWindowDays * DAY_MS) / 1000);
  return `(${IN_STOCK_STATUS_FILTER} OR sold_date_timestamp >= ${soldSince}) AND show_on_dealer_website:true`;
}

/** Instant valuation / finance: autograb feature on, in_stock, neither sold nor reserved, price over 200. */
export function isInstantValuationEligible(
  car: Pick<Car, "status" | "reserved" | "price">,
  features: { autograb: boolean },
): boolean {
  return features.autograb && car.status === "in_stock" && !car.reserved && (car.price ?? 0) > INSTANT_VALUATION_MIN_PRICE;
}

/** No online trade-in estimate for cars over 7 years old or over 100,000 km. */
export function isTradeInEstimateAvailable(vehicle: { year: number; km: number }, now: Date): boolean {
  const age = now.getUTCFullYear() - vehicle.year;
  return age <= TRADE_IN_ESTIMATE_MAX_AGE_YEARS && vehicle.km <= TRADE_IN_ESTIMATE_MAX_KM;
}
