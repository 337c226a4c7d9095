import { z } from "zod";

/**
 * Index settings in Algolia's shape. Only the keys below change how the engine answers; any other key a sync
 * client sends is kept so GET settings hands it back.
 */
export const indexSettingsSchema = z.looseObject({
  searchableAttributes: z.array(z.string()).default([]),
  attributesForFaceting: z.array(z.string()).default([]),
  disableTypoToleranceOnAttributes: z.array(z.string()).default([]),
  customRanking: z.array(z.string().regex(/^(asc|desc)\(.+\)$/, "expected asc(attribute) or desc(attribute)")).default([]),
  replicas: z.array(z.string()).default([]),
  paginationLimitedTo: z.number().int().min(0).max(20000).default(1000),
});

export type IndexSettings = z.infer<typeof indexSettingsSchema>;

/** Settings of the vehicle index ('Car_production'): the spec's facets, its text fields and custom rank desc. */
export const vehicleIndexSettings: IndexSettings = indexSettingsSchema.parse({
  searchableAttributes: ["name", "make", "model", "badge", "series", "colour", "simple_body", "stocknum"],
  attributesForFaceting: [
    "make",
    "model",
    "make_model",
    "badge",
    "series",
    "colour",
    "body",
    "drive",
    "fuel",
    "transmission",
    "car_type",
    "status",
    "item_type",
    "certified",
    "tag",
    "state",
    "city",
    "location_name",
    "dealership_name",
    "seats",
    "year",
    "price",
    "km",
    "subscription_price",
    "weekly_price_range",
    "created_at_timestamp",
    "filterOnly(site)",
    "filterOnly(show_on_dealer_website)",
    "filterOnly(dealership_id)",
    "filterOnly(dealership_slug)",
    "filterOnly(stocknum)",
  ],
  // A stock number one character off is another car, not a typo.
  disableTypoToleranceOnAttributes: ["stocknum"],
  customRanking: ["desc(custom_rank)"],
  // Every car of a site reachable by paging (Algolia's default stops at 1,000): Algolia's ceiling, past the largest
  // site's stock; replicas inherit it (ADR 0059).
  paginationLimitedTo: 20000,
  replicas: [
    "Car_production:price:asc",
    "Car_production:price:desc",
    "Car_production:km:asc",
    "Car_production:year:desc",
    "Car_production:created_at_timestamp:desc",
  ],
});

export interface FacetAttribute {
  attribute: string;
  /** filterOnly(...) attributes filter but never appear in `facets`. */
  filterOnly: boolean;
}

/** Reads `filterOnly(x)`, `searchable(x)` and `afterDistinct(x)` modifiers. */
export function facetAttributes(settings: IndexSettings): FacetAttribute[] {
  return settings.attributesForFaceting.map((entry) => {
    const match = /^(filterOnly|searchable|afterDistinct)\((.+)\)$/.exec(entry.trim());
    return match ? { attribute: match[2]!, filterOnly: match[1] === "filterOnly" } : { attribute: entry.trim(), filterOnly: false };
  });
}

/** Searchable attributes in priority order; 'a,b' share a priority and `unordered(x)` is read as x. */
export function searchableAttributeGroups(settings: IndexSettings): string[][] {
  return settings.searchableAttributes.map((entry) =>
    entry.split(",").map((part) => part.trim().replace(/^unordered\((.+)\)$/, "$1")),
  );
}

export interface RankingCriterion {
  attribute: string;
  direction: "asc" | "desc";
}

export function customRankingCriteria(settings: IndexSettings): RankingCriterion[] {
  return settings.customRanking.map((entry) => {
    const [, direction, attribute] = /^(asc|desc)\((.+)\)$/.exec(entry)!;
    return { attribute: attribute!, direction: direction as "asc" | "desc" };
  });
}
