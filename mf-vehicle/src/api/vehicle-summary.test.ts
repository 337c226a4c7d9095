import { makeCar, makeConfig } from "@dealer/shared/testing";
import { describe, expect, it } from "vitest";
import { featureRows } from "../fragments/saved-cars/ComparePage";
import { vehicleSummary } from "./vehicle-summary";

describe("vehicle summary (compare, favourites, recently viewed)", () => {
  it("price (never a subscription), the car's advertised repayment with its rates, specs with '-' for missing values, features", () => {
    const lender = { interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 123.45 };
    const car = makeCar({ price: 30_000, subscription_price: 199, km: 12_000, seats: null, standardEquipment: ["Cruise Control"], finance_lenders: { manual: lender } });
    const summary = vehicleSummary(car, makeConfig({ features: { subscriptions: true } }));
    expect(summary.priceText).toBe("$30,000");
    expect(summary.priceType).toBe("Excl. Government Charges");
    expect(vehicleSummary(makeCar({ price: 30_000, price_type: "Drive Away" }), makeConfig()).priceType).toBe("Drive Away");
    expect(summary.repayment).toMatchObject({ text: "$123.45/wk", rates: "8.50% p.a. (comparison rate 9.10% p.a.)" });
    expect(summary.repayment?.basis).toMatch(/^Based on \$[\d,]+ over \d+ years at 8\.50% p\.a\. with a /);
    expect(vehicleSummary(makeCar({ price: 30_000 }), makeConfig()).repayment).toBeNull();
    expect(summary.specs.find((spec) => spec.label === "Kilometres")?.value).toBe("12,000 km");
    expect(summary.specs.find((spec) => spec.label === "Seats")?.value).toBe("-");
    expect(summary.features).toEqual(["Cruise Control"]);
  });

  it("a sold car shows the sold label and no estimate", () => {
    const summary = vehicleSummary(makeCar({ status: "sold", price: 30_000 }), makeConfig());
    expect(summary).toMatchObject({ inStock: false, priceText: makeConfig().labels.soldLabel, priceType: null, repayment: null });
  });

  it("feature rows: every feature any car has, marked per car", () => {
    const cars = [makeCar({ id: 1, standardEquipment: ["A", "B"] }), makeCar({ id: 2, standardEquipment: ["B", "C"] })].map((car) => vehicleSummary(car, makeConfig()));
    expect(featureRows(cars)).toEqual([
      { feature: "A", present: [true, false] },
      { feature: "B", present: [true, true] },
      { feature: "C", present: [false, true] },
    ]);
  });
});
