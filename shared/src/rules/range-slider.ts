import type { FacetStats } from "../contract/search";

export const RANGE_DEFAULT_MIN = 0;
export const RANGE_DEFAULT_MAX = 100_000;
export const RANGE_ROUNDING = 1000;
export const REFINE_BELOW_MIN = "Cannot refine below the range minimum";
export const REFINE_ABOVE_MAX = "Cannot refine above the range maximum";
/** Attributes whose slider values round to the nearest 1000. */
export const ROUNDED_RANGE_ATTRIBUTES = ["price", "km"] as const;

export type RangeBounds = { min: number; max: number };
export type RangeValue = [number, number];

/** 0 to 100000 by default; the facet max is used when positive. */
export function rangeBounds(stats?: Pick<FacetStats, "max"> | null): RangeBounds {
  return { min: RANGE_DEFAULT_MIN, max: stats && stats.max > 0 ? stats.max : RANGE_DEFAULT_MAX };
}

/** About 1% of the range, at least 1. */
export function rangeStep(bounds: RangeBounds): number {
  return Math.max(1, Math.round((bounds.max - bounds.min) / 100));
}

export const roundToThousand = (value: number) => Math.round(value / RANGE_ROUNDING) * RANGE_ROUNDING;

/** Held to the bounds, thumbs never crossing; price and km rounded to the nearest 1000 first. */
export function clampRange(value: RangeValue, bounds: RangeBounds, attribute?: string): RangeValue {
  const rounded = (ROUNDED_RANGE_ATTRIBUTES as readonly string[]).includes(attribute ?? "");
  const hold = (v: number, fallback: number) => {
    const n = Number.isFinite(v) ? (rounded ? roundToThousand(v) : v) : fallback;
    return Math.min(bounds.max, Math.max(bounds.min, n));
  };
  const low = hold(value[0], bounds.min);
  const high = hold(value[1], bounds.max);
  return low <= high ? [low, high] : [high, high];
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
