import { dateTimeFormat } from "./kept-formats";

/** Calendar date, weekday (0 = Sunday) and seconds since midnight of an instant in a time zone. */
export type LocalTime = { date: string; weekday: number; secondsOfDay: number };

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Building a DateTimeFormat is far dearer than using one, and a location list asks for each location's hours. */
const formatterFor = (timeZone: string) =>
  dateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", weekday: "short", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    weekday: WEEKDAY_INDEX[part("weekday")] ?? 0,
    secondsOfDay: Number(part("hour")) * 3600 + Number(part("minute")) * 60 + Number(part("second")),
  };
}

/**
 * An instant as ISO 8601 in a time zone's wall-clock time with that zone's UTC offset at the instant
 * (2026-05-02T10:00:00+10:00): what dealer CRMs and calendars read as the dealership's own time.
 */
export function zonedIso(instant: Date, timeZone: string): string {
  const { date, secondsOfDay } = localTime(instant, timeZone);
  const wallClockAsUtc = Date.parse(`${date}T00:00:00Z`) + secondsOfDay * 1000;
  const offsetMinutes = Math.round((wallClockAsUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const pad = (n: number) => String(n).padStart(2, "0");
  const seconds = secondsOfDay % 60;
  const time = `${pad(Math.floor(secondsOfDay / 3600))}:${pad(Math.floor(secondsOfDay / 60) % 60)}:${pad(seconds)}`;
  return `${date}T${time}${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
}
