const wholeDollars = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const grouped = new Intl.NumberFormat("en-AU");

/** "$27,990": prices are whole dollars everywhere in the spec. */
export function formatMoney(amount: number): string {
  return wholeDollars.format(amount);
}

/**
 * "12,345": counts and kilometres. One formatter for every call: `toLocaleString("en-AU")` builds a new one each
 * time, which cost the search page most of its render time (ADR 0025).
 */
export function formatNumber(value: number): string {
  return grouped.format(value);
}

/** "$123.45": repayments and totals. */
export function formatMoneyCents(amount: number): string {
  return withCents.format(amount);
}

/** Percent with two decimals, or '-' when missing (finance estimate display). */
export function formatRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined || Number.isNaN(rate) ? "-" : `${rate.toFixed(2)}%`;
}
