import { defaultSiteConfig } from "@dealer/shared/config";
import { describe, expect, it } from "vitest";
import { sampleLocation } from "./fixtures";
import { localDay, todayHours, weekHours } from "./hours";

const labels = { ...defaultSiteConfig.labels, weekendClosedStyle: "closed" as const };

describe("opening hours", () => {
  it("finds the calendar day in the location's timezone, not UTC", () => {
    // 2025-06-09 22:00 UTC is Tuesday 08:00 in Brisbane, still Monday in UTC.
    expect(localDay(new Date("2025-06-09T22:00:00Z"), "Australia/Brisbane")).toEqual({ date: "2025-06-10", weekday: 2 });
    expect(localDay(new Date("2025-06-09T22:00:00Z"), "Australia/Perth")).toEqual({ date: "2025-06-10", weekday: 2 });
  });

  it("today's hours, Closed when missing, and a holiday entry overriding them", () => {
    const location = sampleLocation();
    expect(todayHours(location, new Date("2025-06-09T22:00:00Z"), labels)).toEqual({ hours: { text: "8:30am - 5:30pm", href: null }, holiday: null });
    expect(todayHours(location, new Date("2025-06-08T02:00:00Z"), labels).hours.text).toBe("Closed");
    expect(todayHours(location, new Date("2025-12-25T01:00:00Z"), labels)).toEqual({ hours: { text: "Closed", href: null }, holiday: "Christmas Day" });
    const openHoliday = sampleLocation({ special_hours: [{ date: "2025-12-26", status: "Open", start_hour: "10:00", end_hour: "14:00", location_id: 11 }] });
    expect(todayHours(openHoliday, new Date("2025-12-26T01:00:00Z"), labels).hours.text).toBe("10:00am - 2:00pm");
  });

  it("collapses Monday to Friday when all five match, and uses the weekend closed wording", () => {
    expect(weekHours(sampleLocation(), labels).map((line) => `${line.days}: ${line.hours.text}`)).toEqual([
      "Monday - Friday: 8:30am - 5:30pm",
      "Saturday: 9:00am - 1:00pm",
      "Sunday: Closed",
    ]);
    const text = weekHours(sampleLocation(), defaultSiteConfig.labels);
    expect(text.at(-1)?.hours.text).toBe("By appointment only");
    const link = weekHours(sampleLocation(), { ...labels, weekendClosedStyle: "enquireLink" });
    expect(link.at(-1)?.hours).toEqual({ text: "Enquire Now", href: "/contact" });
  });

  it("lists each weekday when they differ", () => {
    const location = sampleLocation();
    location.contact_detail.opening_hours[4] = { weekday: 5, status: "Open", open: "08:30", close: "20:00", location_type: "sales" };
    const lines = weekHours(location, labels);
    expect(lines).toHaveLength(7);
    expect(lines[4]).toEqual({ days: "Friday", hours: { text: "8:30am - 8:00pm", href: null } });
  });
});
