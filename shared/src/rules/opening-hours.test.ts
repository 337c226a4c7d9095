import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "../config/defaults";
import { type Location, locationSchema, type OpeningHour } from "../contract/location";
import { clockTime, hoursOn, hoursRange, hoursText, openStatus, hoursTypes, openingHoursRows, upcomingHolidayHours } from "./opening-hours";

const labels = defaultSiteConfig.labels;
const open = (weekday: number, o = "08:30", c = "17:30", type: OpeningHour["location_type"] = "sales"): OpeningHour => ({
  weekday, status: "Open", open: o, close: c, location_type: type,
});
const closed = (weekday: number): OpeningHour => ({ weekday, status: "Closed", location_type: "sales" });
const week = [1, 2, 3, 4, 5].map((d) => open(d));

describe("opening hours table", () => {
  it("Monday to Friday collapse when all five are equal", () => {
    expect(openingHoursRows([...week, open(6, "08:00", "12:00"), closed(0)], "sales", { ...labels, weekendClosedStyle: "closed" })).toEqual([
      { days: [1, 2, 3, 4, 5], label: "Monday - Friday", text: "8:30 AM - 5:30 PM", enquireLink: false },
      { days: [6], label: "Saturday", text: "8:00 AM - 12:00 PM", enquireLink: false },
      { days: [0], label: "Sunday", text: "Closed", enquireLink: false },
    ]);
  });
  it("weekdays stay separate when they differ; a missing day shows Closed", () => {
    const rows = openingHoursRows([open(1), open(2), open(3), open(4, "08:30", "20:00")], "sales", labels);
    expect(rows.map((r) => `${r.label}: ${r.text}`)).toEqual([
      "Monday: 8:30 AM - 5:30 PM", "Tuesday: 8:30 AM - 5:30 PM", "Wednesday: 8:30 AM - 5:30 PM", "Thursday: 8:30 AM - 8:00 PM",
      "Friday: Closed", "Saturday: Closed", "Sunday: Closed",
    ]);
  });
  it("weekend closed wording comes from configuration", () => {
    const entries = [...week, closed(6), closed(0)];
    expect(openingHoursRows(entries, "sales", labels).at(-1)).toMatchObject({ text: "By appointment only" });
    expect(openingHoursRows(entries, "sales", { ...labels, weekendClosedStyle: "enquireLink" }).at(-1)).toMatchObject({ text: "Enquire Now", enquireLink: true });
  });
  it("by location type; open and close in the one hours format, the dealer's formatted text only without them", () => {
    const entries = [...week, open(1, "07:00", "17:00", "service"), { ...open(6), formated_hours: "8am - 12pm" }];
    expect(hoursTypes(entries)).toEqual(["sales", "service"]);
    expect(openingHoursRows(entries, "service", labels)[0]).toMatchObject({ label: "Monday", text: "7:00 AM - 5:00 PM" });
    expect(openingHoursRows(entries, "sales", labels).find((row) => row.label === "Saturday")?.text).toBe("8:30 AM - 5:30 PM");
    expect(hoursText({ status: "Open", formated_hours: "8am - 12pm" })).toBe("8am - 12pm");
    expect(hoursText({ status: "Open", open: "25:00", close: "12:00", formated_hours: "By arrangement" })).toBe("By arrangement");
  });
  it("property: grouping never loses (or repeats) a day", () => {
    const entry = fc.record({
      weekday: fc.integer({ min: 0, max: 6 }),
      status: fc.constantFrom("Open" as const, "Closed" as const),
      open: fc.constantFrom("08:00", "09:00"),
      close: fc.constantFrom("17:00", "17:30"),
      location_type: fc.constantFrom("sales" as const, "service" as const),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 14 }), fc.constantFrom("sales" as const, "service" as const), (entries, type) => {
        const days = openingHoursRows(entries, type, labels).flatMap((row) => row.days).sort();
        return JSON.stringify(days) === JSON.stringify([0, 1, 2, 3, 4, 5, 6]);
      }),
    );
  });
});

describe("the hours format", () => {
  it("writes 24-hour clock times as the hours table does", () => {
    expect(clockTime("00:05")).toBe("12:05 AM");
    expect(clockTime("12:00")).toBe("12:00 PM");
    expect(clockTime("16:00:00")).toBe("4:00 PM");
    expect(clockTime("4pm")).toBeNull();
    expect(clockTime("24:00")).toBeNull();
    expect(hoursRange("10:00", "16:00")).toBe("10:00 AM - 4:00 PM");
    expect(hoursRange("10:00", null)).toBeNull();
  });
});

describe("hours on a date, in the location's time zone", () => {
  const location: Location = locationSchema.parse({
    id: 7, name: "Perth", slug: "perth", dealership_id: 1, dealership_slug: "d", timezone: "Australia/Perth",
    address: { street: "1 St", city: "Perth", state: "WA", postcode: "6000", lat: -31.95, long: 115.86 },
    contact_detail: { phone: "08", opening_hours: [...week, closed(0), open(6, "09:00", "13:00")] },
    special_hours: [
      { date: "2025-12-25", status: "Closed", location_id: 7, name: "Christmas Day" },
      { date: "2025-12-26", status: "Open", start_hour: "10:00", end_hour: "14:00", location_id: 7, name: "Boxing Day" },
      { date: "2025-12-26", status: "Closed", location_id: 99 },
    ],
  });
  it("holiday hours override the date", () => {
    expect(hoursOn(location, "sales", new Date("2025-12-25T03:00:00Z"))).toEqual({ date: "2025-12-25", weekday: 4, text: "Closed", holiday: "Christmas Day" });
    expect(hoursOn(location, "sales", new Date("2025-12-26T03:00:00Z"))).toMatchObject({ text: "10:00 AM - 2:00 PM", holiday: "Boxing Day" });
  });
  it("the weekday is the location's own (Perth is UTC+8)", () => {
    // 2025-06-13T20:00Z is Saturday 04:00 in Perth, still Friday in UTC.
    expect(hoursOn(location, "sales", new Date("2025-06-13T20:00:00Z"))).toMatchObject({ weekday: 6, text: "9:00 AM - 1:00 PM", holiday: null });
  });
  it("upcoming holiday hours for the dialog", () => {
    expect(upcomingHolidayHours(location, new Date("2025-12-25T20:00:00Z")).map((h) => h.text)).toEqual(["10:00 AM - 2:00 PM"]);
  });
});

describe("open now, on the location's clock", () => {
  const perth: Location = locationSchema.parse({
    id: 7, name: "Perth", slug: "perth", dealership_id: 1, dealership_slug: "d", timezone: "Australia/Perth",
    address: { street: "1 St", city: "Perth", state: "WA", postcode: "6000", lat: -31.95, long: 115.86 },
    contact_detail: { phone: "08", opening_hours: [...week, closed(0), open(6, "09:00", "13:00"), open(1, "07:30", "17:00", "service")] },
    special_hours: [{ date: "2027-03-29", status: "Closed", location_id: 7, name: "Easter Monday" }],
  });
  // Perth is UTC+8 all year: 2027-03-25T01:00Z is Thursday 09:00 there.
  const at = (perthTime: string) => new Date(Date.parse(`${perthTime}+08:00`));
  it("open: closes at the day's closing time", () => {
    expect(openStatus(perth, "sales", at("2027-03-25T09:00:00"))).toEqual({ open: true, text: "Open now · closes 5:30 PM" });
    expect(openStatus(perth, "sales", at("2027-03-25T17:29:59"))).toEqual({ open: true, text: "Open now · closes 5:30 PM" });
  });
  it("closed: opens later today, tomorrow, or on a named day past a closed Sunday and a holiday", () => {
    expect(openStatus(perth, "sales", at("2027-03-25T06:00:00"))).toEqual({ open: false, text: "Closed · opens 8:30 AM" });
    expect(openStatus(perth, "sales", at("2027-03-25T17:30:00"))).toEqual({ open: false, text: "Closed · opens tomorrow 8:30 AM" });
    // Saturday afternoon: Sunday closed, Monday 29 March is Easter Monday, so Tuesday.
    expect(openStatus(perth, "sales", at("2027-03-27T14:00:00"))).toEqual({ open: false, text: "Closed · opens Tuesday 8:30 AM" });
  });
  it("by department; null when it has no hours", () => {
    expect(openStatus(perth, "service", at("2027-03-22T08:00:00"))).toEqual({ open: true, text: "Open now · closes 5:00 PM" });
    expect(openStatus(perth, "parts", at("2027-03-22T08:00:00"))).toBeNull();
  });
  it("the same instant reads in each location's own time zone", () => {
    const sydney = { ...perth, timezone: "Australia/Sydney" };
    // 2027-03-25T07:00Z is 15:00 in Perth and 18:00 in Sydney (daylight saving).
    const instant = new Date("2027-03-25T07:00:00Z");
    expect(openStatus(perth, "sales", instant)?.open).toBe(true);
    expect(openStatus(sydney, "sales", instant)?.text).toBe("Closed · opens tomorrow 8:30 AM");
  });
});
