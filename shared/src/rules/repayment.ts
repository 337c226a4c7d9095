import type { FinanceCalculatorInputs, FinanceLenderRecord, RepaymentFrequency } from "../contract/finance";
import type { SiteConfig } from "../config/site-config";
import { formatMoney } from "./money";

export const PAYMENTS_PER_YEAR: Record<RepaymentFrequency, number> = { weekly: 52, fortnightly: 26, monthly: 12 };
export const ENQUIRE_FOR_FINANCE = "Enquire for Finance";
/** A computed repayment of 25 or less is not shown. */
export const MIN_SHOWN_REPAYMENT = 25;
/** The lender's preset payment is used when every input matches its preset within this. */
export const PRESET_TOLERANCE = 0.1;
export const DEFAULT_CALCULATOR_PRICE = 30000;
export const DEFAULT_CALCULATOR_TERM_YEARS = 5;

export type CalculatorBounds = SiteConfig["finance"]["calculator"];

/**
 * Standard amortisation with a balloon (residual) paid on top of the last instalment.
 *   n = payments per year, r = annualRate% / 100 / n, N = years * n, P = amount financed, B = balloon
 *   payment = r * (P * (1 + r)^N - B) / ((1 + r)^N - 1)      (r > 0)
 *   payment = (P - B) / N                                     (r = 0)
 * Never negative: a balloon at or above the amount financed means nothing is owed per period.
 */
export function amortisedPayment(principal: number, annualRatePercent: number, years: number, perYear: number, balloon = 0): number {
  const periods = Math.round(years * perYear);
  if (periods <= 0 || principal <= 0) return 0;
  const r = annualRatePercent / 100 / perYear;
  // expm1/log1p keep (1 + r)^N - 1 accurate when r is tiny; a rate too small to register is treated as 0.
  const growthLessOne = Math.expm1(periods * Math.log1p(r));
  if (r <= 0 || growthLessOne <= 0) return Math.max(0, (principal - balloon) / periods);
  return Math.max(0, (r * (principal * (growthLessOne + 1) - balloon)) / growthLessOne);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const toStep = (value: number, step: number) => Math.round(value / step) * step;

/** 'Cannot be less than {min} or more than {max}' for the purchase price. */
export function priceHelpText(bounds: Pick<CalculatorBounds, "priceMin" | "priceMax">): string {
  return `Cannot be less than ${formatMoney(bounds.priceMin)} or more than ${formatMoney(bounds.priceMax)}`;
}

export function isPriceWithinBounds(amount: number, bounds: Pick<CalculatorBounds, "priceMin" | "priceMax">): boolean {
  return amount >= bounds.priceMin && amount <= bounds.priceMax;
}

/** A start value held to the lender's bounds (a finance link's budget): the rate is clamped, never moved to a step. */
export function clampCalculatorInputs(inputs: FinanceCalculatorInputs, bounds: CalculatorBounds): FinanceCalculatorInputs {
  return {
    ...inputs,
    amount: Math.min(bounds.priceMax, Math.max(0, inputs.amount)),
    term: clamp(toStep(inputs.term, bounds.termStepYears), bounds.termMinYears, bounds.termMaxYears),
    interest: clamp(inputs.interest, bounds.rateMin, bounds.rateMax),
    tradeIn: clamp(inputs.tradeIn, 0, bounds.depositMax),
    residual: clamp(inputs.residual, 0, bounds.residualMax),
  };
}

/** The figures as the shopper sees them: values of 0 or below become 0, nothing else moves (an error explains a bound). */
export function shownCalculatorInputs(inputs: FinanceCalculatorInputs): FinanceCalculatorInputs {
  const floor = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);
  return { ...inputs, amount: floor(inputs.amount), interest: floor(inputs.interest), tradeIn: floor(inputs.tradeIn), residual: floor(inputs.residual) };
}

/** The balloon is paid at the end of the loan, so it cannot be more than what is borrowed. */
export function balloonHelpText(amountFinanced: number): string {
  return `Cannot be more than the amount financed (${formatMoney(amountFinanced)})`;
}

/** The rate outside the lender's range: the spec's help text, shown as an error. */
export function rateHelpText(bounds: Pick<CalculatorBounds, "rateMin" | "rateMax">): string {
  return `Cannot be less than ${bounds.rateMin}% or more than ${bounds.rateMax}%`;
}

export type RepaymentResult =
  | { kind: "repayment"; repayment: number; total: number; amountFinanced: number; fromPreset: boolean }
  | { kind: "enquire"; text: typeof ENQUIRE_FOR_FINANCE; total: null }
  /** Inputs no loan can have (a balloon above the amount financed): no figure, and the reason. */
  | { kind: "refused"; reason: string; total: null };

/** What the calculator needs of a lender's figures: its terms and its published payments. */
export type LenderPreset = Pick<FinanceLenderRecord, "deposit" | "termYears" | "termMonths" | "interestRate" | "balloon" | "paymentWeek" | "paymentMonth">;

/** Preset payment of the lender when price, deposit, term, interest and balloon all match within 0.1. */
export function presetPayment(inputs: FinanceCalculatorInputs, carPrice: number, preset: LenderPreset | null | undefined): number | null {
  if (!preset) return null;
  // Missing terms read as the calculator's defaults (no deposit or balloon, 5 years), as its start does.
  const presetTerm = preset.termYears ?? (preset.termMonths != null ? preset.termMonths / 12 : DEFAULT_CALCULATOR_TERM_YEARS);
  const pairs: [number, number | null | undefined][] = [
    [inputs.amount, carPrice],
    [inputs.tradeIn, preset.deposit ?? 0],
    [inputs.term, presetTerm],
    [inputs.interest, preset.interestRate],
    [inputs.residual, preset.balloon ?? 0],
  ];
  if (!pairs.every(([value, expected]) => expected != null && Math.abs(value - expected) <= PRESET_TOLERANCE)) return null;
  const payment = inputs.frequency === "weekly" ? preset.paymentWeek : inputs.frequency === "monthly" ? preset.paymentMonth : null;
  return payment ?? null;
}

/**
 * The calculator's answer for the figures as shown (no silent clamping: what the boxes say is what is used): a
 * repayment per period and total, 'Enquire for Finance' with a blank total, or a refusal with its reason.
 */
export function calculateRepayment(
  inputs: FinanceCalculatorInputs,
  finance: Pick<SiteConfig["finance"], "establishmentFee">,
  preset?: { carPrice: number; lender: LenderPreset | null | undefined },
): RepaymentResult {
  const shown = shownCalculatorInputs(inputs);
  const perYear = PAYMENTS_PER_YEAR[shown.frequency];
  const amountFinanced = Math.max(0, shown.amount - shown.tradeIn) + finance.establishmentFee;
  if (shown.residual > amountFinanced) return { kind: "refused", reason: balloonHelpText(amountFinanced), total: null };
  const fromPreset = preset ? presetPayment(shown, preset.carPrice, preset.lender) : null;
  const repayment = fromPreset ?? amortisedPayment(amountFinanced, shown.interest, shown.term, perYear, shown.residual);
  // The 25-or-less rule is for computed repayments; a lender's published payment is the car's own figure (ADR 0063).
  if (fromPreset === null && repayment <= MIN_SHOWN_REPAYMENT) return { kind: "enquire", text: ENQUIRE_FOR_FINANCE, total: null };
  const total = repayment * Math.round(shown.term * perYear) + shown.residual;
  return { kind: "repayment", repayment, total, amountFinanced, fromPreset: fromPreset !== null };
}

/** A figure over a box's maximum: 'Cannot be more than $250,000'. */
export const maxHelpText = (max: number) => `Cannot be more than ${formatMoney(max)}`;

/** A typed rate off the calculator's grid (other than the one the page filled in). */
export const rateStepText = (bounds: Pick<CalculatorBounds, "rateStep">) => `Choose a rate in ${bounds.rateStep}% steps`;

/**
 * The lender's bounds widened to take a car's own figures (its price, the lender's deposit, balloon, term and rate),
 * so the calculator never refuses the figure it starts on (ADR 0063).
 */
export function boundsWithStart(bounds: CalculatorBounds, start: FinanceCalculatorInputs): CalculatorBounds {
  return {
    ...bounds,
    priceMin: Math.min(bounds.priceMin, start.amount),
    priceMax: Math.max(bounds.priceMax, start.amount),
    termMinYears: Math.min(bounds.termMinYears, start.term),
    termMaxYears: Math.max(bounds.termMaxYears, start.term),
    rateMin: Math.min(bounds.rateMin, start.interest),
    rateMax: Math.max(bounds.rateMax, start.interest),
    depositMax: Math.max(bounds.depositMax, start.tradeIn),
    residualMax: Math.max(bounds.residualMax, start.residual),
  };
}

export type CalculatorField = "amount" | "tradeIn" | "residual" | "interest";
export type CalculatorErrors = Partial<Record<CalculatorField, string>>;

/** On the rate grid: a whole number of steps (a widened minimum does not move the grid). */
const onGrid = (value: number, step: number) => {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
};

/**
 * The calculator's answer to what its boxes show: the errors by field (the spec's help texts), and a figure only when
 * there are none (a refused input never produces one). `startRate` is the rate the page filled in, accepted off the
 * grid (a lender's 10.14%); any other typed rate must be on it.
 */
export function calculatorAnswer(
  inputs: FinanceCalculatorInputs,
  finance: Pick<SiteConfig["finance"], "establishmentFee">,
  bounds: CalculatorBounds,
  startRate: number,
  preset?: { carPrice: number; lender: LenderPreset | null | undefined },
): { errors: CalculatorErrors; result: RepaymentResult } {
  const shown = shownCalculatorInputs(inputs);
  const errors: CalculatorErrors = {};
  if (!isPriceWithinBounds(shown.amount, bounds)) errors.amount = priceHelpText(bounds);
  if (shown.tradeIn > bounds.depositMax) errors.tradeIn = maxHelpText(bounds.depositMax);
  if (shown.residual > bounds.residualMax) errors.residual = maxHelpText(bounds.residualMax);
  if (shown.interest < bounds.rateMin || shown.interest > bounds.rateMax) errors.interest = rateHelpText(bounds);
  else if (shown.interest !== startRate && !onGrid(shown.interest, bounds.rateStep)) errors.interest = rateStepText(bounds);
  const first = Object.values(errors)[0];
  if (first) return { errors, result: { kind: "refused", reason: first, total: null } };
  const result = calculateRepayment(inputs, finance, preset);
  return { errors: result.kind === "refused" ? { residual: result.reason } : errors, result };
}

/** Calculator start values: the car's price (30000 when it has none), 5 years, no residual, the site's rate. */
export function defaultCalculatorInputs(carPrice: number | null | undefined, finance: Pick<SiteConfig["finance"], "defaultInterestRate">): FinanceCalculatorInputs {
  return {
    amount: carPrice && carPrice > 0 ? carPrice : DEFAULT_CALCULATOR_PRICE,
    term: DEFAULT_CALCULATOR_TERM_YEARS,
    interest: finance.defaultInterestRate,
    tradeIn: 0,
    residual: 0,
    total: null,
    frequency: "monthly",
  };
}
