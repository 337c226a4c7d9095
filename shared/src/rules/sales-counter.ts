import { localTime } from "./local-time";

export const SALES_COUNTER_TIME_ZONE = "Australia/Brisbane";
export const SALES_PER_DAY = 192;
export const SALES_STEP_SECONDS = 450;
export const SALES_COUNTER_REFRESH_MS = 150_000;

/** Sales so far today in Brisbane: one more every 450 seconds since local midnight (192 a day). */
export function salesToday(now: Date): number {
  const { secondsOfDay } = localTime(now, SALES_COUNTER_TIME_ZONE);
  return Math.min(SALES_PER_DAY, Math.floor(secondsOfDay / SALES_STEP_SECONDS));
}

/** Sold dates from this on count as a site's recent sales: without any, the counter falls back (the site's config). */
export const SALES_DATA_WINDOW_DAYS = 30;

/**
 * The instants that bound the real count: local midnight in Brisbane today, and the start of the data window, as
 * ISO timestamps (how the stock stores sold_date), so the count is a range read on an index.
 */
export function salesCounterRange(now: Date): { todayFrom: string; dataFrom: string; until: string } {
  const { secondsOfDay } = localTime(now, SALES_COUNTER_TIME_ZONE);
  const midnight = Math.floor(now.getTime() / 1000) * 1000 - secondsOfDay * 1000;
  return {
    todayFrom: new Date(midnight).toISOString(),
    dataFrom: new Date(midnight - SALES_DATA_WINDOW_DAYS * 86_400_000).toISOString(),
    until: now.toISOString(),
  };
}
