import { towingCapacityOf } from "./towing-capacity";

/**
 * The search page's address, read and written with InstantSearch's routing conventions (what its history router
 * writes with qs): `query=`, `page=` (1-based), `sortBy=`, `refinementList[make][0]=Toyota`, `range[price]=10000:30000`,
 * and the platform's own `tow_capacity=3500` ("suits my tow vehicle", ADR 0079).
 * Pure: the server render and the browser's first paint both read it, before any search code loads.
 */
export type RouteState = {
  query: string;
  /** 1-based, as InstantSearch writes it; 1 is the first page. */
  page: number;
  sortBy: string | null;
  refinementList: Record<string, string[]>;
  /** 'min:max', either side may be empty. */
  range: Record<string, string>;
  /** "Suits my tow vehicle": the braked towing capacity (kg) a van's ATM must be at or under; null for no such filter. */
  towCapacity: number | null;
};

/** The address's name of the tow vehicle's capacity; also the name of the filter panel's field, so a form without JavaScript sends it. */
export const TOW_CAPACITY_PARAM = "tow_capacity";

/** Attributes a shopper can refine, disjunctive (counts ignore their own refinement) as InstantSearch does. */
export const REFINEMENT_ATTRIBUTES = [
  "make", "make_model", "certified", "body", "car_type", "fuel", "transmission", "drive", "colour", "seats", "year",
  "city", "location_name", "dealership_name", "state",
] as const;
/** Numeric ranges: price, kilometres and the weekly repayment the cards show (ADR 0048). */
export const RANGE_ATTRIBUTES = ["price", "km", "weekly_price_range"] as const;
/** The car field a refinement may be named by in links from elsewhere (the budget finder's body tiles). */
const ATTRIBUTE_ALIASES: Record<string, string> = { simple_body: "body" };

/** Guards against addresses built to be expensive: longer values and extra values are dropped. */
const MAX_VALUE_LENGTH = 200;
const MAX_VALUES_PER_ATTRIBUTE = 50;
const MAX_QUERY_LENGTH = 512;
/** The vehicle index's paginationLimitedTo: no page past it has a car, whatever hitsPerPage is (ADR 0059). */
const MAX_PAGE = 20_000;

export const emptyRouteState = (): RouteState => ({ query: "", page: 1, sortBy: null, refinementList: {}, range: {}, towCapacity: null });

/** A capacity as the address gives it ("3500", or "3,500 kg" as typed into the form), else null (the panel names the refusal). */
function readTowCapacity(raw: string | null): number | null {
  const checked = towingCapacityOf((raw ?? "").slice(0, 20));
  return checked.ok ? checked.kg : null;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replaces lone surrogates and drops control characters, which would otherwise reach JSON and HTML. */
function clean(value: string, max: number): string {
  return value.replace(LONE_SURROGATE, "\uFFFD").replace(/\p{Cc}/gu, "").slice(0, max);
}

function readPage(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw.trim())) return 1;
  return Math.min(MAX_PAGE, Math.max(1, Number(raw.trim())));
}

const RANGE_VALUE = /^(-?\d{1,12}(?:\.\d{1,4})?)?:(-?\d{1,12}(?:\.\d{1,4})?)?$/;

/** Reads a query string (with or without '?'); anything unknown or malformed is ignored, never thrown. */
export function parseRouteState(search: string | URLSearchParams): RouteState {
  const params = typeof search === "string" ? new URLSearchParams(search.startsWith("?") ? search.slice(1) : search) : search;
  const state = emptyRouteState();
  state.query = clean(params.get("query") ?? "", MAX_QUERY_LENGTH);
  state.page = readPage(params.get("page"));
  const sortBy = params.get("sortBy");
  if (sortBy && /^[A-Za-z0-9_:.-]{1,100}$/.test(sortBy)) state.sortBy = sortBy;
  state.towCapacity = readTowCapacity(params.get(TOW_CAPACITY_PARAM));
  for (const [key, rawValue] of params) {
    const refinement = /^refinementList\[([a-z_]+)\](?:\[\d{0,3}\])?$/.exec(key);
    const value = clean(rawValue, MAX_VALUE_LENGTH);
    const attribute = refinement ? (ATTRIBUTE_ALIASES[refinement[1]!] ?? refinement[1]!) : "";
    if (refinement && isOneOf(REFINEMENT_ATTRIBUTES, attribute) && value) {
      const list = (state.refinementList[attribute] ??= []);
      if (list.length < MAX_VALUES_PER_ATTRIBUTE && !list.includes(value)) list.push(value);
      continue;
    }
    const range = /^range\[([a-z_]+)\]$/.exec(key);
    if (range && isOneOf(RANGE_ATTRIBUTES, range[1]!) && RANGE_VALUE.test(value.trim()) && value.trim() !== ":") {
      state.range[range[1]!] = value.trim();
    }
  }
  return state;
}

/** Brackets and colons stay readable, as in the addresses the budget finder and shared links use. */
const encode = (text: string) => encodeURIComponent(text).replace(/%5B/g, "[").replace(/%5D/g, "]").replace(/%3A/g, ":");

/** The query string for a state ('' when it is the default state); the inverse of parseRouteState. */
export function routeStateToQuery(state: RouteState): string {
  const pairs: [string, string][] = [];
  if (state.query) pairs.push(["query", state.query]);
  for (const [attribute, values] of Object.entries(state.refinementList)) {
    for (const [index, value] of values.entries()) pairs.push([`refinementList[${attribute}][${index}]`, value]);
  }
  for (const [attribute, value] of Object.entries(state.range)) if (value && value !== ":") pairs.push([`range[${attribute}]`, value]);
  if (state.towCapacity !== null) pairs.push([TOW_CAPACITY_PARAM, String(state.towCapacity)]);
  if (state.sortBy) pairs.push(["sortBy", state.sortBy]);
  if (state.page > 1) pairs.push(["page", String(state.page)]);
  return pairs.length ? `?${pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join("&")}` : "";
}

/** Anything refined (a keyword, a facet value or a range): the page then shows its refinement chips. */
export function isRefined(state: RouteState): boolean {
  return (
    state.query !== "" ||
    state.towCapacity !== null ||
    Object.keys(state.range).length > 0 ||
    Object.values(state.refinementList).some((values) => values.length > 0)
  );
}

/** Same refinements and text, ignoring page and sort: a change of these resets the page. */
export function sameFilters(a: RouteState, b: RouteState): boolean {
  const normal = (state: RouteState) =>
    JSON.stringify([
      state.query,
      Object.entries(state.refinementList).filter(([, values]) => values.length).sort(),
      Object.entries(state.range).filter(([, value]) => value && value !== ":").sort(),
      state.towCapacity,
    ]);
  return normal(a) === normal(b);
}

/**
 * What a search slot reads from its page's address: the path (a landing such as /search/toyota), the route state, the
 * tow capacity as typed (the panel shows a refused one) and the slot's params it uses (`list`, `landing`, `layout`:
 * the plan's, or the query's where the plan names none).
 */
export type SearchAddress = { pathname: string; state: RouteState; typedTowCapacity: string; list: string | null; landing: string | null; layout: string | null };

export function readSearchAddress(path: string, params: Readonly<Record<string, string>>): SearchAddress {
  const queryIndex = path.indexOf("?");
  const query = new URLSearchParams(queryIndex >= 0 ? path.slice(queryIndex + 1) : "");
  return {
    pathname: path.split(/[?#]/, 1)[0] ?? "",
    state: parseRouteState(query),
    typedTowCapacity: query.get(TOW_CAPACITY_PARAM)?.trim().slice(0, 12) ?? "",
    list: params.list ?? null,
    landing: params.landing ?? null,
    layout: params.layout ?? null,
  };
}

/**
 * Two addresses with one key are the same search slot: what it does not read (utm_source, gclid, fbclid, a `page=1`,
 * a malformed filter) is not in it. The gateway keeps a search slot under it (ADR 0113), so a shared or advertised
 * link is served like the search it names.
 */
export const searchAddressKey = (path: string, params: Readonly<Record<string, string>>): string => JSON.stringify(readSearchAddress(path, params));
