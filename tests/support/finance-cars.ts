import { type Car, carSchema } from "@dealer/shared/contract";
import { fetchSite } from "./platform";

/** Cars of a site from the search API (the records the pages are built from), by an Algolia filter. */
export async function searchCars(site: string, filters: string, hitsPerPage = 200): Promise<Car[]> {
  const response = await fetchSite(site, "/1/indexes/Car_production/query", {
    method: "POST",
    headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${site}`, "content-type": "application/json" },
    body: JSON.stringify({ filters, hitsPerPage }),
  });
  if (!response.ok) throw new Error(`search API ${response.status} for ${filters}`);
  const { hits } = (await response.json()) as { hits: unknown[] };
  return hits.map((hit) => carSchema.parse(hit));
}
