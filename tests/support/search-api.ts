import { fetchSite } from "./platform";

/** What a test reads from the site's own search API: the records it computes expected figures from. */
export type SearchAnswer<Hit> = { hits: Hit[]; nbHits: number; facets?: Record<string, Record<string, number>>; facets_stats?: Record<string, { min: number; max: number }> };

/** One query of the site's vehicle index with the site's search key, as the browser makes it. */
export async function searchSite<Hit = Record<string, unknown>>(site: string, params: Record<string, unknown>): Promise<SearchAnswer<Hit>> {
  const response = await fetchSite(site, "/1/indexes/Car_production/query", {
    method: "POST",
    headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${site}`, "content-type": "application/json" },
    body: JSON.stringify(params),
  });
  if (!response.ok) throw new Error(`search on ${site} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SearchAnswer<Hit>;
}
