import { describe, expect, it } from "vitest";
import { amortisedPayment, calculateRepayment } from "./repayment";
import {
  carCalculatorStart,
  carFinance,
  cardWeeklyAmount,
  carRepayment,
  financeNotes,
  financePrice,
  repaymentBasis,
  repaymentBasisText,
  repaymentLabels,
  repaymentTermsText,
  repaymentRatesText,
  repaymentText,
  weeklyRepaymentAmount,
} from "./car-repayment";
import { makeCar, makeConfig } from "./test-fixtures";

const now = new Date("2026-11-25T00:00:00Z");
const lender = { deposit: 3000, balloon: 0, termYears: 5, interestRate: 10.14, comparisonRate: 11.02, paymentWeek: 123.45, paymentMonth: 534.95 };

describe("carRepayment: the one figure a car advertises", () => {
  it("is the lender's published payment with its rate and comparison rate, and the calculator's start reproduces it", () => {
    const config = makeConfig({ finance: { provider: "manual" } });
    const car = makeCar({ price: 30000, finance_lenders: { manual: lender } });
    const figure = carRepayment(car, config, now);
    expect(figure).toMatchObject({ amount: 123.45, frequency: "weekly", interestRate: 10.14, comparisonRate: 11.02, source: "lender" });
    expect(figure?.start).toEqual({ amount: 30000, tradeIn: 3000, residual: 0, term: 5, interest: 10.14, frequency: "weekly", total: null });
    // The start keeps 10.14 (no 0.5 grid), so the preset is used.
    const start = carCalculatorStart(30000, lender, config.finance);
    expect(start).toMatchObject({ interest: 10.14, frequency: "weekly", tradeIn: 3000 });
    expect(calculateRepayment(start, config.finance, { carPrice: 30000, lender })).toMatchObject({ repayment: 123.45, fromPreset: true });
  });

  it("without a published payment, is what the calculator computes from the lender's terms (fee included)", () => {
    const config = makeConfig({ finance: { provider: "taurus", establishmentFee: 1360.5 } });
    const car = makeCar({ price: 30000, year: 2024, finance_lenders: { taurus: { ...lender, paymentWeek: null, paymentMonth: null } } });
    expect(carRepayment(car, config, now)?.amount).toBeCloseTo(amortisedPayment(30000 - 3000 + 1360.5, 10.14, 5, 52), 9);
  });

  it("is monthly for the Nissan-type lender", () => {
    const config = makeConfig({ finance: { provider: "nissan" } });
    const car = makeCar({ price: 30000, finance_lenders: { nissan: lender } });
    expect(carRepayment(car, config, now)).toMatchObject({ amount: 534.95, frequency: "monthly" });
  });

  it("uses the car's price, never its subscription", () => {
    const config = makeConfig({ finance: { provider: "manual" }, features: { subscriptions: true } });
    const car = makeCar({ price: 30000, subscription_price: 255, finance_lenders: { manual: lender } });
    expect(financePrice(car, config)).toBe(30000);
    expect(carRepayment(car, config, now)?.start.amount).toBe(30000);
  });

  it("falls back to a stored quote on a site that uses them; else there is no figure", () => {
    const quote = { weeklyRepaymentAmount: 131, advertisedRate: 9.49, comparisonRate: 12.5 };
    const car = makeCar({ price: 30000, youxQuote: quote });
    expect(carRepayment(car, makeConfig({ features: { youxQuote: true } }), now)).toMatchObject({ amount: 131, source: "quote", interestRate: 9.49, comparisonRate: 12.5 });
    expect(carRepayment(car, makeConfig({ features: { youxQuote: true }, finance: { provider: "nissan" } }), now)?.start).toMatchObject({ term: 5, tradeIn: 0, interest: 9.49, frequency: "weekly" });
    expect(carRepayment(car, makeConfig(), now)).toBeNull();
    expect(carRepayment(makeCar({ price: 30000, status: "sold", youxQuote: quote }), makeConfig({ features: { youxQuote: true } }), now)).toBeNull();
  });

  it("shows nothing for an excluded make or dealership, its stored quote and a live quote included (ADR 0063)", () => {
    const quote = { weeklyRepaymentAmount: 152, advertisedRate: 11.59, comparisonRate: 12.1 };
    const config = makeConfig({ features: { youxQuote: true }, finance: { excludedManufacturers: ["Hino"], excludedDealerships: ["summit-kia-adelaide"] } });
    expect(carFinance(makeCar({ price: 30000, dealership_slug: "summit-kia-adelaide", youxQuote: quote }), config, now)).toEqual({ offered: false });
    expect(carFinance(makeCar({ price: 30000, dealership_slug: "summit-kia-adelaide" }), config, now)).toEqual({ offered: false });
    expect(carFinance(makeCar({ price: 90000, make: " hino ", finance_lenders: { manual: lender } }), config, now)).toEqual({ offered: false });
    expect(carFinance(makeCar({ price: 30000 }), config, now)).toEqual({ offered: true, price: 30000, repayment: null, quoteRequest: true });
    // No figure and no quote to ask for: no finance at all (no estimate at the site's rate).
    expect(carFinance(makeCar({ price: 30000 }), makeConfig(), now)).toEqual({ offered: false });
    expect(carFinance(makeCar({ price: 500, youxQuote: quote }), config, now)).toEqual({ offered: false });
  });

  it("keeps a lender's published payment of $25 or less: the rule is price over $500 (Angle-type, a $4,990 bike)", () => {
    const bike = makeCar({ price: 4990, finance_lenders: { angle: { ...lender, deposit: 499, paymentWeek: 22.51 } } });
    expect(carRepayment(bike, makeConfig({ finance: { provider: "angle" } }), now)).toMatchObject({ amount: 22.51, source: "lender" });
  });

  it("headlines a subscription on the card, so the weekly filter compares it rather than the finance line", () => {
    const config = makeConfig({ finance: { provider: "manual" }, features: { subscriptions: true } });
    expect(cardWeeklyAmount(makeCar({ price: 30000, subscription_price: 385, finance_lenders: { manual: lender } }), config, now)).toBe(385);
    expect(cardWeeklyAmount(makeCar({ price: 30000, finance_lenders: { manual: lender } }), config, now)).toBe(123.45);
    expect(cardWeeklyAmount(makeCar({ price: 30000, subscription_price: 385 }), makeConfig(), now)).toBeNull();
  });

  it("writes its basis at the rate it was computed at", () => {
    const figure = carRepayment(makeCar({ price: 30000, finance_lenders: { manual: lender } }), makeConfig(), now);
    if (!figure) throw new Error("expected a figure");
    expect(repaymentBasisText(repaymentBasis(figure))).toBe("Based on $30,000 over 5 years at 10.14% p.a. with a $3,000 deposit and a $0 final payment.");
    // Where the price and rate stand beside the figure (cards, sticky header), its terms alone.
    expect(repaymentLabels(figure)?.terms).toBe("Over 5 years with a $3,000 deposit and a $0 final payment.");
    expect(repaymentTermsText({ termYears: 1, deposit: 0, balloon: 500 })).toBe("Over 1 year with a $0 deposit and a $500 final payment.");
  });

  it("reads as a weekly amount to the cent for the search filter: a monthly figure over 4.33 weeks", () => {
    expect(weeklyRepaymentAmount({ amount: 263.654, frequency: "weekly" })).toBe(263.65);
    expect(weeklyRepaymentAmount({ amount: 534.95, frequency: "monthly" })).toBe(123.55);
    expect(weeklyRepaymentAmount(null)).toBeNull();
  });

  it("writes the figure to the cent with both rates", () => {
    expect(repaymentText({ amount: 263.654, frequency: "weekly" })).toBe("$263.65/wk");
    expect(repaymentText({ amount: 1144, frequency: "monthly" })).toBe("$1,144.00/mth");
    expect(repaymentRatesText({ interestRate: 9.99, comparisonRate: 10.5 })).toBe("9.99% p.a. (comparison rate 10.50% p.a.)");
  });
});

describe("financeNotes: a dealership's fees and offer, the site's comparison-rate range", () => {
  it("writes each as one sentence", () => {
    const config = makeConfig({
      finance: {
        comparisonRateRange: { from: 8.38, to: 19.42 },
        dealershipCopy: {
          lite: { fees: [], offer: { rate: 6.29, comparisonRate: 8.19, termYears: 5, deposit: 0 } },
          fees: {
            fees: [
              { label: "Establishment fee", amount: 395, monthly: false },
              { label: "PPSR fee", amount: 6, monthly: false },
              { label: "Account fee", amount: 8, monthly: true },
              { label: "Origination fee", amount: 912.25, monthly: false },
            ],
            offer: null,
          },
        },
      },
    });
    expect(financeNotes(config.finance, "lite")).toEqual([
      "Finance from 6.29% p.a. (comparison rate 8.19% p.a.) over 5 years with no deposit.",
      "Comparison rates from 8.38% p.a. to 19.42% p.a.",
    ]);
    expect(financeNotes(config.finance, "fees")[0]).toBe("Fees and charges: Establishment fee $395, PPSR fee $6, Account fee $8 monthly, Origination fee $912.25.");
    expect(financeNotes(makeConfig().finance, "lite")).toEqual([]);
  });
});
