import { SMALL_SEARCH_HITS_PER_PAGE } from "@dealer/shared/rules";
import { MAX_SMALL_SEARCH_PAGE, positiveInt, readSearchParams, writeSmallSearchAddress } from "../small-search/small-search-address";

/** The manufacturer search's state, in the address under its own `make_` names (ADR 0031). */
export type ManufacturerState = {
  query: string;
  /** 1-based, as the address shows it. */
  page: number;
};

export const EMPTY_MANUFACTURER_STATE: ManufacturerState = { query: "", page: 1 };

export const MANUFACTURER_PARAM_NAMES = { query: "make_query", page: "make_page" } as const;
const PARAM = MANUFACTURER_PARAM_NAMES;
/** A make and model name is a few words; a longer query is cut, never refused. */
const MAX_QUERY = 100;

/** Any query string to a valid state: malformed values are dropped, never an error. */
export function parseManufacturerState(search: string): ManufacturerState {
  const params = readSearchParams(search);
  if (!params) return EMPTY_MANUFACTURER_STATE;
  return { query: (params.get(PARAM.query) ?? "").slice(0, MAX_QUERY), page: positiveInt(params.get(PARAM.page), MAX_SMALL_SEARCH_PAGE) ?? 1 };
}

/** The state's query string ('' for the empty state); other parameters of the page's address are kept. */
export function manufacturerAddress(state: ManufacturerState, current: string): string {
  return writeSmallSearchAddress(current, Object.values(PARAM), { [PARAM.query]: state.query, [PARAM.page]: state.page > 1 ? String(state.page) : null });
}

/** The one query of a state: 21 entries of the page asked for. */
export function manufacturerRequests(indexName: string, state: ManufacturerState) {
  return [
    {
      indexName,
      query: state.query,
      page: state.page - 1,
      hitsPerPage: SMALL_SEARCH_HITS_PER_PAGE,
      attributesToRetrieve: ["manufacturer", "model", "brand_path"],
      attributesToHighlight: [],
    },
  ];
}
