import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amortisedPayment, calculateRepayment } from "./repayment";
import { impliedPeriodicRate, repaymentSchedule } from "./repayment-schedule";
import { defaultSiteConfig } from "../config/defaults";

/** Independent amortisation: present value of the payments plus the discounted balloon equals the amount financed. */
function presentValue(payment: number, ratePercent: number, periods: number, perYear: number, balloon: number): number {
  const r = ratePercent / 100 / perYear;
  let value = 0;
  for (let k = 1; k <= periods; k++) value += payment / (1 + r) ** k;
  return value + balloon / (1 + r) ** periods;
}

describe("repaymentSchedule", () => {
  it("splits $27,000 over 5 years at 10% monthly with a $9,000 final payment by year", () => {
    const rows = repaymentSchedule(27000, 10, 5, 12, 9000);
    expect(rows).toHaveLength(5);
    expect(rows.at(-1)?.balance).toBeCloseTo(9000, 6);
    const paid = rows.reduce((sum, row) => sum + row.principal, 0);
    expect(paid).toBeCloseTo(18000, 6);
    const payments = amortisedPayment(27000, 10, 5, 12, 9000) * 60;
    expect(paid + rows.reduce((sum, row) => sum + row.interest, 0)).toBeCloseTo(payments, 6);
  });

  it("splits the payment the calculator shows (a lender's published one): principal and interest add up to the total of repayments", () => {
    // A stored quote: $304.00 a week over 5 years on $69,990 at 7.59% p.a., where the amortised payment is $323.70.
    const rows = repaymentSchedule(69990, 7.59, 5, 52, 0, 304);
    const paid = rows.reduce((sum, row) => sum + row.principal + row.interest, 0);
    expect(paid).toBeCloseTo(304 * 260, 6);
    expect(rows.reduce((sum, row) => sum + row.principal, 0)).toBeCloseTo(69990, 6);
    expect(rows.at(-1)?.balance).toBeCloseTo(0, 6);
    // With a balloon, the balance still ends at it.
    const withBalloon = repaymentSchedule(134991, 8.06, 5, 12, 44997, 2129.57);
    expect(withBalloon.at(-1)?.balance).toBeCloseTo(44997, 4);
    expect(withBalloon.reduce((sum, row) => sum + row.principal + row.interest, 0)).toBeCloseTo(2129.57 * 60, 4);
  });

  it("the rate a payment implies is the rate it was amortised at; payments that do not cover the loan imply 0", () => {
    const payment = amortisedPayment(30000, 9.5, 5, 12, 6000);
    expect(impliedPeriodicRate(30000, payment, 60, 6000) * 12 * 100).toBeCloseTo(9.5, 9);
    expect(repaymentSchedule(30000, 9.5, 5, 12, 6000, payment)).toEqual(
      repaymentSchedule(30000, 9.5, 5, 12, 6000).map((row) => expect.objectContaining({ year: row.year, balance: expect.closeTo(row.balance, 6) })),
    );
    expect(impliedPeriodicRate(30000, 100, 60, 0)).toBe(0);
    // A price too large for the payment to be a number keeps a chart of numbers.
    const huge = 1e308;
    const rows = repaymentSchedule(huge, 20, 5, 12, 0, amortisedPayment(huge, 20, 5, 12, 0));
    expect(rows.every((row) => Number.isFinite(row.principal + row.interest + row.balance))).toBe(true);
  });

  it("a half-year term ends with a short last year; nothing financed has no rows", () => {
    expect(repaymentSchedule(10000, 8, 1.5, 12).map((row) => row.year)).toEqual([1, 2]);
    expect(repaymentSchedule(0, 8, 5, 12)).toEqual([]);
  });
});

describe("calculator against independent amortisation (property)", () => {
  const finance = { calculator: defaultSiteConfig.finance.calculator, establishmentFee: 0 };
  it("payments discount back to the amount financed to the cent, and the schedule ends at the balloon", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 250000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom(1, 1.5, 2, 2.5, 3, 4, 5, 6, 7),
        fc.integer({ min: 1, max: 30 }).map((steps) => steps * 0.5),
        fc.constantFrom("weekly" as const, "fortnightly" as const, "monthly" as const),
        (amount, depositShare, balloonShare, term, interest, frequency) => {
          const tradeIn = Math.round((amount * depositShare) / 200);
          const residual = Math.round(((amount - tradeIn) * balloonShare) / 100);
          const result = calculateRepayment({ amount, tradeIn, residual, term, interest, frequency, total: null }, finance);
          if (result.kind !== "repayment") return true;
          const perYear = { weekly: 52, fortnightly: 26, monthly: 12 }[frequency];
          const periods = Math.round(term * perYear);
          expect(Math.abs(presentValue(result.repayment, interest, periods, perYear, residual) - result.amountFinanced)).toBeLessThan(0.01);
          expect(result.total).toBeCloseTo(result.repayment * periods + residual, 6);
          const rows = repaymentSchedule(result.amountFinanced, interest, term, perYear, residual);
          expect(Math.abs((rows.at(-1)?.balance ?? 0) - residual)).toBeLessThan(0.01);
          return true;
        },
      ),
      { numRuns: 3000 },
    );
  });
});
