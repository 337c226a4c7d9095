import type { HolidayHour, Location, OpeningHour } from "../contract/location";
import type { SiteConfig } from "../config/site-config";
import { localTime } from "./local-time";

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export const CLOSED_TEXT = "Closed";
export const WEEKEND_ENQUIRE_TEXT = "Enquire Now";
export const WEEKDAYS_LABEL = "Monday - Friday";
/** Table order: Monday first, Sunday last. */
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5];

export type LocationType = OpeningHour["location_type"];
export type HoursRow = { days: number[]; label: string; text: string; enquireLink: boolean };
type WeekendLabels = Pick<SiteConfig["labels"], "weekendClosedText" | "weekendClosedStyle">;

/** "16:00" or "16:00:00" -> "4:00 PM"; null for anything that is not a 24-hour clock time. */
export function clockTime(time: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? "AM" : "PM"}`;
}

/**
 * The one way the platform writes a span of hours ("10:00 AM - 4:00 PM"): the hours table, today's line and
 * the Holiday Hours dialog all read it. Null when either end is missing or not a clock time.
 */
export function hoursRange(open: string | null | undefined, close: string | null | undefined): string | null {
  const from = open ? clockTime(open) : null;
  const to = close ? clockTime(close) : null;
  return from && to ? `${from} - ${to}` : null;
}

/** One entry's text: its open - close in the hours format, else the dealer's formatted text; Closed when closed or missing. */
export function hoursText(entry: Pick<OpeningHour, "status" | "formated_hours" | "open" | "close"> | undefined): string {
  if (!entry || entry.status === "Closed") return CLOSED_TEXT;
  return hoursRange(entry.open, entry.close) ?? (entry.formated_hours?.trim() || CLOSED_TEXT);
}

/** The department types a location has hours for (for the type selector), sales first. */
export function hoursTypes(entries: readonly OpeningHour[]): LocationType[] {
  const types = new Set(entries.map((entry) => entry.location_type));
  return (["sales", "service", "parts"] as const).filter((type) => types.has(type));
}

/** A weekend day the location marks Closed reads as the dealer's wording (Closed, its text, or an Enquire Now link). */
function weekendRow(day: number, entry: OpeningHour | undefined, labels: WeekendLabels): HoursRow {
  const row = { days: [day], label: WEEKDAY_NAMES[day] as string, text: hoursText(entry), enquireLink: false };
  if (entry?.status !== "Closed") return row;
  if (labels.weekendClosedStyle === "text") return { ...row, text: labels.weekendClosedText };
  if (labels.weekendClosedStyle === "enquireLink") return { ...row, text: WEEKEND_ENQUIRE_TEXT, enquireLink: true };
  return row;
}

/** The weekly table for one department type: Monday to Friday collapse to one line when all five match. */
export function openingHoursRows(entries: readonly OpeningHour[], type: LocationType, labels: WeekendLabels): HoursRow[] {
  const byDay = new Map(entries.filter((entry) => entry.location_type === type).map((entry) => [entry.weekday, entry]));
  const weekdayTexts = MONDAY_TO_FRIDAY.map((day) => hoursText(byDay.get(day)));
  const rows: HoursRow[] = weekdayTexts.every((text) => text === weekdayTexts[0])
    ? [{ days: MONDAY_TO_FRIDAY, label: WEEKDAYS_LABEL, text: weekdayTexts[0] as string, enquireLink: false }]
    : MONDAY_TO_FRIDAY.map((day, i) => ({ days: [day], label: WEEKDAY_NAMES[day] as string, text: weekdayTexts[i] as string, enquireLink: false }));
  for (const day of DISPLAY_ORDER.slice(5)) rows.push(weekendRow(day, byDay.get(day), labels));
  return rows;
}

function holidayText(entry: HolidayHour): string {
  if (entry.status === "Closed") return CLOSED_TEXT;
  return hoursRange(entry.start_hour, entry.end_hour) ?? CLOSED_TEXT;
}

export type DayHours = { date: string; weekday: number; text: string; holiday: string | null };

/** Hours on the location's local date of `now`: a holiday entry for that date overrides the weekday's hours. */
export function hoursOn(location: Pick<Location, "id" | "timezone" | "contact_detail" | "special_hours">, type: LocationType, now: Date): DayHours {
  const { date, weekday } = localTime(now, location.timezone);
  const holiday = location.special_hours.find((entry) => entry.date === date && entry.location_id === location.id);
  if (holiday) return { date, weekday, text: holidayText(holiday), holiday: holiday.name ?? null };
  const entry = location.contact_detail.opening_hours.find((e) => e.weekday === weekday && e.location_type === type);
  return { date, weekday, text: hoursText(entry), holiday: null };
}

/** Holiday hours from the location's local today on, by date (the Holiday Hours dialog). */
export function upcomingHolidayHours(location: Pick<Location, "id" | "timezone" | "special_hours">, now: Date): Array<HolidayHour & { text: string }> {
  const { date } = localTime(now, location.timezone);
  return location.special_hours
    .filter((entry) => entry.location_id === location.id && entry.date >= date)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((entry) => ({ ...entry, text: holidayText(entry) }));
}
