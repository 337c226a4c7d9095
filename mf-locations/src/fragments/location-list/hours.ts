// TODO(rules): replace with shared rule (opening hours: today's hours in the location's timezone, holiday
// override, 'Closed' when missing, weekend closed wording, Monday to Friday collapse).
import type { SiteConfig } from "@dealer/shared/config";
import type { Location } from "@dealer/shared/contract";

export const CLOSED = "Closed";
const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** Display order of the week: Monday first. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const WEEKDAYS = [1, 2, 3, 4, 5] as const;

export type HoursText = { text: string; href: string | null };
export type HoursLine = { days: string; hours: HoursText };
type HoursLabels = Pick<SiteConfig["labels"], "weekendClosedStyle" | "weekendClosedText">;
type HoursLocation = Pick<Location, "id" | "location_type" | "contact_detail" | "special_hours">;

/** Calendar date (YYYY-MM-DD) and weekday (0 = Sunday) of an instant in a timezone. */
export function localDay(now: Date, timeZone: string): { date: string; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", weekday: "short" })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? "");
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday };
}

/** "08:30" -> "8:30am"; other text passes through. */
function clock(value: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const hour = Number(match[1]);
  return `${hour % 12 || 12}:${match[2]}${hour < 12 ? "am" : "pm"}`;
}

function range(open: string | null | undefined, close: string | null | undefined): string | null {
  return open && close ? `${clock(open)} - ${clock(close)}` : null;
}

function closedText(weekday: number, labels: HoursLabels): HoursText {
  const weekend = weekday === 0 || weekday === 6;
  if (weekend && labels.weekendClosedStyle === "text") return { text: labels.weekendClosedText, href: null };
  if (weekend && labels.weekendClosedStyle === "enquireLink") return { text: "Enquire Now", href: "/contact" };
  return { text: CLOSED, href: null };
}

/** The location's regular hours on a weekday for its main department; a missing entry is Closed. */
function weekdayHours(location: HoursLocation, weekday: number, labels: HoursLabels): HoursText {
  const department = location.location_type[0] ?? "sales";
  const entry = location.contact_detail.opening_hours.find((hour) => hour.weekday === weekday && hour.location_type === department);
  if (!entry || entry.status === "Closed") return closedText(weekday, labels);
  const text = entry.formated_hours || range(entry.open, entry.close);
  return text ? { text, href: null } : closedText(weekday, labels);
}

/** Today's hours where the location is: a holiday entry for today overrides the weekly hours. */
export function todayHours(location: HoursLocation & { timezone: string }, now: Date, labels: HoursLabels): { hours: HoursText; holiday: string | null } {
  const { date, weekday } = localDay(now, location.timezone);
  const holiday = location.special_hours.find((entry) => entry.date === date && entry.location_id === location.id);
  if (!holiday) return { hours: weekdayHours(location, weekday, labels), holiday: null };
  const text = holiday.status === "Open" ? (range(holiday.start_hour, holiday.end_hour) ?? CLOSED) : CLOSED;
  return { hours: { text, href: null }, holiday: holiday.name ?? "Holiday hours" };
}

/** The week from Monday; Monday to Friday collapse to one line when all five match. */
export function weekHours(location: HoursLocation, labels: HoursLabels): HoursLine[] {
  const lines = WEEK_ORDER.map((weekday) => ({ days: DAY_NAMES[weekday], hours: weekdayHours(location, weekday, labels) }));
  const first = lines[0];
  const sameWeekdays = first && lines.slice(0, WEEKDAYS.length).every((line) => line.hours.text === first.hours.text && line.hours.href === first.hours.href);
  if (!first || !sameWeekdays) return lines;
  return [{ days: "Monday - Friday", hours: first.hours }, ...lines.slice(WEEKDAYS.length)];
}
