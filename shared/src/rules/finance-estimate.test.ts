import { describe, expect, it } from "vitest";
import { financeEstimate, monthlyToWeekly, weeklyToMonthly } from "./finance-estimate";
import { amortisedPayment } from "./repayment";

describe("finance estimate", () => {
  it("weekly to monthly uses 4.33", () => {
    expect(weeklyToMonthly(100)).toBeCloseTo(433, 6);
    expect(monthlyToWeekly(433)).toBeCloseTo(100, 6);
  });
  it("5-year term, 10% deposit, 30% final payment", () => {
    const estimate = financeEstimate(30000, 10);
    expect(estimate).toMatchObject({ deposit: 3000, finalPayment: 9000, termYears: 5 });
    expect(estimate.monthly).toBeCloseTo(amortisedPayment(27000, 10, 5, 12, 9000), 9);
    expect(estimate.weekly).toBeCloseTo(estimate.monthly / 4.33, 9);
  });
});
