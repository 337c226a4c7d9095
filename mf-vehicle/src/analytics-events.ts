/**
 * The spec's analytics event ids as the vehicle page uses them (§7 lists the ids, not their meaning;
 * ADR 0022 records this assignment). 26 is the finance calculator's, sent by mf-finance.
 */
export const VEHICLE_EVENTS = {
  view: 15,
  phoneReveal: 17,
  share: 25,
  print: 39,
  deliveryEstimate: 48,
  certifiedDialog: 49,
} as const;
