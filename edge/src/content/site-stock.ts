import type { SiteConfig } from "@dealer/shared/config";
import { facetValues, filterValue, type SiteQuery, type SiteQueryResult, searchSite } from "@dealer/shared/http";
import { bodyFromQuery, IN_STOCK_STATUS_FILTER, type RangeModel, rangeModels, searchVisibilityFilter } from "@dealer/shared/rules";
import type { GatewayEnv } from "../env";

/**
 * What the gateway's pages need to know of a site's stock (body tiles, brands, landing paths, the sitemap's make
 * pages) is counts and names, never rows: the site's search index answers them in memory through mf-search, so a
 * page costs the same at 1,000 cars as at 25,000 (ADR 0036).
 */
type Site = { slug: string; config: SiteConfig };

/** Enough for every make, model or body a dealer stocks (Algolia's own ceiling). */
const ALL_VALUES = 1000;

async function facetsOf(env: GatewayEnv, site: Site, facets: string[], filters?: string): Promise<SiteQueryResult> {
  const query: SiteQuery = { indexName: site.config.search.indexName, facets, hitsPerPage: 0, maxValuesPerFacet: ALL_VALUES, ...(filters ? { filters } : {}) };
  const [result] = await searchSite(env.MF_SEARCH, site.slug, [query]);
  if (!result) throw new Error("site search answered no result");
  return result;
}

/** Without search the page still renders, without the part that needed it. */
function orEmpty<T>(what: string, site: Site, empty: T) {
  return (error: unknown): T => {
    console.warn(`[gateway] ${what} of ${site.slug} unavailable: ${(error as Error).message}`);
    return empty;
  };
}

/** Cars in stock and shown on the site: what its body tiles and model range count. */
const SHOWN_IN_STOCK = `(${IN_STOCK_STATUS_FILTER}) AND show_on_dealer_website:true`;

/** The body types the site has most cars of in stock and shown, most first: the home page's body-type tiles. */
export async function loadStockBodies(env: GatewayEnv, site: Site, limit: number): Promise<string[]> {
  return facetsOf(env, site, ["body"], SHOWN_IN_STOCK)
    .then((result) => facetValues(result, "body").slice(0, limit).map((body) => body.value))
    .catch(orEmpty("body tiles", site, []));
}

/** Every make the site has a car of, A to Z. */
export async function loadStockMakes(env: GatewayEnv, site: Site): Promise<string[]> {
  return facetsOf(env, site, ["make"])
    .then((result) => facetValues(result, "make").map((make) => make.value).sort())
    .catch(orEmpty("makes", site, []));
}

/** The makes of the cars its search shows now (the sitemap's make landing pages). */
export async function loadVisibleMakes(env: GatewayEnv, site: Site, now: Date): Promise<string[]> {
  return facetsOf(env, site, ["make"], searchVisibilityFilter(now, site.config.search.soldWindowDays))
    .then((result) => facetValues(result, "make").map((make) => make.value).sort())
    .catch(orEmpty("visible makes", site, []));
}

/** Makes, 'Make Model' pairs and bodies of every car the site has: what a landing path may name. */
export async function loadStockVocabulary(env: GatewayEnv, site: Site): Promise<{ makes: string[]; makeModels: string[]; bodies: string[] }> {
  const result = await facetsOf(env, site, ["make", "make_model", "body"]);
  const names = (facet: string) => facetValues(result, facet).map((entry) => entry.value);
  return { makes: names("make"), makeModels: names("make_model"), bodies: names("body") };
}

/** The site's model range (in stock and shown): with a body it stocks, that body's models; else every model, body null. */
export async function loadModelRange(env: GatewayEnv, site: Site, wantedBody?: string): Promise<{ body: string | null; bodies: string[]; models: RangeModel[] }> {
  const all = await facetsOf(env, site, ["make", "make_model", "body"], SHOWN_IN_STOCK);
  const names = (result: SiteQueryResult, facet: string) => facetValues(result, facet).map((entry) => entry.value);
  const bodies = names(all, "body");
  const body = bodyFromQuery(bodies, wantedBody);
  const ofBody = body ? await facetsOf(env, site, ["make_model"], `${SHOWN_IN_STOCK} AND body:${filterValue(body)}`) : all;
  return { body, bodies: [...bodies].sort(), models: rangeModels(names(ofBody, "make_model"), names(all, "make")) };
}
