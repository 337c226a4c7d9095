import type { PageConfig } from "@dealer/shared/config";
import { decodeRange } from "@dealer/shared/rules";
import algoliasearchHelper, { type PlainSearchParameters } from "algoliasearch-helper";
import { cardAttributes } from "./result-card";
import { RANGE_ATTRIBUTES, REFINEMENT_ATTRIBUTES, type RouteState } from "@dealer/shared/rules";
import { type HelperResults, type SearchView, toSearchView } from "./search-view";

/** What every search of this page shares: the site's index, its replicas and the filters a shopper can't lift. */
export type SearchContext = {
  indexName: string;
  /** Sort options: the primary index (custom rank) and its replicas. */
  sortIndices: string[];
  /** Site preset, visibility window and landing filters, ANDed with every search (never in the address). */
  fixedFilters: string;
  hitsPerPage: number;
  priceAscendingNeedsPrice: boolean;
  /** The refinement lists this site shows (facetAttributes): only these are counted. */
  facets: string[];
  /** The site's stock is towed: the address's tow capacity filters by ATM (ADR 0079); elsewhere it is ignored. */
  towing: boolean;
};

/** Facets the page shows: make, model, certified, body, car type (its total stands in for a capped count) and the site's extras. */
export function facetAttributes(search: Pick<PageConfig["search"], "extraFilters">): string[] {
  const shown = new Set<string>(["make", "make_model", "certified", "body", "car_type", ...search.extraFilters]);
  return REFINEMENT_ATTRIBUTES.filter((attribute) => shown.has(attribute));
}

type Client = Parameters<typeof algoliasearchHelper>[0];

/** The helper's state for an address: disjunctive facets, numeric ranges, sort replica and page. */
export function searchParameters(state: RouteState, context: SearchContext): PlainSearchParameters {
  const index = state.sortBy && context.sortIndices.includes(state.sortBy) ? state.sortBy : context.indexName;
  const numericRefinements: Record<string, { ">="?: number[]; "<="?: number[] }> = {};
  for (const attribute of RANGE_ATTRIBUTES) {
    const [min, max] = decodeRange(state.range[attribute]);
    if (min === null && max === null) continue;
    numericRefinements[attribute] = { ...(min !== null ? { ">=": [min] } : {}), ...(max !== null ? { "<=": [max] } : {}) };
  }
  // A van suits at or under the capacity; one without an ATM has no value to compare, so neither backend matches it.
  if (context.towing && state.towCapacity !== null) numericRefinements.atm = { "<=": [state.towCapacity] };
  const refinements = Object.fromEntries(
    Object.entries(state.refinementList).filter(([attribute]) => (REFINEMENT_ATTRIBUTES as readonly string[]).includes(attribute)),
  );
  const priceFloor = context.priceAscendingNeedsPrice && index.endsWith(":price:asc") ? "price > 0" : "";
  return {
    index,
    query: state.query,
    page: Math.max(0, state.page - 1),
    hitsPerPage: context.hitsPerPage,
    filters: [context.fixedFilters, priceFloor].filter(Boolean).join(" AND "),
    // Counting a facet costs a pass over the matches: only the shown ones, plus any the address refines.
    disjunctiveFacets: [...new Set([...context.facets, ...Object.keys(refinements)]), ...RANGE_ATTRIBUTES],
    disjunctiveFacetsRefinements: refinements,
    numericRefinements,
    maxValuesPerFacet: 100,
    attributesToRetrieve: [...cardAttributes],
    attributesToHighlight: [],
  };
}

/**
 * One search through algoliasearch-helper (one multi-query: the hits plus one query per refined disjunctive facet),
 * turned into what the page shows.
 */
export async function runSearch(client: Client, state: RouteState, context: SearchContext, config: PageConfig, now: Date): Promise<SearchView> {
  const helper = algoliasearchHelper(client, context.indexName);
  const { content } = await helper.searchOnce(searchParameters(state, context));
  // A page past the end (an old link, a hand-edited address) shows the last page rather than 'no results'.
  if (content.hits.length === 0 && content.nbPages > 0 && state.page > content.nbPages) {
    return runSearch(client, { ...state, page: content.nbPages }, context, config, now);
  }
  return toSearchView(content as unknown as HelperResults, config, now);
}
