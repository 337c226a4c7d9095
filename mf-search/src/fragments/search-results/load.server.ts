import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import {
  type LandingVocabulary,
  NO_OFFERS_TEXT,
  NO_OFFERS_TITLE,
  NO_RESULTS_TEXT,
  OFFER_PRICE_MIN,
  quotedFilterValue,
  readSearchAddress,
  REPAYMENT_DISCLAIMER,
  resolveLandingPath,
  siteItemType,
  siteSearchFilters,
  towFilterShown,
} from "@dealer/shared/rules";
import type { algoliasearch } from "algoliasearch";
import { createElement } from "react";
import type { Env } from "../../env";
import type { SearchApiFor } from "../../search-client/site-client";
import { stockSearchClient } from "../../search-client/stock-search-client";
import { type Landing, stateWithLanding } from "./landing";
import { createKeptViews } from "./kept-views";
import { facetAttributes, runSearch, searchParameters, type SearchContext } from "./run-search";
import { Filters } from "./Filters";
import { ServerFilters } from "./FiltersIsland";
import { ServerGrid } from "./GridIsland";
import { ServerParts, type SearchParts } from "./deferred-parts";
import { RefinementChips } from "./RefinementChips";
import { ResultCarousel } from "./ResultCarousel";
import { ResultGrid } from "./ResultGrid";
import SearchResults, { type SearchResultsProps } from "./SearchResults";
import type { SearchView } from "./search-view";
import { sortIndices } from "./sort-options";
import { resultsItemListJson } from "./structured-data";

const serverParts: SearchParts = { ResultCarousel, RefinementChips, itemListJson: resultsItemListJson };

/** The filter panel, the cards and the deferred parts are in the server's markup; the browser loads their code later (FiltersIsland, GridIsland, deferred-parts). */
function SearchResultsWithFilters(props: SearchResultsProps) {
  const results = createElement(ServerParts.Provider, { value: serverParts }, createElement(SearchResults, props));
  return createElement(ServerFilters.Provider, { value: Filters }, createElement(ServerGrid.Provider, { value: ResultGrid }, results));
}


/** '/search/toyota/hilux' -> ['toyota', 'hilux']; the path is read as text, never as a URL (it may be anything). */
function landingSegments(pathname: string): string[] {
  const match = /^\/[a-z0-9-]+\/([a-z0-9][a-z0-9-]*)(?:\/([a-z0-9][a-z0-9-]*))?\/?$/.exec(pathname);
  return match ? [match[1]!, match[2]].filter((segment): segment is string => Boolean(segment)) : [];
}

type Client = ReturnType<typeof algoliasearch>;

async function readLandingVocabulary(client: Client, env: Env, site: string, context: SearchContext): Promise<LandingVocabulary> {
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

/** The visibility window's moving edge (it changes every second), left out of the cache key. */
const VISIBILITY_CLAUSE = /sold_date_timestamp >= -?\d+/g;

/** The version of a site's stock the search answers from (stockDataVersion): it changes when the site's stock does. */
export type SiteStockVersion = (env: Env, site: string) => Promise<string>;

/**
 * A site's landing vocabulary, kept per isolate until its stock changes: it is the same for every landing path of a
 * site, and reading it was a facet query over the site's whole stock on every landing-path request. (Sold cars
 * leaving the visibility window between two stock changes may keep their make in it a little longer: a path
 * naming it then shows the no-results card rather than the 404.) One entry per site and filter set, the newest kept.
 */
function landingVocabularyCache(stockVersionOf: SiteStockVersion) {
  const cache = new Map<string, { version: string; vocabulary: Promise<LandingVocabulary> }>();
  return async (client: Client, env: Env, site: string, context: SearchContext): Promise<LandingVocabulary> => {
    const version = await stockVersionOf(env, site);
    const key = `${site}\u0000${context.fixedFilters.replace(VISIBILITY_CLAUSE, "")}`;
    const kept = cache.get(key);
    if (kept?.version === version) return kept.vocabulary;
    const vocabulary = readLandingVocabulary(client, env, site, context);
    vocabulary.catch(() => {
      if (cache.get(key)?.vocabulary === vocabulary) cache.delete(key);
    });
    cache.set(key, { version, vocabulary });
    return vocabulary;
  };
}

export function searchResultsFragment(searchApiFor: SearchApiFor, stockVersionOf: SiteStockVersion): FragmentDefinition<SearchResultsProps, Env> {
  const landingVocabulary = landingVocabularyCache(stockVersionOf);
  const keptView = createKeptViews<SearchView>();
  return {
    Component: SearchResultsWithFilters,
    // Counted as search appearances by the gateway, each time it serves the page (ADR 0070).
    shownCars: (props) => props.view.cards.map((card) => card.id),
    async load(request, env) {
      const { client, browser } = await stockSearchClient(env, request.site.slug, searchApiFor);
      const now = new Date();
      const { config } = request;
      const { hitsPerPage, indexName, priceAscendingNeedsPrice } = config.search;
      const itemType = siteItemType(request.site.template);
      const context: SearchContext = {
        indexName,
        sortIndices: sortIndices(indexName),
        fixedFilters: siteSearchFilters(config, now).map((filter) => `(${filter})`).join(" AND "),
        hitsPerPage,
        priceAscendingNeedsPrice,
        facets: facetAttributes(config.search),
        towing: towFilterShown(itemType),
      };

      // The slot reads its address only through readSearchAddress: the gateway keeps it by that reading (ADR 0113).
      const address = readSearchAddress(request.path, request.params);
      const requestPath = address.pathname;
      // The offers list: cars with an offer price (the same threshold the price display uses).
      const offers = address.list === "offers";
      if (offers) context.fixedFilters += ` AND offer_price > ${OFFER_PRICE_MIN}`;
      // A search page's landing is in its path; another page embedding the search (a brand's overview) names it in the slot's params.
      const onSearchPath = requestPath === config.search.landingBase || requestPath.startsWith(`${config.search.landingBase}/`);
      const embedded = address.landing && !onSearchPath ? [address.landing] : [];
      const segments = offers ? [] : onSearchPath ? landingSegments(requestPath) : embedded;
      let landing: Landing | null = { refinements: {}, dealership: null };
      if (segments.length) {
        landing = resolveLandingPath(segments[0], segments[1], await landingVocabulary(client, env, request.site.slug, context));
        if (!landing) throw new FragmentNotFound(`No stock matches ${segments.join("/")}`);
        if (landing.dealership) context.fixedFilters += ` AND dealership_slug:${quotedFilterValue(landing.dealership)}`;
      }
      const state = stateWithLanding(address.state, landing);
      // A capacity the address gives but that cannot be used (0, 100000, words): the panel says why and keeps what was typed.
      const towRefused = context.towing && address.typedTowCapacity !== "" && state.towCapacity === null ? address.typedTowCapacity : null;
      // The version is read before the search, so a kept view is never older than the version it is kept under.
      const stockVersion = await stockVersionOf(env, request.site.slug);
      const search = JSON.stringify(searchParameters(state, context)).replace(VISIBILITY_CLAUSE, "");
      const view = await keptView({ site: request.site.slug, stockVersion, config: JSON.stringify(config), search }, () =>
        runSearch(client, state, context, config, now),
      );
      const pathname = requestPath || "/search";
      return {
        view,
        state,
        context,
        search: browser,
        address: { pathname, landing: segments.length > 0, dealership: landing.dealership },
        offers,
        layout: address.layout === "carousel" ? "carousel" : "grid",
        itemType,
        towRefused,
        now: now.toISOString(),
        origin: request.origin,
        financeDisclaimer: REPAYMENT_DISCLAIMER,
        empty: offers ? { title: NO_OFFERS_TITLE, text: NO_OFFERS_TEXT } : { title: null, text: NO_RESULTS_TEXT },
      };
    },
  };
}
