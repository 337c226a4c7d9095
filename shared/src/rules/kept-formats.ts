/**
 * Intl date formatters kept per isolate, by the locale and options they are built from (ADR 0117). Building one costs
 * 0.1-0.3 ms, and the ICU objects it holds (its calendar, its month and weekday names: a few hundred strings) live
 * outside the V8 heap until a full collection: formatters built per line of a page (a booking form's 14 days of times
 * built one for each time) held about 400 MB of the local platform's workerd under load. At most KEPT_FORMATS, the
 * oldest out first: the options carry a location's time zone, which is a tenant's text.
 */
export const KEPT_FORMATS = 64;
const kept = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  let format = kept.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (kept.size >= KEPT_FORMATS) kept.delete(kept.keys().next().value as string);
    kept.set(key, format);
  }
  return format;
}
