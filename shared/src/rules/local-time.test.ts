import { describe, expect, it } from "vitest";
import { localTime } from "./local-time";

describe("local time", () => {
  it("reads the date, weekday and time of day in the zone", () => {
    const now = new Date("2025-06-08T15:30:00Z"); // Sunday UTC; Monday 01:30 in Brisbane (UTC+10)
    expect(localTime(now, "Australia/Brisbane")).toEqual({ date: "2025-06-09", weekday: 1, secondsOfDay: 5400 });
    expect(localTime(now, "Australia/Perth")).toEqual({ date: "2025-06-08", weekday: 0, secondsOfDay: 23 * 3600 + 1800 });
  });
});
