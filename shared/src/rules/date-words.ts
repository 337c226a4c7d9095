const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * "1 July 2025": a calendar date (YYYY-MM-DD) in words as en-AU writes it, without Intl: the first formatter a page
 * builds in the browser loads the locale's data, 20-300 ms of a slow phone's main thread (ADR 0097, 0134). Text that
 * is not such a date is returned as it came.
 */
export function calendarDateText(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = MONTHS[Number(match?.[2]) - 1];
  const day = Number(match?.[3]);
  return match && month && day >= 1 && day <= 31 ? `${day} ${month} ${match[1]}` : isoDate;
}
