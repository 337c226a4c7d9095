import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "../config/defaults";
import type { FinanceCalculatorInputs } from "../contract/finance";
import {
  amortisedPayment,
  boundsWithStart,
  calculateRepayment,
  calculatorAnswer,
  clampCalculatorInputs,
  defaultCalculatorInputs,
  PAYMENTS_PER_YEAR,
  priceHelpText,
  rateHelpText,
  shownCalculatorInputs,
} from "./repayment";

const finance = defaultSiteConfig.finance;
const inputs = (over: Partial<FinanceCalculatorInputs> = {}): FinanceCalculatorInputs => ({
  amount: 30000, term: 5, interest: 10, tradeIn: 0, residual: 0, total: null, frequency: "monthly", ...over,
});

describe("amortisation", () => {
  it("matches the standard formula: $30,000 over 5 years at 10% monthly", () => {
    expect(amortisedPayment(30000, 10, 5, 12)).toBeCloseTo(637.41, 2);
  });
  it("a zero rate divides evenly; a balloon lowers the payment", () => {
    expect(amortisedPayment(30000, 0, 5, 12)).toBe(500);
    expect(amortisedPayment(30000, 0, 5, 12, 6000)).toBe(400);
    expect(amortisedPayment(30000, 10, 5, 12, 9000)).toBeLessThan(amortisedPayment(30000, 10, 5, 12));
  });
  it("frequencies 52, 26, 12", () => {
    expect(PAYMENTS_PER_YEAR).toEqual({ weekly: 52, fortnightly: 26, monthly: 12 });
    const weekly = calculateRepayment(inputs({ frequency: "weekly" }), finance);
    expect(weekly.kind === "repayment" && weekly.repayment).toBeCloseTo(amortisedPayment(30000, 10, 5, 52), 6);
  });
});

describe("calculator", () => {
  it("total = repayment x periods + residual", () => {
    const result = calculateRepayment(inputs({ residual: 5000 }), finance);
    expect(result.kind).toBe("repayment");
    if (result.kind === "repayment") expect(result.total).toBeCloseTo(result.repayment * 60 + 5000, 6);
  });
  it("25 or less reads 'Enquire for Finance' with a blank total", () => {
    expect(calculateRepayment(inputs({ amount: 1000, tradeIn: 1000 }), finance)).toEqual({ kind: "enquire", text: "Enquire for Finance", total: null });
    expect(calculateRepayment(inputs({ amount: 1200, term: 7, interest: 0.5 }), finance).kind).toBe("enquire");
  });
  it("establishment fee is financed (1360.5 for one lender)", () => {
    const withFee = calculateRepayment(inputs(), { ...finance, establishmentFee: 1360.5 });
    expect(withFee.kind === "repayment" && withFee.amountFinanced).toBe(31360.5);
  });
  it("start values held to the bounds: price 0..250000, term 1-7 in 0.5 steps, the rate clamped but never moved to a step", () => {
    const held = clampCalculatorInputs(inputs({ amount: -5, term: 9, interest: 0.2, tradeIn: 300000, residual: -1 }), finance.calculator);
    expect(held).toMatchObject({ amount: 0, term: 7, interest: 0.5, tradeIn: 250000, residual: 0 });
    expect(clampCalculatorInputs(inputs({ term: 2.3, interest: 10.14 }), finance.calculator)).toMatchObject({ term: 2.5, interest: 10.14 });
    const lender = { ...finance.calculator, rateMin: 7.5, rateMax: 14.5 };
    expect(clampCalculatorInputs(inputs({ interest: 20 }), lender).interest).toBe(14.5);
  });
  it("uses what is shown: values of 0 or below become 0, a rate outside the range is used as typed (its error explains)", () => {
    expect(shownCalculatorInputs(inputs({ amount: -5, interest: Number.NaN, tradeIn: -1, residual: 0 }))).toMatchObject({ amount: 0, interest: 0, tradeIn: 0 });
    const at20 = calculateRepayment(inputs({ interest: 20 }), finance);
    expect(at20.kind === "repayment" && at20.repayment).toBeCloseTo(amortisedPayment(30000, 20, 5, 12), 6);
    expect(rateHelpText({ rateMin: 7.5, rateMax: 14.5 })).toBe("Cannot be less than 7.5% or more than 14.5%");
  });
  it("refuses a balloon above the amount financed, with the reason", () => {
    expect(calculateRepayment(inputs({ amount: 30000, tradeIn: 5000, residual: 25001 }), finance)).toEqual({
      kind: "refused",
      reason: "Cannot be more than the amount financed ($25,000)",
      total: null,
    });
    expect(calculateRepayment(inputs({ amount: 30000, tradeIn: 5000, residual: 25000 }), finance).kind).not.toBe("refused");
  });
  it("price help text", () => {
    expect(priceHelpText(finance.calculator)).toBe("Cannot be less than $1,000 or more than $250,000");
    expect(priceHelpText({ priceMin: 5000, priceMax: 250000 })).toBe("Cannot be less than $5,000 or more than $250,000");
  });
  it("lender preset used only when every input matches within 0.1", () => {
    const lender = { deposit: 0, termYears: 5, interestRate: 10, balloon: 0, paymentMonth: 640, paymentWeek: 147 };
    const used = calculateRepayment(inputs({ amount: 30000.05 }), finance, { carPrice: 30000, lender });
    expect(used).toMatchObject({ kind: "repayment", repayment: 640, fromPreset: true });
    const changed = calculateRepayment(inputs({ interest: 10.5 }), finance, { carPrice: 30000, lender });
    expect(changed).toMatchObject({ fromPreset: false });
  });
  it("defaults: car price or 30000, 5 years, residual 0, the site's interest rate", () => {
    expect(defaultCalculatorInputs(null, finance)).toMatchObject({ amount: 30000, term: 5, residual: 0, interest: 10 });
    expect(defaultCalculatorInputs(27990, { defaultInterestRate: 8.5 })).toMatchObject({ amount: 27990, interest: 8.5 });
  });
});

describe("the calculator's answer: bounds that take the car's own figures, no figure for a refused input (ADR 0063)", () => {
  const harbour = { ...finance.calculator, priceMin: 5000, rateMin: 7.5, rateMax: 14.5 };
  const lender = { deposit: 0, balloon: 0, termYears: 5, interestRate: 6.99, paymentWeek: 22.1, paymentMonth: null };

  it("widens the bounds to the start, so the car's own rate, price and published payment (even under $25) stand", () => {
    const start = inputs({ amount: 4990, interest: 6.99, frequency: "weekly" });
    const bounds = boundsWithStart(harbour, start);
    expect(bounds).toMatchObject({ priceMin: 4990, rateMin: 6.99, rateMax: 14.5 });
    const answer = calculatorAnswer(start, finance, bounds, 6.99, { carPrice: 4990, lender });
    expect(answer).toEqual({ errors: {}, result: expect.objectContaining({ kind: "repayment", repayment: 22.1, fromPreset: true }) });
    // A quick pick keeps the rate the page put there: no error, a computed figure.
    expect(calculatorAnswer({ ...start, amount: 18000 }, finance, bounds, 6.99).result.kind).toBe("repayment");
  });

  it("refuses a value outside the bounds or a typed rate off the grid, with the reason and no figure", () => {
    const answer = (over: Partial<FinanceCalculatorInputs>) => calculatorAnswer(inputs(over), finance, harbour, 10);
    expect(answer({ interest: 16 })).toEqual({ errors: { interest: rateHelpText(harbour) }, result: { kind: "refused", reason: rateHelpText(harbour), total: null } });
    expect(answer({ amount: 1000 }).errors).toEqual({ amount: priceHelpText(harbour) });
    expect(answer({ amount: 1000 }).result.kind).toBe("refused");
    expect(answer({ interest: 8.3 }).errors).toEqual({ interest: "Choose a rate in 0.5% steps" });
    expect(answer({ interest: 9.5 }).result.kind).toBe("repayment");
    expect(calculatorAnswer(inputs({ interest: 10.14 }), finance, harbour, 10.14).result.kind).toBe("repayment");
    expect(answer({ tradeIn: 300000 }).errors).toEqual({ tradeIn: "Cannot be more than $250,000" });
    expect(answer({ residual: 40000 }).errors).toEqual({ residual: "Cannot be more than the amount financed ($30,000)" });
  });

  it("property: a figure only when there is no error", () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 400000, noNaN: true }), fc.double({ min: -1, max: 30, noNaN: true }), (amount, interest) => {
        const { errors, result } = calculatorAnswer(inputs({ amount, interest }), finance, harbour, 10);
        return (result.kind === "refused") === Object.keys(errors).length > 0;
      }),
    );
  });
});

describe("repayment properties", () => {
  const principal = fc.double({ min: 0, max: 250000, noNaN: true });
  const rate = fc.double({ min: 0, max: 20, noNaN: true });
  const years = fc.constantFrom(1, 1.5, 2, 3, 4, 5, 6, 7);
  const perYear = fc.constantFrom(12, 26, 52);
  const balloonShare = fc.double({ min: 0, max: 1, noNaN: true });

  it("never negative", () => {
    fc.assert(fc.property(principal, rate, years, perYear, fc.double({ min: 0, max: 500000, noNaN: true }), (p, r, y, n, b) => amortisedPayment(p, r, y, n, b) >= 0));
  });
  it("monotonic in price", () => {
    fc.assert(
      fc.property(principal, principal, rate, years, perYear, (a, b, r, y, n) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return amortisedPayment(low, r, y, n) <= amortisedPayment(high, r, y, n) + 1e-9;
      }),
    );
  });
  it("monotonic in rate, with a balloon up to the amount financed", () => {
    fc.assert(
      fc.property(principal, rate, rate, years, perYear, balloonShare, (p, a, b, y, n, share) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const balloon = p * share;
        return amortisedPayment(p, low, y, n, balloon) <= amortisedPayment(p, high, y, n, balloon) + 1e-6;
      }),
    );
  });
});
