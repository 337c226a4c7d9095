/** Calendar date, weekday (0 = Sunday) and seconds since midnight of an instant in a time zone. */
export type LocalTime = { date: string; weekday: number; secondsOfDay: number };

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Building a DateTimeFormat is far dearer than using one, and a location list asks for each location's hours. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    weekday: WEEKDAY_INDEX[part("weekday")] ?? 0,
    secondsOfDay: Number(part("hour")) * 3600 + Number(part("minute")) * 60 + Number(part("second")),
  };
}
