import type { Car } from "../contract/car";
import type { CalculatorFigures, YouxQuoteRequest } from "../contract/finance";

export const FINANCE_FORM_ANCHOR = "#finance-form";

/** Every field optional: the /finance page links with only the amount the shopper is considering. */
type LinkCar = { [K in "id" | "price" | "car_type" | "vin" | "dealership_slug"]?: Car[K] | null };

/** calculatorFiguresSchema's keys, as a link's query names them (a plain list: the calculator's bundle has no zod). */
const FIGURE_KEYS = ["deposit", "balloon", "term_months", "interest_rate", "frequency", "repayment", "drive_away_state"] as const satisfies readonly (keyof CalculatorFigures)[];

/** Every parameter a finance link names: the enquiry form's own fields, never marketing parameters (issue 33). */
export const FINANCE_LINK_PARAMS = ["preferredDealership", "vehiclePriceBudget", "car_id", "car_type", "vin", ...FIGURE_KEYS] as const;
type FinanceLinkParam = (typeof FINANCE_LINK_PARAMS)[number];

/**
 * The finance routes a site's finance link may name (`finance.financePath`): each is the finance page with the
 * enquiry form at #finance-form (edge slot plans), so every finance button lands on the form.
 */
export const FINANCE_ROUTES = ["/finance", "/finance-enquiry", "/apply-for-finance"] as const;

/**
 * Finance link of a car: the site's finance path (/finance by default) with preferredDealership,
 * vehiclePriceBudget, car_id, car_type and vin, plus the #finance-form anchor. Missing values are left out.
 * The repayment calculator's links add its figures (deposit, balloon, term_months, interest_rate, frequency,
 * repayment), which the enquiry form sends with the lead.
 */
export function financeLink(financePath: string, car: LinkCar, figures: CalculatorFigures = {}): string {
  const params = new URLSearchParams();
  const add = (key: FinanceLinkParam, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  };
  add("preferredDealership", car.dealership_slug);
  add("vehiclePriceBudget", car.price && car.price > 0 ? car.price : null);
  add("car_id", car.id);
  add("car_type", car.car_type);
  add("vin", car.vin);
  for (const key of FIGURE_KEYS) add(key, figures[key]);
  const query = params.toString();
  return `${financePath}${query ? `?${query}` : ""}${FINANCE_FORM_ANCHOR}`;
}

export const YOUX_LOAN_TERM_YEARS = 5;

/** A YouX-style quote is requested once, when the price is a positive number and the car has no quote yet. */
export function shouldRequestYouxQuote(car: Pick<Car, "price" | "youxQuote">, features: { youxQuote: boolean }): boolean {
  return features.youxQuote && typeof car.price === "number" && Number.isFinite(car.price) && car.price > 0 && !car.youxQuote;
}

/** POST /api/youx/quote body for a car. */
export function youxQuoteRequest(car: Pick<Car, "price" | "year" | "vin" | "nvic">): YouxQuoteRequest {
  return {
    selfAssessedCreditScore: "GREAT",
    purchasePrice: car.price ?? 0,
    loanTerm: YOUX_LOAN_TERM_YEARS,
    year: car.year,
    vin: car.vin ?? null,
    nvic: car.nvic ?? null,
    whoIsHelping: "",
  };
}
