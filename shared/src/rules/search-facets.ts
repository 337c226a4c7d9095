/** A count over 1999 is capped by the service; the in-stock or per-type facet total replaces it. */
export const COUNT_CAP = 1999;
export const MAKE_LIST_INITIAL = 7;
export const MAKE_MODEL_LIMIT = 30;
export const SHOW_ALL_MAKES = "Show all makes";
export const HIDE_EXTRA_MAKES = "Hide extra makes";
export const SEARCH_PAGE_SIZE = 21;
export const SEARCH_BOX_DELAY_MS = 300;
export const RANGE_SLIDER_DELAY_MS = 400;
export const NO_RESULTS_TEXT = "No results found for your search at this time. Please try adjusting the filters for more results.";
export const CLEAR_FILTERS_LABEL = "Clear Filters";
export const NO_OFFERS_TITLE = "No Results Available";
export const NO_OFFERS_TEXT = "There appears to be no offers currently available that meet the conditions of your search";

export function displayCount(count: number, facetTotal: number | null | undefined): number {
  return count > COUNT_CAP && facetTotal !== null && facetTotal !== undefined ? facetTotal : count;
}

/** The make list: 7 entries until expanded, plus the toggle's label (none when nothing is hidden). */
export function makeList<T>(makes: readonly T[], expanded: boolean): { visible: T[]; toggle: string | null } {
  if (makes.length <= MAKE_LIST_INITIAL) return { visible: [...makes], toggle: null };
  return expanded ? { visible: [...makes], toggle: HIDE_EXTRA_MAKES } : { visible: makes.slice(0, MAKE_LIST_INITIAL), toggle: SHOW_ALL_MAKES };
}

/** The 'certified' facet hides the value 'false' on certified-only sites. */
export function certifiedFacetValues<T extends { value: string }>(values: readonly T[], certifiedOnly: boolean): T[] {
  return certifiedOnly ? values.filter((v) => v.value !== "false") : [...values];
}

/** The no-results card's Clear Filters target: the refresh path, or /special-offers on an empty offers list. */
export function clearFiltersTarget(refreshPath: string, isOffersList: boolean): string {
  return isOffersList ? "/special-offers" : refreshPath;
}
