import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { searchVisibilityFilter } from "@dealer/shared/rules";
import { algoliasearch } from "algoliasearch";
import type { Env } from "../../env";
import { inProcessRequester } from "../../search-client/in-process-requester";
import { landingFilters } from "./landing-filters";
import { cardAttributes, type CardCar, toResultCard } from "./result-card";
import SearchResults, { type SearchResultsProps } from "./SearchResults";

/** The platform's own engine answers as an Algolia application of this id. */
export const LOCAL_APP_ID = "DEALERPLATFORM";

type SearchApi = Parameters<typeof inProcessRequester>[0];

/** The search API bound to this request's env, called in process. */
export type SearchApiFor = (env: Env) => SearchApi;

/** Site-wide conditions from config: used-only, certified-only, excluded stock and makes. */
export function siteFilters(config: FragmentRequest["config"], now: Date): string[] {
  const { search } = config;
  const filters = [searchVisibilityFilter(now, search.soldWindowDays)];
  if (search.usedOnly) filters.push("car_type:used");
  if (search.certifiedOnly) filters.push("certified:true");
  for (const stocknum of search.excludedStockNumbers) filters.push(`NOT stocknum:"${stocknum}"`);
  for (const make of search.excludedMakes) filters.push(`NOT make:"${make}"`);
  return filters;
}

export function searchResultsFragment(searchApiFor: SearchApiFor): FragmentDefinition<SearchResultsProps, Env> {
  return {
    Component: SearchResults,
    async load(request, env) {
      const keyRow = await env.DB.prepare("SELECT key FROM api_keys WHERE site = ? AND kind = 'search' LIMIT 1")
        .bind(request.site.slug)
        .first<{ key: string }>();
      if (!keyRow) throw new Error(`site ${request.site.slug} has no search key`);
      const now = new Date();
      const filters = [...siteFilters(request.config, now), ...landingFilters(request.params)].map((f) => `(${f})`).join(" AND ");
      const query = request.params.query ?? "";
      const page = Math.max(0, Number.parseInt(request.params.page ?? "1", 10) - 1 || 0);
      const { hitsPerPage, indexName } = request.config.search;
      const client = algoliasearch(LOCAL_APP_ID, keyRow.key, {
        hosts: [{ url: "search.internal", protocol: "https", accept: "readWrite" }],
        requester: inProcessRequester(searchApiFor(env)),
      });
      const result = await client.searchSingleIndex<CardCar>({
        indexName,
        searchParams: { query, filters, page, hitsPerPage, attributesToRetrieve: [...cardAttributes] },
      });
      return {
        cards: result.hits.map((hit) => toResultCard(hit, request.config, now)),
        nbHits: result.nbHits ?? 0,
        page: result.page ?? page,
        nbPages: result.nbPages ?? 0,
        hitsPerPage,
        indexName,
        search: { appId: LOCAL_APP_ID, apiKey: keyRow.key, filters, query },
        now: now.toISOString(),
      };
    },
  };
}
