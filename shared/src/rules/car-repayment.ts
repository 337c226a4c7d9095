import type { Car } from "../contract/car";
import type { FinanceCalculatorInputs } from "../contract/finance";
import type { SiteConfig } from "../config/site-config";
import { isInStock } from "./availability";
import { FINANCE_MIN_PRICE, financeEntryFor, isExcludedFromFinance, isFinanceDisplayable } from "./finance-eligibility";
import { shouldRequestYouxQuote, YOUX_LOAN_TERM_YEARS } from "./finance-link";
import { WEEKS_PER_MONTH } from "./finance-estimate";
import { formatMoney, formatMoneyCents, formatRate } from "./money";
import { listedPrice, subscriptionOffer, WEEKLY_SUFFIX } from "./price-display";
import { calculateRepayment, DEFAULT_CALCULATOR_TERM_YEARS, type LenderPreset } from "./repayment";

/**
 * The one repayment a car advertises (ADR 0038): the card, the finance box, the sticky header, /compare, the
 * estimate panel and the calculator's start all show this figure, always with its rate and comparison rate.
 */
export type CarRepayment = {
  amount: number;
  /** Weekly, or monthly for the lender that publishes monthly payments (Nissan-type). */
  frequency: "weekly" | "monthly";
  interestRate: number;
  comparisonRate: number;
  /** The lender's figures for the site's provider, or a stored YouX-style quote. */
  source: "lender" | "quote";
  /** What the figure assumes, as the calculator starts: the car's own price (amount), deposit (tradeIn), balloon (residual), term. */
  start: FinanceCalculatorInputs;
  /** The terms the calculator starts from and the payment it keeps while its inputs match them (its preset). */
  terms: LenderPreset;
};

export type RepaymentCar = Pick<
  Car,
  | "finance_lenders" | "make" | "dealership_slug" | "dealership_id" | "year" | "status" | "price" | "offer_price" | "before_price"
  | "preorder" | "youxQuote" | "subscription_price"
>;
export type RepaymentConfig = {
  finance: Pick<SiteConfig["finance"], "provider" | "excludedManufacturers" | "excludedDealerships" | "establishmentFee" | "defaultInterestRate">;
  features: Pick<SiteConfig["features"], "youxQuote" | "subscriptions">;
  labels: Pick<SiteConfig["labels"], "noPriceText">;
};

/** Just the parts of a site's config a car's advertised repayment (and its card's weekly figure) depends on. */
function repaymentConfigOf({ finance, features, labels }: RepaymentConfig): RepaymentConfig {
  const { provider, excludedManufacturers, excludedDealerships, establishmentFee, defaultInterestRate } = finance;
  return {
    finance: { provider, excludedManufacturers, excludedDealerships, establishmentFee, defaultInterestRate },
    features: { youxQuote: features.youxQuote, subscriptions: features.subscriptions },
    labels: { noPriceText: labels.noPriceText },
  };
}

/**
 * Whether two configs of a site can give one car different repayments: then the weekly figure its search records
 * hold is stale, and the site's indexes reload it (ADR 0055).
 */
export function repaymentsDiffer(before: RepaymentConfig, after: RepaymentConfig): boolean {
  return JSON.stringify(repaymentConfigOf(before)) !== JSON.stringify(repaymentConfigOf(after));
}

type LenderTerms = Pick<LenderPreset, "deposit" | "balloon" | "termYears" | "termMonths" | "interestRate">;

/** The frequency a provider publishes its payment in: monthly for the Nissan-type lender, else weekly. */
export function lenderFrequency(provider: SiteConfig["finance"]["provider"]): "weekly" | "monthly" {
  return provider === "nissan" ? "monthly" : "weekly";
}

/**
 * The calculator's start on a car: the car's own price and the lender's own terms and rate, unrounded (so the
 * lender's preset payment applies), in the lender's frequency. Without lender terms: no deposit, no balloon,
 * 5 years, the site's rate.
 */
export function carCalculatorStart(
  price: number,
  lender: LenderTerms | null,
  finance: Pick<SiteConfig["finance"], "provider" | "defaultInterestRate">,
): FinanceCalculatorInputs & { frequency: CarRepayment["frequency"] } {
  const term = lender?.termYears ?? (lender?.termMonths ? lender.termMonths / 12 : null);
  return {
    amount: price,
    tradeIn: lender?.deposit ?? 0,
    residual: lender?.balloon ?? 0,
    term: term ?? DEFAULT_CALCULATOR_TERM_YEARS,
    interest: lender?.interestRate ?? finance.defaultInterestRate,
    total: null,
    frequency: lenderFrequency(finance.provider),
  };
}

/** The car's price for finance: its listed (or offer) price, never a subscription; null when it shows none. */
export function financePrice(car: Pick<Car, "price" | "offer_price" | "before_price" | "preorder">, config: Pick<RepaymentConfig, "labels">): number | null {
  const shown = listedPrice(car, config);
  return shown.kind === "price" ? shown.amount : null;
}

/**
 * The one finance decision for a car (ADR 0063), which every surface reads: whether it shows finance at all, and its
 * one figure. A car shows none (no figure, quote, estimate or calculator) when it is not in stock, has no price over
 * $500, its make or dealership is excluded, or it has neither a figure nor a quote the site would ask for. Else:
 * 1. where the site's finance display rules allow it (finance-eligibility.ts), the lender's figure: its published
 *    payment (the calculator's start matches its terms), else the repayment the calculator computes from them;
 * 2. else a stored YouX-style quote on a site that uses them (weekly, over its 5 years);
 * 3. else, on a site that uses quotes, a live quote to ask for (`quoteRequest`): until it answers, no figure.
 */
export type CarFinance =
  | { offered: false }
  | { offered: true; price: number; repayment: CarRepayment; quoteRequest: false }
  | { offered: true; price: number; repayment: null; quoteRequest: true };

export function carFinance(car: RepaymentCar, config: RepaymentConfig, now: Date): CarFinance {
  const price = financePrice(car, config);
  if (price === null || price <= FINANCE_MIN_PRICE || !isInStock(car.status) || isExcludedFromFinance(car, config.finance)) return { offered: false };
  const repayment = lenderRepayment(car, price, config, now) ?? storedQuoteRepayment(car, price, config);
  if (repayment) return { offered: true, price, repayment, quoteRequest: false };
  return shouldRequestYouxQuote({ price, youxQuote: car.youxQuote }, config.features) ? { offered: true, price, repayment: null, quoteRequest: true } : { offered: false };
}

/** The car's advertised repayment (carFinance's figure), or null when it shows none. */
export function carRepayment(car: RepaymentCar, config: RepaymentConfig, now: Date): CarRepayment | null {
  const decision = carFinance(car, config, now);
  return decision.offered ? decision.repayment : null;
}

function lenderRepayment(car: RepaymentCar, price: number, config: RepaymentConfig, now: Date): CarRepayment | null {
  const entry = financeEntryFor(car, config.finance.provider);
  if (!entry || !isFinanceDisplayable(car, config.finance, now) || entry.interestRate == null || entry.comparisonRate == null) return null;
  const { deposit, balloon, termYears, termMonths, paymentWeek, paymentMonth, interestRate, comparisonRate } = entry;
  return fromTerms(price, { deposit, balloon, termYears, termMonths, paymentWeek, paymentMonth, interestRate, comparisonRate }, "lender", config.finance);
}

function storedQuoteRepayment(car: RepaymentCar, price: number, config: RepaymentConfig): CarRepayment | null {
  const quote = config.features.youxQuote ? car.youxQuote : null;
  if (!quote) return null;
  // A quote is a 5-year loan of the price with no deposit or balloon at its rate: the calculator starts there.
  const terms = { deposit: 0, balloon: 0, termYears: YOUX_LOAN_TERM_YEARS, interestRate: quote.advertisedRate, comparisonRate: quote.comparisonRate, paymentWeek: quote.weeklyRepaymentAmount };
  return fromTerms(price, terms, "quote", config.finance);
}

function fromTerms(
  price: number,
  terms: LenderPreset & { interestRate: number; comparisonRate: number },
  source: CarRepayment["source"],
  finance: RepaymentConfig["finance"],
): CarRepayment | null {
  // A quote is weekly whatever the site's lender publishes.
  const start = carCalculatorStart(price, terms, { ...finance, provider: source === "quote" ? "manual" : finance.provider });
  const result = calculateRepayment(start, finance, { carPrice: price, lender: terms });
  if (result.kind !== "repayment") return null;
  const { interestRate, comparisonRate } = terms;
  return { amount: result.repayment, frequency: start.frequency, interestRate, comparisonRate, source, start, terms };
}

/**
 * The repayment as a weekly amount to the cent, what the search's weekly repayment filter compares
 * (`weekly_price_range`, ADR 0048): the weekly figure itself, or a monthly one over 4.33 weeks.
 */
export function weeklyRepaymentAmount(repayment: Pick<CarRepayment, "amount" | "frequency"> | null): number | null {
  if (!repayment) return null;
  const weekly = repayment.frequency === "weekly" ? repayment.amount : repayment.amount / WEEKS_PER_MONTH;
  return Math.round(weekly * 100) / 100;
}

/**
 * The weekly amount a card headlines, what the weekly repayment filter compares (`weekly_price_range`, ADR 0063):
 * its weekly subscription when the card shows one as its price, else its repayment as a weekly amount; a sold car none.
 */
export function cardWeeklyAmount(car: RepaymentCar, config: RepaymentConfig, now: Date): number | null {
  if (!isInStock(car.status)) return null;
  return subscriptionOffer(car, config) ?? weeklyRepaymentAmount(carRepayment(car, config, now));
}

const PER = { weekly: WEEKLY_SUFFIX, monthly: "/mth" } as const;

/** The figure as every place writes it, to the cent: '$263.65/wk' (or '/mth'). */
export function repaymentText(repayment: Pick<CarRepayment, "amount" | "frequency">): string {
  return `${formatMoneyCents(repayment.amount)}${PER[repayment.frequency]}`;
}

/** The rates written beside every figure, the comparison rate as large as the rate: '9.99% p.a. (comparison rate 10.54% p.a.)'. */
export function repaymentRatesText(repayment: Pick<CarRepayment, "interestRate" | "comparisonRate">): string {
  return `${formatRate(repayment.interestRate)} p.a. (comparison rate ${formatRate(repayment.comparisonRate)} p.a.)`;
}

/** What a figure assumes: the price, term, rate, deposit and final payment it was computed from. */
export type RepaymentBasis = { price: number; termYears: number; interestRate: number; deposit: number; balloon: number };

export const repaymentBasis = ({ start }: Pick<CarRepayment, "start">): RepaymentBasis => ({
  price: start.amount,
  termYears: start.term,
  interestRate: start.interest,
  deposit: start.tradeIn,
  balloon: start.residual,
});

const termPhrase = (termYears: number) => `over ${termYears} ${termYears === 1 ? "year" : "years"}`;
const depositPhrase = (deposit: number, balloon: number) => `with a ${formatMoney(deposit)} deposit and a ${formatMoney(balloon)} final payment`;

/** The basis written under a figure, its rate the one it was computed at: 'Based on $30,000 over 5 years at 9.50% p.a. with ...'. */
export function repaymentBasisText({ price, termYears, interestRate, deposit, balloon }: RepaymentBasis): string {
  return `Based on ${formatMoney(price)} ${termPhrase(termYears)} at ${formatRate(interestRate)} p.a. ${depositPhrase(deposit, balloon)}.`;
}

/**
 * The same basis where the price and rate already stand beside the figure (a card, the sticky header), so it fits one
 * short line: 'Over 5 years with a $3,000 deposit and a $0 final payment.' (ADR 0065).
 */
export function repaymentTermsText({ termYears, deposit, balloon }: Pick<RepaymentBasis, "termYears" | "deposit" | "balloon">): string {
  const text = `${termPhrase(termYears)} ${depositPhrase(deposit, balloon)}.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Beside every list of cars' figures (/compare): what they are and are not. */
export const REPAYMENT_DISCLAIMER =
  "Each repayment is the car's advertised figure at the rate beside it, on the terms under it. A guide only, not a quote or offer of finance: other fees and charges may apply, and finance is subject to the lender's credit assessment and approval.";

/**
 * The figure, its rates and its terms as text, for places that render them without formatting code of their own; a
 * place that shows `text` shows `terms` and a reference to the page's disclaimer with it (ADR 0065).
 */
export type RepaymentLabels = { text: string; rates: string; terms: string };

export function repaymentLabels(repayment: CarRepayment | null): RepaymentLabels | null {
  return repayment ? { text: repaymentText(repayment), rates: repaymentRatesText(repayment), terms: repaymentTermsText(repaymentBasis(repayment)) } : null;
}

/**
 * The dealer's finance copy for a dealership (or the site): the dealership's advertised offer and fee list, then the
 * site's comparison-rate range, one sentence each; shown with the calculator's disclaimer.
 */
export function financeNotes(finance: Pick<SiteConfig["finance"], "comparisonRateRange" | "dealershipCopy">, dealershipSlug: string | null | undefined): string[] {
  const copy = dealershipSlug ? finance.dealershipCopy[dealershipSlug] : undefined;
  const notes: string[] = [];
  if (copy?.offer) {
    const { rate, comparisonRate, termYears, deposit } = copy.offer;
    const depositText = deposit > 0 ? `a ${formatMoney(deposit)} deposit` : "no deposit";
    notes.push(`Finance from ${formatRate(rate)} p.a. (comparison rate ${formatRate(comparisonRate)} p.a.) over ${termYears} years with ${depositText}.`);
  }
  if (copy?.fees.length) {
    const fees = copy.fees.map((fee) => `${fee.label} ${formatMoneyCents(fee.amount).replace(/\.00$/, "")}${fee.monthly ? " monthly" : ""}`);
    notes.push(`Fees and charges: ${fees.join(", ")}.`);
  }
  const range = finance.comparisonRateRange;
  if (range) notes.push(`Comparison rates from ${formatRate(range.from)} p.a. to ${formatRate(range.to)} p.a.`);
  return notes;
}
