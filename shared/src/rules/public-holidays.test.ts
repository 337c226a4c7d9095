import { describe, expect, it } from "vitest";
import { AU_STATES, easterSunday, publicHolidays, upcomingPublicHolidays } from "./public-holidays";

const dateOf = (year: number, state: (typeof AU_STATES)[number], name: string) => publicHolidays(year, state).find((h) => h.name === name)?.date;

describe("Easter (computus)", () => {
  it("matches the published dates", () => {
    const known: Record<number, string> = {
      1818: "1818-03-22", 1943: "1943-04-25", 2000: "2000-04-23", 2019: "2019-04-21", 2024: "2024-03-31", 2025: "2025-04-20",
      2026: "2026-04-05", 2027: "2027-03-28", 2028: "2028-04-16", 2038: "2038-04-25", 2285: "2285-03-22",
    };
    for (const [year, date] of Object.entries(known)) expect(easterSunday(Number(year))).toBe(date);
  });
  it("always falls on a Sunday between 22 March and 25 April", () => {
    for (let year = 1900; year <= 2200; year++) {
      const date = easterSunday(year);
      expect(new Date(`${date}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(date.slice(5) >= "03-22" && date.slice(5) <= "04-25").toBe(true);
    }
  });
});

describe("Australian public holidays per state", () => {
  it("Good Friday and Easter Monday 2027 are 26 and 29 March everywhere", () => {
    for (const state of AU_STATES) {
      expect(dateOf(2027, state, "Good Friday")).toBe("2027-03-26");
      expect(dateOf(2027, state, "Easter Monday")).toBe("2027-03-29");
    }
  });
  it("Easter Saturday and Sunday only where the state keeps them", () => {
    expect(dateOf(2027, "QLD", "Easter Saturday")).toBe("2027-03-27");
    expect(dateOf(2027, "NSW", "Easter Sunday")).toBe("2027-03-28");
    expect(dateOf(2027, "WA", "Easter Sunday")).toBe("2027-03-28");
    expect(dateOf(2027, "WA", "Easter Saturday")).toBeUndefined();
    expect(dateOf(2027, "TAS", "Easter Saturday")).toBeUndefined();
    expect(dateOf(2027, "SA", "Easter Sunday")).toBeUndefined();
  });
  it("Labour Day and the King's Birthday by state (2026)", () => {
    expect(dateOf(2026, "QLD", "Labour Day")).toBe("2026-05-04");
    expect(dateOf(2026, "QLD", "King's Birthday")).toBe("2026-10-05");
    expect(dateOf(2026, "NSW", "Labour Day")).toBe("2026-10-05");
    expect(dateOf(2026, "NSW", "King's Birthday")).toBe("2026-06-08");
    expect(dateOf(2026, "VIC", "Labour Day")).toBe("2026-03-09");
    expect(dateOf(2026, "WA", "Labour Day")).toBe("2026-03-02");
    expect(dateOf(2026, "WA", "Western Australia Day")).toBe("2026-06-01");
    expect(dateOf(2026, "WA", "King's Birthday")).toBe("2026-09-28");
    expect(dateOf(2026, "SA", "Adelaide Cup Day")).toBe("2026-03-09");
    expect(dateOf(2026, "ACT", "Canberra Day")).toBe("2026-03-09");
    expect(dateOf(2026, "ACT", "Reconciliation Day")).toBe("2026-06-01");
    expect(dateOf(2026, "NT", "Picnic Day")).toBe("2026-08-03");
  });
  it("Melbourne Cup is the first Tuesday of November, also when 1 November is a Tuesday", () => {
    expect(dateOf(2026, "VIC", "Melbourne Cup Day")).toBe("2026-11-03");
    expect(dateOf(2022, "VIC", "Melbourne Cup Day")).toBe("2022-11-01");
    expect(dateOf(2026, "NSW", "Melbourne Cup Day")).toBeUndefined();
  });
  it("weekend Christmas, Boxing Day and New Year's Day get their additional days", () => {
    // 2027: Christmas on Saturday, Boxing Day on Sunday.
    const names = publicHolidays(2027, "NSW").filter((h) => h.date >= "2027-12-25").map((h) => `${h.date} ${h.name}`);
    expect(names).toEqual([
      "2027-12-25 Christmas Day", "2027-12-26 Boxing Day", "2027-12-27 Christmas Day (additional day)", "2027-12-28 Boxing Day (additional day)",
    ]);
    expect(publicHolidays(2028, "QLD").slice(0, 2).map((h) => h.date)).toEqual(["2028-01-01", "2028-01-03"]);
    // 2026: Christmas on Friday, so Boxing Day (Proclamation Day in SA) on Saturday moves to Monday 28th.
    expect(publicHolidays(2026, "SA").slice(-2)).toEqual([{ date: "2026-12-26", name: "Proclamation Day" }, { date: "2026-12-28", name: "Proclamation Day (additional day)" }]);
  });
  it("upcoming holidays cross the year end in date order", () => {
    const upcoming = upcomingPublicHolidays("QLD", "2026-12-20", 4);
    expect(upcoming.map((h) => h.date)).toEqual(["2026-12-25", "2026-12-26", "2026-12-28", "2027-01-01"]);
  });
});
