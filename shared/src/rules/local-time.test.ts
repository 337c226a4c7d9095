import { describe, expect, it } from "vitest";
import { localTime, zonedIso } from "./local-time";

describe("local time", () => {
  it("reads the date, weekday and time of day in the zone", () => {
    const now = new Date("2025-06-08T15:30:00Z"); // Sunday UTC; Monday 01:30 in Brisbane (UTC+10)
    expect(localTime(now, "Australia/Brisbane")).toEqual({ date: "2025-06-09", weekday: 1, secondsOfDay: 5400 });
    expect(localTime(now, "Australia/Perth")).toEqual({ date: "2025-06-08", weekday: 0, secondsOfDay: 23 * 3600 + 1800 });
  });
});

describe("zonedIso", () => {
  it("gives the zone's wall-clock time with its offset at that instant (daylight saving included)", () => {
    expect(zonedIso(new Date("2026-05-02T00:00:00Z"), "Australia/Brisbane")).toBe("2026-05-02T10:00:00+10:00");
    expect(zonedIso(new Date("2026-01-15T23:30:05Z"), "Australia/Sydney")).toBe("2026-01-16T10:30:05+11:00");
    expect(zonedIso(new Date("2026-07-01T02:00:00Z"), "Australia/Adelaide")).toBe("2026-07-01T11:30:00+09:30");
    expect(zonedIso(new Date("2026-07-01T02:00:00Z"), "UTC")).toBe("2026-07-01T02:00:00+00:00");
  });
  it("names the same instant", () => {
    const instant = new Date("2026-10-04T15:59:00Z");
    expect(Date.parse(zonedIso(instant, "Australia/Melbourne"))).toBe(instant.getTime());
  });
});
