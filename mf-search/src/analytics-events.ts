/**
 * The spec's analytics ids (§7 lists them without meanings) the search page sends through @dealer/shared/analytics;
 * ADR 0048 records the assignment (the vehicle page's are in mf-vehicle, the forms' in mf-forms, 26 in mf-finance).
 */
export const SEARCH_EVENTS = {
  /** A search the shopper ran: a filter, keyword, range, sort or page change, or the filters restored on a visit. */
  search: 60,
  /** A result card opened. */
  resultOpened: 61,
} as const;
