import type { SiteConfig } from "../config/site-config";

export type LandingFilters = { car_type?: readonly string[]; make?: string | null; model?: string | null; body?: string | null };

/** 'Land Rover' -> 'land-rover'. */
export function pathSegment(value: string): string {
  return value.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/**
 * The one address of a stock page (issue 33): a site whose landing base is not /search (the caravan site's /used-car)
 * answers its stock under /search too; those pages name the same page under its base. Other paths are unchanged.
 */
export function canonicalStockPath(path: string, search: Pick<SiteConfig["search"], "landingBase">): string {
  const found = /^\/search(\/.*)?$/.exec(path);
  return found && search.landingBase !== "/search" ? `${search.landingBase}${found[1] ?? ""}` : path;
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
  // Own keys only: '/search/constructor' names no car type (an inherited member is not a list of types).
  const carTypes = Object.hasOwn(CAR_TYPE_LANDINGS, first) ? CAR_TYPE_LANDINGS[first] : undefined;
  return carTypes ? { kind: "car_type", car_type: carTypes } : { kind: "segment", segment: first };
}

/** The values a landing path's segments can name, as the stock spells them. */
export type LandingVocabulary = {
  makes: readonly string[];
  /** 'Make Model', as the make_model facet holds them. */
  makeModels: readonly string[];
  bodies: readonly string[];
  dealerships: readonly string[];
};

/** Refinements a landing path stands for (changeable by the shopper), or a dealership whose stock it shows. */
export type ResolvedLanding = { refinements: Record<string, string[]>; dealership: string | null };

const bySegment = (values: readonly string[], segment: string) => values.find((value) => pathSegment(value) === segment);

/**
 * A landing path's segments read against the site's stock through pathSegment, so '/mercedes-benz' is
 * 'Mercedes-Benz' and '/mazda/cx-5' is 'Mazda CX-5'. null when a segment names nothing the site has (its 404).
 */
export function resolveLandingPath(first: string | undefined, second: string | undefined, vocabulary: LandingVocabulary): ResolvedLanding | null {
  if (!first) return { refinements: {}, dealership: null };
  const meaning = landingPathMeaning(first, second);
  switch (meaning.kind) {
    case "car_type":
      return { refinements: meaning.car_type.length ? { car_type: [...meaning.car_type] } : {}, dealership: null };
    case "make_model": {
      const make = bySegment(vocabulary.makes, meaning.make);
      const makeModel =
        make && vocabulary.makeModels.find((value) => value.startsWith(`${make} `) && pathSegment(value.slice(make.length + 1)) === meaning.model);
      return make && makeModel ? { refinements: { make: [make], make_model: [makeModel] }, dealership: null } : null;
    }
    case "segment": {
      const make = bySegment(vocabulary.makes, meaning.segment);
      if (make) return { refinements: { make: [make] }, dealership: null };
      const body = bySegment(vocabulary.bodies, meaning.segment);
      if (body) return { refinements: { body: [body] }, dealership: null };
      return vocabulary.dealerships.includes(meaning.segment) ? { refinements: {}, dealership: meaning.segment } : null;
    }
  }
}

const CAR_TYPE_TITLES: Record<string, string> = {
  "new-used-and-demo-cars": "New, used and demo cars",
  "used-cars": "Used cars",
  "new-and-demo-cars": "New and demo cars",
  "new-cars": "New cars",
  "demo-cars": "Demo cars",
};

/**
 * A landing page's own title ('Used cars', 'Toyota HiLux', 'SUV'), so no two landings share the search page's
 * title; null when the path resolved to nothing more specific (the search page's title then).
 */
export function landingTitle(first: string, landing: ResolvedLanding): string | null {
  const { make, make_model: makeModel, body } = landing.refinements;
  // Own keys only, as landingPathMeaning reads them.
  const carTypes = Object.hasOwn(CAR_TYPE_TITLES, first) ? CAR_TYPE_TITLES[first] : undefined;
  const named = carTypes ?? makeModel?.[0] ?? make?.[0] ?? body?.[0];
  if (named) return named;
  return landing.dealership ? `Stock at ${landing.dealership.split("-").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ")}` : null;
}
