import { DIRECTORY_PRICE_CEILINGS, SMALL_SEARCH_HITS_PER_PAGE } from "@dealer/shared/rules";
import { MAX_SMALL_SEARCH_PAGE, positiveInt, readSearchParams, writeSmallSearchAddress } from "../small-search/small-search-address";

/**
 * The directory search's state, kept in the address under its own `offer_` names so it never meets the lead
 * form's parameters on the same page (ADR 0026).
 */
export type DirectoryState = {
  query: string;
  category: string | null;
  dealershipId: number | null;
  priceMax: number | null;
  /** 1-based, as the address shows it. */
  page: number;
};

export const EMPTY_DIRECTORY_STATE: DirectoryState = { query: "", category: null, dealershipId: null, priceMax: null, page: 1 };

const PARAM = { query: "offer_query", category: "offer_category", dealershipId: "offer_dealership", priceMax: "offer_price_max", page: "offer_page" } as const;
const MAX_QUERY = 200;

/** Any query string to a valid state: unknown or malformed values are dropped, never an error. */
export function parseDirectoryState(search: string): DirectoryState {
  const params = readSearchParams(search);
  if (!params) return EMPTY_DIRECTORY_STATE;
  const priceMax = positiveInt(params.get(PARAM.priceMax), Number.MAX_SAFE_INTEGER);
  return {
    query: (params.get(PARAM.query) ?? "").slice(0, MAX_QUERY),
    category: params.get(PARAM.category)?.slice(0, 60) || null,
    dealershipId: positiveInt(params.get(PARAM.dealershipId), 2 ** 31),
    priceMax: priceMax !== null && (DIRECTORY_PRICE_CEILINGS as readonly number[]).includes(priceMax) ? priceMax : null,
    page: positiveInt(params.get(PARAM.page), MAX_SMALL_SEARCH_PAGE) ?? 1,
  };
}

/** The state's query string ('' for the empty state); other parameters of the page's address are kept. */
export function directoryAddress(state: DirectoryState, current: string): string {
  return writeSmallSearchAddress(current, Object.values(PARAM), {
    [PARAM.query]: state.query,
    [PARAM.category]: state.category,
    [PARAM.dealershipId]: state.dealershipId === null ? null : String(state.dealershipId),
    [PARAM.priceMax]: state.priceMax === null ? null : String(state.priceMax),
    [PARAM.page]: state.page > 1 ? String(state.page) : null,
  });
}

export const DIRECTORY_PARAM_NAMES = PARAM;

const quoted = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/**
 * One multi-query for a state: the page of entries, and the category counts without the category's own refinement
 * (so the select keeps offering the other categories, as a disjunctive facet does).
 */
export function directoryRequests(indexName: string, state: DirectoryState) {
  const scope = [state.dealershipId !== null ? `dealership_id = ${state.dealershipId}` : "", state.priceMax !== null ? `price <= ${state.priceMax}` : ""];
  const withCategory = [...scope, state.category ? `category:${quoted(state.category)}` : ""].filter(Boolean).join(" AND ");
  return [
    {
      indexName,
      query: state.query,
      filters: withCategory,
      page: state.page - 1,
      hitsPerPage: SMALL_SEARCH_HITS_PER_PAGE,
      attributesToRetrieve: ["title", "description", "category", "department", "dealership_name", "price", "href"],
      attributesToHighlight: [],
    },
    { indexName, query: state.query, filters: scope.filter(Boolean).join(" AND "), hitsPerPage: 0, facets: ["category"], maxValuesPerFacet: 50 },
  ];
}
