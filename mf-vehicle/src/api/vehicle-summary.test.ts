import { makeCar, makeConfig } from "@dealer/shared/testing";
import { describe, expect, it } from "vitest";
import { featureRows } from "../fragments/saved-cars/ComparePage";
import { vehicleSummary } from "./vehicle-summary";

describe("vehicle summary (compare, favourites, recently viewed)", () => {
  it("price, the standard finance estimate at the site's rate, specs with '-' for missing values, features", () => {
    const summary = vehicleSummary(makeCar({ price: 30_000, km: 12_000, seats: null, standardEquipment: ["Cruise Control"] }), makeConfig());
    expect(summary.priceText).toBe("$30,000");
    expect(summary.weeklyEstimate).toMatch(/^\$\d+\/wk$/);
    expect(summary.specs.find((spec) => spec.label === "Kilometres")?.value).toBe("12,000 km");
    expect(summary.specs.find((spec) => spec.label === "Seats")?.value).toBe("-");
    expect(summary.features).toEqual(["Cruise Control"]);
  });

  it("a sold car shows the sold label and no estimate", () => {
    const summary = vehicleSummary(makeCar({ status: "sold", price: 30_000 }), makeConfig());
    expect(summary).toMatchObject({ inStock: false, priceText: makeConfig().labels.soldLabel, weeklyEstimate: null });
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
