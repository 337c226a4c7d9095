import { describe, expect, it } from "vitest";
import { formatMoney, formatMoneyCents, formatNumber, formatRate } from "./money";

describe("money formatting", () => {
  it("formats whole dollars and cents in AUD", () => {
    expect(formatMoney(27990)).toBe("$27,990");
    expect(formatNumber(1234567)).toBe((1234567).toLocaleString("en-AU"));
    expect(formatNumber(12)).toBe("12");
    expect(formatMoney(200)).toBe("$200");
    expect(formatMoneyCents(1360.5)).toBe("$1,360.50");
  });
  it("rates show as percentages, or '-' when missing", () => {
    expect(formatRate(6.29)).toBe("6.29%");
    expect(formatRate(8.19)).toBe("8.19%");
    expect(formatRate(null)).toBe("-");
    expect(formatRate(undefined)).toBe("-");
  });
});
