import type { SiteConfig } from "../config/site-config";

export type LandingFilters = { car_type?: readonly string[]; make?: string | null; model?: string | null; body?: string | null };

/** 'Land Rover' -> 'land-rover'. */
export function pathSegment(value: string): string {
  return value.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/**
 * Landing path from the current filters: /{base}/{make}/{model}, /{base}/{make}, /{base}/{body}, then by car type:
 * used -> used-cars, new + demo -> new-and-demo-cars, one type -> {type}-cars, otherwise new-used-and-demo-cars.
 */
export function searchLandingPath(filters: LandingFilters, search: Pick<SiteConfig["search"], "landingBase">): string {
  const base = search.landingBase;
  if (filters.make && filters.model) return `${base}/${pathSegment(filters.make)}/${pathSegment(filters.model)}`;
  if (filters.make) return `${base}/${pathSegment(filters.make)}`;
  if (filters.body) return `${base}/${pathSegment(filters.body)}`;
  const types = new Set(filters.car_type ?? []);
  if (types.size === 2 && types.has("new") && types.has("demo")) return `${base}/new-and-demo-cars`;
  if (types.size === 1) return `${base}/${[...types][0]}-cars`;
  return `${base}/new-used-and-demo-cars`;
}

/** Recent searches keep the last 5, newest first, without repeats. */
export const RECENT_SEARCHES_LIMIT = 5;
export function addRecentSearch(recent: readonly string[], search: string): string[] {
  const entry = search.trim();
  if (!entry) return [...recent];
  return [entry, ...recent.filter((existing) => existing !== entry)].slice(0, RECENT_SEARCHES_LIMIT);
}

const CAR_TYPE_LANDINGS: Record<string, readonly string[]> = {
  "new-used-and-demo-cars": [],
  "used-cars": ["used"],
  "new-and-demo-cars": ["new", "demo"],
  "new-cars": ["new"],
  "demo-cars": ["demo"],
};

/** What a landing path names, the inverse of searchLandingPath. One segment may be a make, a body or a dealership. */
export type LandingPathMeaning =
  | { kind: "car_type"; car_type: readonly string[] }
  | { kind: "make_model"; make: string; model: string }
  | { kind: "segment"; segment: string };

export function landingPathMeaning(first: string, second?: string): LandingPathMeaning {
  if (second) return { kind: "make_model", make: first, model: second };
  const carTypes = CAR_TYPE_LANDINGS[first];
  return carTypes ? { kind: "car_type", car_type: carTypes } : { kind: "segment", segment: first };
}
