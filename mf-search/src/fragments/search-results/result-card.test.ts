import { makeCar, makeConfig } from "@dealer/shared/testing";
import { describe, expect, it } from "vitest";
import { toResultCard } from "./result-card";

const now = new Date("2025-06-05T00:00:00Z");
const lender = { interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 123 };

describe("toResultCard", () => {
  it("shows the lender's weekly payment where finance display is eligible", () => {
    const card = toResultCard(makeCar({ finance_lenders: { manual: lender } }), makeConfig(), now);
    expect(card.weekly).toBe(123);
  });

  it("shows no weekly payment for a sold car, an excluded make or a car without the provider's figures", () => {
    expect(toResultCard(makeCar({ status: "sold", finance_lenders: { manual: lender } }), makeConfig(), now).weekly).toBeNull();
    expect(toResultCard(makeCar({ finance_lenders: { manual: lender } }), makeConfig({ finance: { excludedManufacturers: ["Toyota"] } }), now).weekly).toBeNull();
    expect(toResultCard(makeCar(), makeConfig(), now).weekly).toBeNull();
  });

  it("offers favourite and compare only for cars in stock", () => {
    expect(toResultCard(makeCar(), makeConfig(), now)).toMatchObject({ favourite: true, compare: true });
    expect(toResultCard(makeCar({ status: "sold" }), makeConfig(), now)).toMatchObject({ favourite: false, compare: false });
  });
});
