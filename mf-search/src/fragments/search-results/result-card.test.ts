import { makeCar, makeConfig } from "@dealer/shared/testing";
import { describe, expect, it } from "vitest";
import { toResultCard } from "./result-card";

const now = new Date("2025-06-05T00:00:00Z");
const lender = { interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 123 };

describe("toResultCard", () => {
  it("shows the car's advertised repayment (the lender's weekly payment) with its rate, comparison rate and terms", () => {
    const card = toResultCard(makeCar({ finance_lenders: { manual: lender } }), makeConfig(), now);
    // No lender deposit, balloon or term: the calculator's start, 5 years with none (ADR 0065's terms line).
    expect(card.repayment).toEqual({ text: "$123.00/wk", rates: "8.50% p.a. (comparison rate 9.10% p.a.)", terms: "Over 5 years with a $0 deposit and a $0 final payment." });
  });

  it("shows no repayment for a sold car, an excluded make or a car without the provider's figures", () => {
    expect(toResultCard(makeCar({ status: "sold", finance_lenders: { manual: lender } }), makeConfig(), now).repayment).toBeNull();
    expect(toResultCard(makeCar({ finance_lenders: { manual: lender } }), makeConfig({ finance: { excludedManufacturers: ["Toyota"] } }), now).repayment).toBeNull();
    expect(toResultCard(makeCar(), makeConfig(), now).repayment).toBeNull();
  });

  it("offers favourite and compare only for cars in stock", () => {
    expect(toResultCard(makeCar(), makeConfig(), now)).toMatchObject({ favourite: true, compare: true });
    expect(toResultCard(makeCar({ status: "sold" }), makeConfig(), now)).toMatchObject({ favourite: false, compare: false });
  });

  it("carries the search record's ATM for the card's tow verdict, null for a hit without one (ADR 0086)", () => {
    expect(toResultCard({ ...makeCar(), atm: 2_450 }, makeConfig(), now).atm).toBe(2_450);
    expect(toResultCard({ ...makeCar(), atm: null }, makeConfig(), now).atm).toBeNull();
    expect(toResultCard(makeCar(), makeConfig(), now).atm).toBeNull();
  });
});
