import { describe, expect, it } from "vitest";
import { depositText, holdUntil, MONEY_BACK_TEXT, returnTermsText } from "./reserve";

describe("reserve texts", () => {
  it("the deposit: amount, 48 hours, 100% refundable; hidden at $0", () => {
    expect(depositText({ amount: 200 })).toBe("$200 deposit, held 48 hours, 100% refundable");
    expect(depositText({ amount: 0 })).toBeNull();
    expect(MONEY_BACK_TEXT).toBe("48 hour money-back guarantee");
  });
  it("return terms only for the dealership that has them", () => {
    const reserve = { returnTerms: { metro: { days: 14, maxKm: 500, minFuel: "a quarter tank" } } };
    expect(returnTermsText(reserve, "metro")).toBe("Changed your mind? Return the car within 14 days, with at most 500 km driven and at least a quarter tank of fuel.");
    expect(returnTermsText(reserve, "other")).toBeNull();
  });
  it("holds: 30 minutes to pay, 48 hours once paid", () => {
    const from = new Date("2026-01-01T00:00:00Z");
    expect(holdUntil(from, false).toISOString()).toBe("2026-01-01T00:30:00.000Z");
    expect(holdUntil(from, true).toISOString()).toBe("2026-01-03T00:00:00.000Z");
  });
});
