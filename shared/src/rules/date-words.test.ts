import { describe, expect, it } from "vitest";
import { calendarDateText } from "./date-words";

describe("calendarDateText", () => {
  it("writes a date as en-AU's Intl does, for every month", () => {
    const intl = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 9, 10, 28]) {
        const iso = `2025-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        expect(calendarDateText(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
      }
    }
    expect(calendarDateText("2026-12-31")).toBe("31 December 2026");
  });

  it("returns text that is not a calendar date as it came", () => {
    for (const text of ["", "2025-13-01", "2025-00-10", "2025-07-00", "2025-07-32", "1 July 2025", "2025-07-01T00:00:00Z"]) {
      expect(calendarDateText(text)).toBe(text);
    }
  });
});
