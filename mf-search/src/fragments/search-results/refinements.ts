import { decodeRange, formatMoney, formatNumber, WEEKLY_SUFFIX } from "@dealer/shared/rules";
import type { RouteState } from "@dealer/shared/rules";

/** A change of the address's state (the page pushes it and searches). */
export type Refine = (change: (state: RouteState) => RouteState) => void;

/** Adds or removes one value of a disjunctive facet. */
export const toggleValue = (attribute: string, value: string) => (state: RouteState): RouteState => {
  const values = state.refinementList[attribute] ?? [];
  const next = values.includes(value) ? values.filter((entry) => entry !== value) : [...values, value];
  const refinementList = { ...state.refinementList, [attribute]: next };
  if (next.length === 0) delete refinementList[attribute];
  // Models depend on the chosen makes: a model of a make no longer chosen goes with it.
  if (attribute === "make" && refinementList.make_model) {
    const models = refinementList.make_model.filter((model) => next.some((make) => model.startsWith(`${make} `)));
    if (models.length) refinementList.make_model = models;
    else delete refinementList.make_model;
  }
  return { ...state, refinementList };
};

export const setRange = (attribute: string, refinement: string | null) => (state: RouteState): RouteState => {
  const range = { ...state.range };
  if (refinement === null) delete range[attribute];
  else range[attribute] = refinement;
  return { ...state, range };
};

/** Sets or clears "suits my tow vehicle" (ADR 0079). */
export const setTowCapacity = (towCapacity: number | null) => (state: RouteState): RouteState => ({ ...state, towCapacity });

export const CERTIFIED_LABELS: Record<string, string> = { true: "Certified", false: "Not certified" };
export const CAR_TYPE_LABELS: Record<string, string> = { new: "New", used: "Used", demo: "Demo" };
/** How a range is named in the panel and on its chip. */
export const RANGE_LABELS: Record<string, string> = { price: "Price", km: "Kilometres", weekly_price_range: "Weekly repayment" };
/** How a range's values read in the panel and on its chip. */
export const RANGE_FORMATS: Record<string, (value: number) => string> = {
  price: formatMoney,
  weekly_price_range: (value) => `${formatMoney(value)}${WEEKLY_SUFFIX}`,
  km: (value) => `${formatNumber(value)} km`,
};

/** A range refinement as its chip reads it, with its units: "Price $10,000 to $30,000", "Weekly repayment from $200/wk". */
export function rangeChipText(attribute: string, refinement: string): string {
  const label = RANGE_LABELS[attribute] ?? attribute;
  const format = RANGE_FORMATS[attribute] ?? String;
  const [min, max] = decodeRange(refinement);
  if (min !== null && max !== null) return `${label} ${format(min)} to ${format(max)}`;
  if (min !== null) return `${label} from ${format(min)}`;
  return max !== null ? `${label} up to ${format(max)}` : label;
}
