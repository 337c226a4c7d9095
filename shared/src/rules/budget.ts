import type { SiteConfig } from "../config/site-config";
import { formatMoney } from "./money";
import { vehicleNoun } from "./words";

export type BudgetPeriod = "weekly" | "monthly";
export const BUDGET_TERM_YEARS = 5;
export const BUDGET_INPUT_MAX = 1_000_000;
export const BUDGET_FALLBACK_MAX_PRICE = 100_000;
/** The budget finder only considers stock priced over this. */
export const BUDGET_MIN_STOCK_PRICE = 1000;
export const BUDGET_HEADING = "Find cars for your budget";
export const BUDGET_BODY_HEADING = "Select your preferred car types";

/** Budget = repayment x (12 monthly, else 52) x 5 years + deposit, rounded; held to 0 to 1,000,000 like its inputs. */
export function budgetFromRepayment(repayment: number, period: BudgetPeriod, deposit: number): number {
  const perYear = period === "monthly" ? 12 : 52;
  return Math.min(BUDGET_INPUT_MAX, Math.max(0, Math.round(repayment * perYear * BUDGET_TERM_YEARS + deposit)));
}

/** The budget's basis, under it: what it adds up. */
export function budgetBasisText(repayment: number, period: BudgetPeriod, deposit: number): string {
  return `${BUDGET_TERM_YEARS} years of ${period} repayments of ${formatMoney(repayment)} plus a ${formatMoney(deposit)} deposit or trade-in.`;
}

/** The spec's bottom disclaimer: a 5-year term, no interest, fees or balloon amounts. */
export const BUDGET_DISCLAIMER = `A guide only, not a quote or offer of finance. The budget assumes a ${BUDGET_TERM_YEARS}-year term and includes no interest, fees or balloon amounts, so the price you can finance will be lower. Finance is subject to the lender's credit assessment and approval.`;

/** The site's word for what it sells where it sells cars. */
export const CAR_NOUN = vehicleNoun("car-dealer");

/**
 * The button's {carType}: one chosen body type on a car site ('SUV': car bodies are nouns), elsewhere the body with
 * the site's noun ('Naked Motorcycle'), else the noun.
 */
export function budgetCarType(chosen: string[], noun: string): string {
  const [body] = chosen;
  if (chosen.length !== 1 || !body) return noun;
  return noun === CAR_NOUN ? body : `${body} ${noun}`;
}

/** Repayment and deposit inputs: '$1,200' reads 1200, an invalid number becomes 0, then 0 to 1,000,000. */
export function parseBudgetInput(raw: string | number): number {
  const value = typeof raw === "number" ? raw : Number(raw.replace(/[$,\s]/g, ""));
  if (!Number.isFinite(value)) return 0;
  return Math.min(BUDGET_INPUT_MAX, Math.max(0, value));
}

export function defaultRepayment(period: BudgetPeriod, budget: SiteConfig["budget"]): number {
  return period === "monthly" ? budget.defaultRepaymentMonthly : budget.defaultRepaymentWeekly;
}

/** Start state: the dealer's period (weekly by default), its repayment (200 weekly, 600 monthly), deposit 2000. */
export function budgetDefaults(budget: SiteConfig["budget"]): { period: BudgetPeriod; repayment: number; deposit: number } {
  return { period: budget.defaultPeriod, repayment: defaultRepayment(budget.defaultPeriod, budget), deposit: budget.defaultDeposit };
}

export type BudgetButton = { disabled: boolean; label: string };

/** Disabled with the dealer's wording when the budget is below the lowest price in the results. */
export function budgetButton(
  budget: number,
  lowestPrice: number | null,
  carType: string,
  wording: SiteConfig["labels"]["budgetEmptyWording"],
): BudgetButton {
  if (lowestPrice !== null && budget < lowestPrice) {
    return { disabled: true, label: wording === "zeroFound" ? `0 ${carType}s Found` : `No ${carType}s found for this budget` };
  }
  return { disabled: false, label: `View ${carType}s In This Range` };
}

/** Search URL with range[price]=:{budget} (its brackets percent-encoded, as a URL in HTML must have them), capped to the highest price (100,000 when none is known). */
export function budgetSearchUrl(budget: number, maxPrice: number | null, searchPath = "/search"): string {
  const cap = maxPrice !== null && maxPrice > 0 ? maxPrice : BUDGET_FALLBACK_MAX_PRICE;
  return `${searchPath}?range%5Bprice%5D=:${Math.min(budget, cap)}`;
}

/** Body-type tiles: 4 (20 with custom bodies), by count descending then name descending. */
export function budgetBodyTypes(facet: Record<string, number>, customBodies: boolean): string[] {
  return Object.entries(facet)
    .sort(([nameA, countA], [nameB, countB]) => countB - countA || nameB.localeCompare(nameA))
    .slice(0, customBodies ? 20 : 4)
    .map(([name]) => name);
}
