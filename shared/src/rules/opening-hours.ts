import type { HolidayHour, Location, OpeningHour } from "../contract/location";
import type { SiteConfig } from "../config/site-config";
import { localTime } from "./local-time";
import { addDaysToDate } from "./public-holidays";

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

/** Seconds since midnight of a 24-hour clock time ("17:30" -> 63000); null when it is not one. */
function secondsOf(time: string | null | undefined): number | null {
  const match = time ? /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim()) : null;
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 : null;
}

type Span = { open: string; close: string; from: number; to: number };

/** The hours of one local date: its holiday entry if any, else its weekday's; null when closed. */
function spanOn(location: Pick<Location, "id" | "contact_detail" | "special_hours">, type: LocationType, date: string, weekday: number): Span | null {
  const holiday = location.special_hours.find((entry) => entry.date === date && entry.location_id === location.id);
  const entry = holiday
    ? { status: holiday.status, open: holiday.start_hour, close: holiday.end_hour }
    : location.contact_detail.opening_hours.find((e) => e.weekday === weekday && e.location_type === type);
  const from = secondsOf(entry?.open);
  const to = secondsOf(entry?.close);
  if (!entry || entry.status === "Closed" || from === null || to === null) return null;
  return { open: entry.open as string, close: entry.close as string, from, to };
}

export type OpenStatus = { open: boolean; text: string };

/**
 * "Open now · closes 5:30 PM" or "Closed · opens 8:30 AM" / "opens tomorrow 8:30 AM" / "opens Monday 8:30 AM",
 * on the location's own clock (its time zone, its holidays). Null when the department has no hours in the next week.
 */
export function openStatus(location: Pick<Location, "id" | "timezone" | "contact_detail" | "special_hours">, type: LocationType, now: Date): OpenStatus | null {
  const { date, weekday, secondsOfDay } = localTime(now, location.timezone);
  const today = spanOn(location, type, date, weekday);
  if (today && today.from <= secondsOfDay && secondsOfDay < today.to) return { open: true, text: `Open now · closes ${clockTime(today.close)}` };
  if (today && secondsOfDay < today.from) return { open: false, text: `Closed · opens ${clockTime(today.open)}` };
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = (weekday + ahead) % 7;
    const next = spanOn(location, type, addDaysToDate(date, ahead), day);
    if (next) return { open: false, text: `Closed · opens ${ahead === 1 ? "tomorrow" : WEEKDAY_NAMES[day]} ${clockTime(next.open)}` };
  }
  return null;
}
