import { describe, expect, it } from "vitest";
import { isSimilarSearchEligible, rankSimilarCars, similarCarsFilters, similarPriceWindow } from "./similar-cars";
import { makeCar } from "./test-fixtures";

describe("similar cars", () => {
  it("price window: +-10,000 under 50,000, else +-25,000", () => {
    expect(similarPriceWindow(27990)).toEqual({ min: 17990, max: 37990 });
    expect(similarPriceWindow(49999)).toEqual({ min: 39999, max: 59999 });
    expect(similarPriceWindow(50000)).toEqual({ min: 25000, max: 75000 });
    expect(similarPriceWindow(5000)).toEqual({ min: 0, max: 15000 });
  });
  it("only in_stock cars", () => {
    expect(isSimilarSearchEligible({ status: "in_stock" })).toBe(true);
    expect(isSimilarSearchEligible({ status: "coming_soon" })).toBe(false);
  });
  it("filters exclude the car itself", () => {
    const filters = similarCarsFilters(makeCar({ simple_body: "Hatch" }));
    expect(filters).toEqual([
      'make:"Toyota" AND model:"Corolla" AND status:in_stock AND NOT objectID:101',
      'price:17990 TO 37990 AND body:"Hatch" AND status:in_stock AND NOT objectID:101',
    ]);
  });
  it("same model first, de-duplicated, capped at 6", () => {
    const hit = (id: number, model: string) => ({ id, model });
    const hits = [hit(1, "Yaris"), hit(2, "Corolla"), hit(1, "Yaris"), hit(101, "Corolla"), hit(3, "Camry"), hit(4, "Corolla"), hit(5, "RAV4"), hit(6, "C-HR"), hit(7, "Kluger")];
    expect(rankSimilarCars(hits, { id: 101, model: "Corolla" }).map((h) => h.id)).toEqual([2, 4, 1, 3, 5, 6]);
    expect(rankSimilarCars(hits, { id: 101, model: "Corolla" }, 2)).toHaveLength(2);
  });
});
