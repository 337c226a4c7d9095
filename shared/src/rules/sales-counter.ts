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
