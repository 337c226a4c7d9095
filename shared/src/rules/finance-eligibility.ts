import type { Car, FinanceLenderEntry } from "../contract/car";
import type { FinanceProvider, SiteConfig } from "../config/site-config";
import { isInStock } from "./availability";

export const FINANCE_MIN_PRICE = 500;
/** Taurus-type lenders finance cars newer than the current year minus 12. */
export const TAURUS_MAX_AGE_YEARS = 12;

type FinanceCar = Pick<Car, "finance_lenders" | "make" | "dealership_slug" | "dealership_id" | "year" | "price" | "status">;
type FinanceRules = Pick<SiteConfig["finance"], "provider" | "excludedManufacturers" | "excludedDealerships">;
type ExclusionRules = Pick<SiteConfig["finance"], "excludedManufacturers" | "excludedDealerships">;

const present = (value: unknown) => value !== null && value !== undefined;

/** The car's figures for the configured provider, or null when missing or empty. */
export function financeEntryFor(car: Pick<Car, "finance_lenders">, provider: FinanceProvider): FinanceLenderEntry | null {
  const entry = car.finance_lenders[provider];
  return entry && Object.values(entry).some((value) => present(value) && value !== "") ? entry : null;
}

/**
 * Whether the site excludes the car's make or dealership from finance: such a car shows no finance of any kind, not
 * the lender's figures, a stored or live quote, an estimate or a calculator (ADR 0063).
 */
export function isExcludedFromFinance(car: Pick<Car, "make" | "dealership_slug" | "dealership_id">, finance: ExclusionRules): boolean {
  const make = car.make.trim().toLowerCase();
  return (
    finance.excludedManufacturers.some((excluded) => excluded.trim().toLowerCase() === make) ||
    finance.excludedDealerships.some((d) => d === car.dealership_slug || d === String(car.dealership_id))
  );
}

/** Whether the finance box shows for a car: the general conditions, then the provider's own. */
export function isFinanceDisplayable(car: FinanceCar, finance: FinanceRules, now: Date): boolean {
  const entry = financeEntryFor(car, finance.provider);
  if (!entry || !present(entry.interestRate) || !present(entry.comparisonRate)) return false;
  if (isExcludedFromFinance(car, finance)) return false;

  const inStock = isInStock(car.status);
  const priced = (car.price ?? 0) > FINANCE_MIN_PRICE;
  switch (finance.provider) {
    case "taurus":
      return car.year > now.getUTCFullYear() - TAURUS_MAX_AGE_YEARS && priced && inStock && present(entry.comparisonRate);
    case "finance360":
    case "ausloans":
      return inStock;
    case "manual":
    case "angle":
    case "powertorque":
      return priced && inStock && present(entry.paymentWeek);
    case "nissan":
      return priced && inStock && present(entry.paymentMonth);
    case "carclarity":
      // The spec lists no extra condition for this lender, only its own disclaimer.
      return true;
  }
}
