import { describe, expect, it } from "vitest";
import { salesToday } from "./sales-counter";

describe("sales counter", () => {
  it("counts a sale every 450 seconds from Brisbane midnight", () => {
    expect(salesToday(new Date("2025-06-09T14:00:00Z"))).toBe(0); // 00:00 Brisbane
    expect(salesToday(new Date("2025-06-09T14:07:29Z"))).toBe(0);
    expect(salesToday(new Date("2025-06-09T14:07:30Z"))).toBe(1);
    expect(salesToday(new Date("2025-06-10T02:00:00Z"))).toBe(96); // noon
    expect(salesToday(new Date("2025-06-10T13:59:59Z"))).toBe(191);
  });
});
