import type { FacetStats } from "../contract/search";

export const RANGE_DEFAULT_MIN = 0;
export const RANGE_DEFAULT_MAX = 100_000;
export const RANGE_ROUNDING = 1000;
export const REFINE_BELOW_MIN = "Cannot refine below the range minimum";
export const REFINE_ABOVE_MAX = "Cannot refine above the range maximum";
/** Attributes whose slider values round to the nearest 1000. */
export const ROUNDED_RANGE_ATTRIBUTES = ["price", "km"] as const;

/** step: the distance between thumb positions; max is a whole number of steps above min, so a thumb can reach it. */
export type RangeBounds = { min: number; max: number; step: number };
export type RangeValue = [number, number];

const isRounded = (attribute?: string) => (ROUNDED_RANGE_ATTRIBUTES as readonly string[]).includes(attribute ?? "");

/** The round number (1, 2 or 5 times a power of ten) nearest to `raw` on a log scale. */
function roundStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).reduce((best, step) => (Math.abs(Math.log(step / raw)) < Math.abs(Math.log(best / raw)) ? step : best));
}

/**
 * 0 to 100000 by default; the facet max is used when positive. The step is a round number near 1% of the range (at
 * least 1000 for price and km), so round amounts a shopper types or links ($200/wk, $20,000) are thumb positions;
 * the top is the facet max raised to the next step: a native range input only stops on min + n * step, so a top
 * between two steps could never be reached and the dearest cars would always be filtered out.
 */
export function rangeBounds(stats?: Pick<FacetStats, "max"> | null, attribute?: string): RangeBounds {
  const top = stats && stats.max > 0 ? stats.max : RANGE_DEFAULT_MAX;
  const span = top - RANGE_DEFAULT_MIN;
  const step = Math.max(isRounded(attribute) ? RANGE_ROUNDING : 1, roundStep(span / 100));
  return { min: RANGE_DEFAULT_MIN, max: RANGE_DEFAULT_MIN + Math.ceil(span / step) * step, step };
}

export const roundToThousand = (value: number) => Math.round(value / RANGE_ROUNDING) * RANGE_ROUNDING;

/**
 * Held to the bounds, thumbs never crossing; price and km rounded to the nearest 1000 first, then every value put on
 * the step grid, so where a thumb is drawn and the value beside it always agree.
 */
export function clampRange(value: RangeValue, bounds: RangeBounds, attribute?: string): RangeValue {
  const hold = (v: number, fallback: number) => {
    const n = Number.isFinite(v) ? (isRounded(attribute) ? roundToThousand(v) : v) : fallback;
    const onGrid = bounds.min + Math.round((n - bounds.min) / bounds.step) * bounds.step;
    return Math.min(bounds.max, Math.max(bounds.min, onGrid));
  };
  const low = hold(value[0], bounds.min);
  const high = hold(value[1], bounds.max);
  return low <= high ? [low, high] : [high, high];
}

/** The refinement for a held value: a thumb at either end is no bound on that side, and both at the ends none at all. */
export function rangeRefinement(value: RangeValue, bounds: RangeBounds): string | null {
  const low = value[0] > bounds.min ? value[0] : null;
  const high = value[1] < bounds.max ? value[1] : null;
  return low === null && high === null ? null : encodeRange(low, high);
}

/** A refinement is stored as 'min:max'; either side may be empty. */
export function encodeRange(min: number | null, max: number | null): string {
  return `${min ?? ""}:${max ?? ""}`;
}

export function decodeRange(refinement: string | null | undefined): [number | null, number | null] {
  const [rawMin = "", rawMax = ""] = (refinement ?? "").split(":");
  const read = (raw: string) => (raw.trim() === "" || !Number.isFinite(Number(raw)) ? null : Number(raw));
  return [read(rawMin), read(rawMax)];
}

export type RefineResult = { ok: true; refinement: string } | { ok: false; error: typeof REFINE_BELOW_MIN | typeof REFINE_ABOVE_MAX };

/** A slider change outside the range is refused with the spec's message (logged, change ignored). */
export function refineRange(value: RangeValue, bounds: RangeBounds): RefineResult {
  if (value[0] < bounds.min) return { ok: false, error: REFINE_BELOW_MIN };
  if (value[1] > bounds.max) return { ok: false, error: REFINE_ABOVE_MAX };
  return { ok: true, refinement: encodeRange(value[0], value[1]) };
}
