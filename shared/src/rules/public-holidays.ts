/**
 * Australian public holidays per state, computed (no table to keep up to date): Easter by the Gregorian
 * computus, the Monday holidays by their rule, and the substitute days when a fixed-date holiday falls on a
 * weekend. Dates are calendar dates (YYYY-MM-DD), the same in every time zone of a state.
 */
export const AU_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type AuState = (typeof AU_STATES)[number];
export type PublicHoliday = { date: string; name: string };

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export function addDaysToDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** The nth (1-based) given weekday (0 = Sunday) of a month, or the last when n is -1. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n === -1) {
    const last = isoDate(year, month, new Date(Date.UTC(year, month, 0)).getUTCDate());
    return addDaysToDate(last, -((weekdayOf(last) - weekday + 7) % 7));
  }
  const first = isoDate(year, month, 1);
  return addDaysToDate(first, ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7);
}

const monday = (year: number, month: number, n: number) => nthWeekday(year, month, 1, n);

/** The first given weekday on or after a date. */
const onOrAfter = (date: string, weekday: number) => addDaysToDate(date, (weekday - weekdayOf(date) + 7) % 7);

/** A fixed-date holiday, with the Monday after when it falls on a weekend (where the state gives one). */
function withSubstitute(date: string, name: string, substitute: boolean): PublicHoliday[] {
  const weekday = weekdayOf(date);
  if (!substitute || (weekday !== 0 && weekday !== 6)) return [{ date, name }];
  return [{ date, name }, { date: addDaysToDate(date, weekday === 6 ? 2 : 1), name: `${name} (additional day)` }];
}

/** Christmas and Boxing Day with their substitutes: a weekend Christmas moves to the 27th, Boxing Day to the 28th. */
function christmas(year: number, boxingName: string): PublicHoliday[] {
  const days: PublicHoliday[] = [
    { date: isoDate(year, 12, 25), name: "Christmas Day" },
    { date: isoDate(year, 12, 26), name: boxingName },
  ];
  const weekday = weekdayOf(isoDate(year, 12, 25));
  // Saturday 25th: Monday 27th for Christmas, Tuesday 28th for Boxing Day. Sunday 25th: Tuesday 27th for Christmas.
  if (weekday === 6) days.push({ date: isoDate(year, 12, 27), name: "Christmas Day (additional day)" }, { date: isoDate(year, 12, 28), name: `${boxingName} (additional day)` });
  if (weekday === 0) days.push({ date: isoDate(year, 12, 27), name: "Christmas Day (additional day)" });
  // Friday 25th: Boxing Day on Saturday moves to Monday 28th.
  if (weekday === 5) days.push({ date: isoDate(year, 12, 28), name: `${boxingName} (additional day)` });
  return days;
}

/**
 * The public holidays of a state in a year, in date order: the national days, Easter (Saturday and Sunday where
 * the state keeps them), Labour Day, the King's Birthday and each state's own days. Days that only part of a
 * state keeps (show days) or that a government sets each year (the AFL Grand Final eve) are left out.
 */
export function publicHolidays(year: number, state: AuState): PublicHoliday[] {
  const easter = easterSunday(year);
  const days: PublicHoliday[] = [
    ...withSubstitute(isoDate(year, 1, 1), "New Year's Day", true),
    ...withSubstitute(isoDate(year, 1, 26), "Australia Day", true),
    { date: addDaysToDate(easter, -2), name: "Good Friday" },
    { date: addDaysToDate(easter, 1), name: "Easter Monday" },
    ...withSubstitute(isoDate(year, 4, 25), "Anzac Day", state === "WA" || state === "ACT"),
    ...christmas(year, state === "SA" ? "Proclamation Day" : "Boxing Day"),
  ];
  if (state !== "TAS" && state !== "WA") days.push({ date: addDaysToDate(easter, -1), name: "Easter Saturday" });
  if (state !== "TAS" && state !== "SA" && state !== "NT") days.push({ date: easter, name: "Easter Sunday" });
  const kingsBirthday = state === "QLD" ? monday(year, 10, 1) : state === "WA" ? monday(year, 9, -1) : monday(year, 6, 2);
  days.push({ date: kingsBirthday, name: "King's Birthday" });
  switch (state) {
    case "NSW":
      days.push({ date: monday(year, 10, 1), name: "Labour Day" });
      break;
    case "ACT":
      days.push(
        { date: monday(year, 3, 2), name: "Canberra Day" },
        { date: onOrAfter(isoDate(year, 5, 27), 1), name: "Reconciliation Day" },
        { date: monday(year, 10, 1), name: "Labour Day" },
      );
      break;
    case "SA":
      days.push({ date: monday(year, 3, 2), name: "Adelaide Cup Day" }, { date: monday(year, 10, 1), name: "Labour Day" });
      break;
    case "QLD":
      days.push({ date: monday(year, 5, 1), name: "Labour Day" });
      break;
    case "NT":
      days.push({ date: monday(year, 5, 1), name: "May Day" }, { date: monday(year, 8, 1), name: "Picnic Day" });
      break;
    case "VIC":
      days.push({ date: monday(year, 3, 2), name: "Labour Day" }, { date: nthWeekday(year, 11, 2, 1), name: "Melbourne Cup Day" });
      break;
    case "TAS":
      days.push({ date: monday(year, 3, 2), name: "Eight Hours Day" });
      break;
    case "WA":
      days.push({ date: monday(year, 3, 1), name: "Labour Day" }, { date: monday(year, 6, 1), name: "Western Australia Day" });
      break;
  }
  return days.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}

/** A state's holidays from `from` (a date) on, across the year end, at most `limit` of them. */
export function upcomingPublicHolidays(state: AuState, from: string, limit: number): PublicHoliday[] {
  const year = Number(from.slice(0, 4));
  return [...publicHolidays(year, state), ...publicHolidays(year + 1, state)].filter((holiday) => holiday.date >= from).slice(0, limit);
}
