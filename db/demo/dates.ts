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

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}
