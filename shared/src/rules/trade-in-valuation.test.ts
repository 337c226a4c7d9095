import { describe, expect, it } from "vitest";
import { noEstimateAgeOrKms, noEstimateComparables, valueTradeIn } from "./trade-in-valuation";

const now = new Date("2026-06-01T00:00:00Z");
const car = { make: "Mazda", model: "CX-5", year: 2022, kms: 40_000 };

describe("valueTradeIn", () => {
  it("is 80% of the comparable retail price, ±5%, the offer at the low end", () => {
    const valuation = valueTradeIn(car, {}, [{ price: 30_000, year: 2022, km: 40_000 }], now);
    expect(valuation).toEqual({ estimate: true, low: 22_800, high: 25_200, offer: 22_800, comparables: 1, noun: "car" });
  });

  it("adjusts each comparable for year and kms and takes the median", () => {
    const stock = [
      { price: 32_400, year: 2023, km: 40_000 }, // a year newer: 8% less -> 29,808
      { price: 30_000, year: 2022, km: 20_000 }, // 20,000 km fewer: $1,000 less -> 29,000
      { price: 99_000, year: 2015, km: 10_000 }, // too far in years: not comparable
      { price: 0, year: 2022, km: 0 }, // no price: not comparable
    ];
    const valuation = valueTradeIn(car, {}, stock, now);
    expect(valuation).toMatchObject({ estimate: true, comparables: 2, low: Math.round((29_404 * 0.8 * 0.95) / 100) * 100 });
  });

  it("takes off for an accident, mechanical issues and no service history; finance owing changes nothing", () => {
    const stock = [{ price: 30_000, year: 2022, km: 40_000 }];
    const clean = valueTradeIn(car, { accident: "No", mechanical: "No", serviceHistory: "Yes", finance: "Yes" }, stock, now);
    const rough = valueTradeIn(car, { accident: "Yes", mechanical: "Yes", serviceHistory: "No" }, stock, now);
    expect(clean).toMatchObject({ offer: 22_800 });
    expect(rough).toMatchObject({ offer: Math.round((24_000 * 0.7 * 0.95) / 100) * 100 });
  });

  it("gives no estimate over 7 years old or over 100,000 km, or without comparable stock", () => {
    const stock = [{ price: 30_000, year: 2018, km: 40_000 }];
    expect(valueTradeIn({ ...car, year: 2018 }, {}, stock, now)).toEqual({ estimate: false, reason: "age-or-kms", message: noEstimateAgeOrKms() });
    expect(valueTradeIn({ ...car, kms: 100_001 }, {}, stock, now)).toMatchObject({ estimate: false, reason: "age-or-kms" });
    expect(valueTradeIn(car, {}, stock, now)).toEqual({ estimate: false, reason: "no-comparables", message: noEstimateComparables() });
    // In the site's own word: a motorcycle dealer has no similar motorcycles, not cars.
    expect(valueTradeIn(car, {}, stock, now, "motorcycle")).toMatchObject({ message: "We have no similar motorcycles in stock to compare yours with: our team will value it and call you." });
    expect(valueTradeIn({ ...car, year: 2018 }, {}, stock, now, "motorcycle")).toMatchObject({ message: expect.stringMatching(/^Motorcycles over 7 years old/) });
  });
});
