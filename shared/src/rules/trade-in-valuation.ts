import { isTradeInEstimateAvailable } from "./availability";
import { pluralOf } from "./words";

/** The shopper's car as the trade-in form describes it, and its Yes/No condition answers. */
export type TradeInCar = { make: string; model: string; year: number; kms: number };
export type ConditionAnswers = Partial<Record<string, "Yes" | "No">>;
/** A car of the dealer's own stock with the same make and model. */
export type ComparableCar = { price: number; year: number; km: number };

export type TradeInValuation =
  /** `noun`: the site's word for what the comparables are (a valuation stored before it existed reads "car"). */
  | { estimate: true; low: number; high: number; offer: number; comparables: number; noun?: string }
  | { estimate: false; reason: "age-or-kms" | "no-comparables"; message: string };

/** Why there is no online estimate, in the site's word for what it sells ("car", "motorcycle"). */
export const noEstimateAgeOrKms = (noun = "car") =>
  `${pluralOf(noun).replace(/^./, (first) => first.toUpperCase())} over 7 years old or over 100,000 km receive no online estimate: our team will value yours in person and call you.`;
export const noEstimateComparables = (noun = "car") => `We have no similar ${pluralOf(noun)} in stock to compare yours with: our team will value it and call you.`;

/**
 * Pricing assumptions of the online estimate (ADR 0021): retail price moves 8% per model year and
 * 5 cents per km; the dealer offers 80% of retail (reconditioning, margin); the range is ±5% and the
 * offer its low end. Condition answers take a share off: an accident 15%, mechanical issues 10%, no full
 * service history 5%. Finance owing changes the payout, not the car's value.
 */
export const VALUATION = {
  comparableYears: 2,
  perYear: 0.08,
  perKm: 0.05,
  tradeShare: 0.8,
  spread: 0.05,
  deductions: { accident: { answer: "Yes", share: 0.15 }, mechanical: { answer: "Yes", share: 0.1 }, serviceHistory: { answer: "No", share: 0.05 } },
} as const;

const round100 = (amount: number) => Math.max(0, Math.round(amount / 100) * 100);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The online trade-in estimate from comparable stock, or why there is none. */
export function valueTradeIn(car: TradeInCar, answers: ConditionAnswers, stock: ComparableCar[], now: Date, noun = "car"): TradeInValuation {
  if (!isTradeInEstimateAvailable({ year: car.year, km: car.kms }, now)) return { estimate: false, reason: "age-or-kms", message: noEstimateAgeOrKms(noun) };
  const comparables = stock.filter((other) => other.price > 0 && Math.abs(other.year - car.year) <= VALUATION.comparableYears);
  if (comparables.length === 0) return { estimate: false, reason: "no-comparables", message: noEstimateComparables(noun) };
  const retail = median(comparables.map((other) => other.price * (1 - VALUATION.perYear * (other.year - car.year)) - VALUATION.perKm * (car.kms - other.km)));
  const deducted = Object.entries(VALUATION.deductions).reduce((share, [question, rule]) => (answers[question] === rule.answer ? share - rule.share : share), 1);
  const value = retail * VALUATION.tradeShare * deducted;
  const low = round100(value * (1 - VALUATION.spread));
  return { estimate: true, low, high: round100(value * (1 + VALUATION.spread)), offer: low, comparables: comparables.length, noun };
}
