import { z } from "zod";

/**
 * Searches another Worker runs for one site over its MF_SEARCH service binding: POST {SITE_SEARCH_PATH}/{site}/queries
 * with Algolia's multi-query body. mf-search answers it with the site's own search client, the path its fragments
 * take (the embedded engine locally, Algolia when search runs there), so counts of a site's stock come from its
 * search index in memory instead of a scan of its rows. Not forwarded by the gateway: only Workers reach it.
 */
export const SITE_SEARCH_PATH = "/_site-search";

/** A multi-query carries at most this many (the search API's own limit, docs/api/search.md). */
const MAX_SITE_QUERIES = 50;

export const siteQuerySchema = z.object({
  indexName: z.string().min(1),
  filters: z.string().optional(),
  facets: z.array(z.string()).optional(),
  hitsPerPage: z.number().int().min(0).max(1000).optional(),
  maxValuesPerFacet: z.number().int().min(1).max(1000).optional(),
});
export type SiteQuery = z.infer<typeof siteQuerySchema>;
export const siteQueriesSchema = z.object({ requests: z.array(siteQuerySchema).min(1).max(MAX_SITE_QUERIES) });

const siteQueryResultSchema = z.object({
  nbHits: z.number(),
  facets: z.record(z.string(), z.record(z.string(), z.number())).optional(),
  facets_stats: z.record(z.string(), z.object({ min: z.number(), max: z.number() })).optional(),
});
export type SiteQueryResult = z.infer<typeof siteQueryResultSchema>;

/** Runs the queries for the site; throws when search is not bound or does not answer (callers degrade). */
export async function searchSite(binding: Fetcher | undefined, site: string, requests: SiteQuery[]): Promise<SiteQueryResult[]> {
  if (!binding) throw new Error("MF_SEARCH is not bound");
  const response = await binding.fetch(`https://mf-search${SITE_SEARCH_PATH}/${encodeURIComponent(site)}/queries`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ requests }),
  });
  if (!response.ok) throw new Error(`site search for ${site} answered ${response.status}`);
  return z.object({ results: z.array(siteQueryResultSchema) }).parse(await response.json()).results;
}

/** A value in a filter, quoted and escaped as the filter grammar reads it: body:"4x4 \"Ute\"". */
export const filterValue = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** A facet's values with their counts, most cars first, then by name. */
export function facetValues(result: SiteQueryResult | undefined, facet: string): { value: string; count: number }[] {
  return Object.entries(result?.facets?.[facet] ?? {})
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}
