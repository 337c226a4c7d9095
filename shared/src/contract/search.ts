import { z } from "zod";

const stringOrList = z.union([z.string(), z.array(z.string())]);

/** The search page's filter state; lives in the query string and in persisted attributes. */
export const searchFilterAttributesSchema = z
  .object({
    query: z.string(),
    page: z.number().int().min(0),
    badge: stringOrList,
    status: stringOrList,
    car_type: stringOrList,
    categories: stringOrList,
    city: stringOrList,
    colour: stringOrList,
    dealership_name: stringOrList,
    filtered_features: stringOrList,
    item_type: stringOrList,
    /** Range refinements are stored as 'min:max'. */
    km: z.string(),
    location_name: stringOrList,
    make: stringOrList,
    make_model: stringOrList,
    model: stringOrList,
    price: z.string(),
    subscription_price: z.string(),
    price_range: z.string(),
    seats: stringOrList,
    body: stringOrList,
    drive: stringOrList,
    fuel: stringOrList,
    transmission: stringOrList,
    state: stringOrList,
    tag: stringOrList,
    weekly_price_range: z.string(),
    year: z.string(),
    certified: z.union([z.boolean(), z.string()]),
    created_at_timestamp: z.string(),
    sortBy: z.string(),
  })
  .partial();

export const facetStatsSchema = z.object({ min: z.number(), max: z.number() });

export const searchResultSchema = z.object({
  hits: z.array(z.unknown()),
  pages: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
  /** facet name -> value -> hit count */
  facets: z.record(z.string(), z.record(z.string(), z.number().int().nonnegative())).default({}),
  facet_stats: z.record(z.string(), facetStatsSchema).default({}),
  ms: z.number().nonnegative(),
});

/** Directory and special-offer searches. */
export const directoryFilterSchema = z
  .object({ categories: stringOrList, price: z.string(), query: z.string(), page: z.number().int().min(0) })
  .partial();

export const manufacturerSearchFilterSchema = z
  .object({ "manufacturer.name": z.string(), "model.name": z.string(), "model.body": z.string() })
  .partial();

export type SearchFilterAttributes = z.infer<typeof searchFilterAttributesSchema>;
export type SearchResult = z.infer<typeof searchResultSchema>;
export type FacetStats = z.infer<typeof facetStatsSchema>;
export type DirectoryFilter = z.infer<typeof directoryFilterSchema>;
export type ManufacturerSearchFilter = z.infer<typeof manufacturerSearchFilterSchema>;
