/** Calendar helpers on YYYY-MM-DD strings in UTC; the demo data never reads the clock itself. */
const DAY_MS = 86_400_000;

export function assertIsoDate(date: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new Error(`Expected a date as YYYY-MM-DD, got "${date}"`);
  }
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** An ISO timestamp on `date` at a fixed time of day. */
export function timestamp(date: string, hour: number, minute = 0): string {
  return `${date}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00.000Z`;
}

/**
 * An ISO timestamp on `date` at a time of day, except on `today` itself: then the day's first minute. The demo data
 * never reads the clock, so a time later today could still lie ahead when the platform runs (a car "created" at
 * 11:00 is not yet just arrived at 05:00, and the tests picking just-arrived cars failed before noon).
 */
export function pastTimestamp(date: string, today: string, hour: number, minute = 0): string {
  return date >= today ? timestamp(today, 0) : timestamp(date, hour, minute);
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}
