import { describe, expect, it } from "vitest";
import { salesCounterRange, salesToday } from "./sales-counter";

describe("sales counter", () => {
  it("counts a sale every 450 seconds from Brisbane midnight", () => {
    expect(salesToday(new Date("2025-06-09T14:00:00Z"))).toBe(0); // 00:00 Brisbane
    expect(salesToday(new Date("2025-06-09T14:07:29Z"))).toBe(0);
    expect(salesToday(new Date("2025-06-09T14:07:30Z"))).toBe(1);
    expect(salesToday(new Date("2025-06-10T02:00:00Z"))).toBe(96); // noon
    expect(salesToday(new Date("2025-06-10T13:59:59Z"))).toBe(191);
  });
});

describe("sales counter from the stock's sold dates", () => {
  it("counts from Brisbane's midnight (UTC+10, no daylight saving) to now, with 30 days to decide whether data exists", () => {
    expect(salesCounterRange(new Date("2025-06-10T02:00:00.000Z"))).toEqual({
      todayFrom: "2025-06-09T14:00:00.000Z",
      dataFrom: "2025-05-10T14:00:00.000Z",
      until: "2025-06-10T02:00:00.000Z",
    });
    // 23:30 in Brisbane is still the same local day.
    expect(salesCounterRange(new Date("2025-06-10T13:30:00.000Z")).todayFrom).toBe("2025-06-09T14:00:00.000Z");
    expect(salesCounterRange(new Date("2025-06-10T14:00:00.000Z")).todayFrom).toBe("2025-06-10T14:00:00.000Z");
  });
});
