import { DIRECTORY_HITS_PER_PAGE, DIRECTORY_PRICE_CEILINGS } from "@dealer/shared/rules";

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
const MAX_PAGE = 1000;

function positiveInt(text: string | null, max: number): number | null {
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

/** Any query string to a valid state: unknown or malformed values are dropped, never an error. */
export function parseDirectoryState(search: string): DirectoryState {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search.replace(/^\?/, ""));
  } catch {
    return EMPTY_DIRECTORY_STATE;
  }
  const priceMax = positiveInt(params.get(PARAM.priceMax), Number.MAX_SAFE_INTEGER);
  return {
    query: (params.get(PARAM.query) ?? "").slice(0, MAX_QUERY),
    category: params.get(PARAM.category)?.slice(0, 60) || null,
    dealershipId: positiveInt(params.get(PARAM.dealershipId), 2 ** 31),
    priceMax: priceMax !== null && (DIRECTORY_PRICE_CEILINGS as readonly number[]).includes(priceMax) ? priceMax : null,
    page: positiveInt(params.get(PARAM.page), MAX_PAGE) ?? 1,
  };
}

/** The state's query string ('' for the empty state); other parameters of the page's address are kept. */
export function directoryAddress(state: DirectoryState, current: string): string {
  const params = new URLSearchParams(current.replace(/^\?/, ""));
  for (const name of Object.values(PARAM)) params.delete(name);
  if (state.query) params.set(PARAM.query, state.query);
  if (state.category) params.set(PARAM.category, state.category);
  if (state.dealershipId !== null) params.set(PARAM.dealershipId, String(state.dealershipId));
  if (state.priceMax !== null) params.set(PARAM.priceMax, String(state.priceMax));
  if (state.page > 1) params.set(PARAM.page, String(state.page));
  const text = params.toString();
  return text ? `?${text}` : "";
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
      hitsPerPage: DIRECTORY_HITS_PER_PAGE,
      attributesToRetrieve: ["title", "description", "category", "department", "dealership_name", "price", "href"],
      attributesToHighlight: [],
    },
    { indexName, query: state.query, filters: scope.filter(Boolean).join(" AND "), hitsPerPage: 0, facets: ["category"], maxValuesPerFacet: 50 },
  ];
}
