/**
 * The platform's number forms are en-AU's: "$27,990", "$123.45", "12,345". They are written here for a finite,
 * non-negative number, which is every price, repayment and count a page shows, because the first Intl.NumberFormat a
 * page builds loads the locale's data: 20-300 ms on this machine's main thread, inside the first slot's hydration on a
 * slow phone (issue 35, ADR 0097). Anything else (a negative, NaN, Infinity, 1e21 and beyond, a number so small it
 * prints with an exponent) goes to Intl, built on its first such use. money.test.ts holds the two to the same output.
 */
function intlFallback(options?: Intl.NumberFormatOptions): (value: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (value) => (format ??= new Intl.NumberFormat("en-AU", options)).format(value);
}

/**
 * The whole and fraction digits of `value` rounded to at most `digits` decimals, or null where Intl must answer. ICU
 * rounds the number's shortest decimal form (1.005 is "1.005", so $1.01), half away from zero: so does this, on text.
 */
function roundedDigits(value: number, digits: number): [whole: string, fraction: string] | null {
  if (!Number.isFinite(value) || !(value > 0 || Object.is(value, 0))) return null;
  const text = String(value);
  if (text.includes("e")) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  if (fraction.length <= digits) return [whole, fraction];
  const rounded = (BigInt(whole + fraction.slice(0, digits)) + (fraction.charAt(digits) >= "5" ? 1n : 0n)).toString().padStart(digits + 1, "0");
  return [rounded.slice(0, rounded.length - digits), rounded.slice(rounded.length - digits)];
}

const grouped = (whole: string) => whole.replace(/\B(?=(\d{3})+$)/g, ",");

const wholeDollars = intlFallback({ style: "currency", currency: "AUD", maximumFractionDigits: 0 });
const withCents = intlFallback({ style: "currency", currency: "AUD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plain = intlFallback();

/** "$27,990": prices are whole dollars everywhere in the spec. */
export function formatMoney(amount: number): string {
  const digits = roundedDigits(amount, 0);
  return digits ? `$${grouped(digits[0])}` : wholeDollars(amount);
}

/** "12,345": counts and kilometres (at most three decimals, as Intl's default). */
export function formatNumber(value: number): string {
  const digits = roundedDigits(value, 3);
  if (!digits) return plain(value);
  const fraction = digits[1].replace(/0+$/, "");
  return fraction ? `${grouped(digits[0])}.${fraction}` : grouped(digits[0]);
}

/** "$123.45": repayments and totals. */
export function formatMoneyCents(amount: number): string {
  const digits = roundedDigits(amount, 2);
  return digits ? `$${grouped(digits[0])}.${digits[1].padEnd(2, "0")}` : withCents(amount);
}

/** Percent with two decimals, or '-' when missing (finance estimate display). */
export function formatRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined || Number.isNaN(rate) ? "-" : `${rate.toFixed(2)}%`;
}
