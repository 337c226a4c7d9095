import { emptyRouteState, parseRouteState, type RouteState, routeStateToQuery } from "@dealer/shared/rules";

/**
 * Spec §4: the filter state is initialised once from persisted attributes, or defaults (ADR 0048). What persists is
 * the shopper's filters and sort (refinements, ranges, the tow capacity, sortBy), per site (storage is per origin, and each site has
 * its own host); a keyword and a page are one visit's. Stored as the address's query string, read back through
 * parseRouteState, so a stored value is checked like any address.
 */
export const PERSISTED_FILTERS_KEY = "search:filters";

/** The part of a state that persists, as a query string ('' when there is nothing to keep). */
export function persistedQuery(state: RouteState): string {
  return routeStateToQuery({ ...emptyRouteState(), refinementList: state.refinementList, range: state.range, towCapacity: state.towCapacity, sortBy: state.sortBy });
}

/** The persisted filters, or null when none are kept (or storage is refused). */
export function readPersistedFilters(storage: Storage): RouteState | null {
  try {
    const query = storage.getItem(PERSISTED_FILTERS_KEY);
    return query ? parseRouteState(query) : null;
  } catch {
    return null;
  }
}

/** Keeps the state's filters; a state without any (Clear Filters) removes them. */
export function persistFilters(storage: Storage, state: RouteState): void {
  try {
    const query = persistedQuery(state);
    if (query) storage.setItem(PERSISTED_FILTERS_KEY, query);
    else storage.removeItem(PERSISTED_FILTERS_KEY);
  } catch (error) {
    console.warn("[mf-search] filters not kept", error);
  }
}
