import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import { type LandingVocabulary, OFFER_PRICE_MIN, resolveLandingPath, searchVisibilityFilter } from "@dealer/shared/rules";
import type { algoliasearch } from "algoliasearch";
import type { Env } from "../../env";
import { LOCAL_APP_ID, type SearchApiFor, siteSearchClient } from "../../search-client/site-client";
import { type Landing, stateWithLanding } from "./landing";
import { parseRouteState } from "./route-state";
import { runSearch, type SearchContext } from "./run-search";
import SearchResults, { type SearchResultsProps } from "./SearchResults";
import { sortIndices } from "./sort-options";

const quoted = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** Site-wide conditions from config: used-only, certified-only, excluded stock and makes. */
export function siteFilters(config: FragmentRequest["config"], now: Date): string[] {
  const { search } = config;
  const filters = [searchVisibilityFilter(now, search.soldWindowDays)];
  if (search.usedOnly) filters.push("car_type:used");
  if (search.certifiedOnly) filters.push("certified:true");
  for (const stocknum of search.excludedStockNumbers) filters.push(`NOT stocknum:${quoted(stocknum)}`);
  for (const make of search.excludedMakes) filters.push(`NOT make:${quoted(make)}`);
  return filters;
}

/** '/search/toyota/hilux?x' -> ['toyota', 'hilux']; the path is read as text, never as a URL (it may be anything). */
function landingSegments(path: string): string[] {
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  const match = /^\/[a-z0-9-]+\/([a-z0-9][a-z0-9-]*)(?:\/([a-z0-9][a-z0-9-]*))?\/?$/.exec(pathname);
  return match ? [match[1]!, match[2]].filter((segment): segment is string => Boolean(segment)) : [];
}

type Client = ReturnType<typeof algoliasearch>;

async function landingVocabulary(client: Client, env: Env, site: string, context: SearchContext): Promise<LandingVocabulary> {
  const [facetResult, dealerships] = await Promise.all([
    client.searchSingleIndex({
      indexName: context.indexName,
      searchParams: { filters: context.fixedFilters, facets: ["make", "make_model", "body"], hitsPerPage: 0, maxValuesPerFacet: 1000 },
    }),
    env.DB.prepare("SELECT slug FROM dealerships WHERE site = ?").bind(site).all<{ slug: string }>(),
  ]);
  const names = (facet: string) => Object.keys(facetResult.facets?.[facet] ?? {});
  return { makes: names("make"), makeModels: names("make_model"), bodies: names("body"), dealerships: dealerships.results.map((row) => row.slug) };
}

export function searchResultsFragment(searchApiFor: SearchApiFor): FragmentDefinition<SearchResultsProps, Env> {
  return {
    Component: SearchResults,
    async load(request, env) {
      const { client, apiKey } = await siteSearchClient(env, request.site.slug, searchApiFor);
      const now = new Date();
      const { config } = request;
      const { hitsPerPage, indexName, priceAscendingNeedsPrice } = config.search;
      const context: SearchContext = {
        indexName,
        sortIndices: sortIndices(indexName),
        fixedFilters: siteFilters(config, now).map((filter) => `(${filter})`).join(" AND "),
        hitsPerPage,
        priceAscendingNeedsPrice,
      };

      // The offers list: cars with an offer price (the same threshold the price display uses).
      const offers = request.params.list === "offers";
      if (offers) context.fixedFilters += ` AND offer_price > ${OFFER_PRICE_MIN}`;
      // A search page's landing is in its path; another page embedding the search (a brand's overview) names it in the slot's params.
      const requestPath = request.path.split(/[?#]/, 1)[0] ?? "";
      const onSearchPath = requestPath === config.search.landingBase || requestPath.startsWith(`${config.search.landingBase}/`);
      const embedded = request.params.landing && !onSearchPath ? [request.params.landing] : [];
      const segments = offers ? [] : onSearchPath ? landingSegments(request.path) : embedded;
      let landing: Landing | null = { refinements: {}, dealership: null };
      if (segments.length) {
        landing = resolveLandingPath(segments[0], segments[1], await landingVocabulary(client, env, request.site.slug, context));
        if (!landing) throw new FragmentNotFound(`No stock matches ${segments.join("/")}`);
        if (landing.dealership) context.fixedFilters += ` AND dealership_slug:${quoted(landing.dealership)}`;
      }
      const queryIndex = request.path.indexOf("?");
      const state = stateWithLanding(parseRouteState(queryIndex >= 0 ? request.path.slice(queryIndex + 1) : ""), landing);
      const view = await runSearch(client, state, context, config, now);
      const pathname = request.path.split(/[?#]/, 1)[0] || "/search";
      return {
        view,
        state,
        context,
        search: { appId: LOCAL_APP_ID, apiKey },
        address: { pathname, landing: segments.length > 0, dealership: landing.dealership },
        offers,
        now: now.toISOString(),
      };
    },
  };
}
