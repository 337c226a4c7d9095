import { describe, expect, it } from "vitest";
import { comparisonRate } from "./comparison-rate";
import { amortisedPayment } from "./repayment";

describe("comparisonRate", () => {
  it("is the advertised rate without a fee, and higher with one", () => {
    expect(comparisonRate(30000, 10, 5, 12, 0)).toBe(10);
    const rate = comparisonRate(30000, 10, 5, 12, 1360.5);
    expect(rate).toBeGreaterThan(10);
    // The payment on $30,000 at the comparison rate equals the payment on $31,360.50 at 10%, within rounding.
    expect(amortisedPayment(30000, rate, 5, 12)).toBeCloseTo(amortisedPayment(31360.5, 10, 5, 12), 0);
  });

  it("a smaller loan carrying the same fee compares dearer", () => {
    expect(comparisonRate(10000, 8, 5, 12, 500)).toBeGreaterThan(comparisonRate(40000, 8, 5, 12, 500));
  });
});
