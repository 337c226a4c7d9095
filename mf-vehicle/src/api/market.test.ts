import { isPriceComparisonVisible } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { marketComparison } from "./market";

describe("marketComparison", () => {
  it("places the listing in the 10th-90th percentile range of comparable prices", () => {
    const result = marketComparison(25000, [20000, 22000, 24000, 26000, 28000, 30000, 32000, 0, Number.NaN], "Toyota Corolla");
    expect(result).toMatchObject({ listing_price: 25000, market_range_min: 21200, market_range_max: 30800, description: "Based on 7 comparable Toyota Corolla listings." });
    expect(result?.fill).toBeCloseTo(0.4, 1);
    expect(result?.confidence).toBeCloseTo(7 / 15, 2);
    expect(isPriceComparisonVisible(result)).toBe(true);
  });

  it("answers no data without a listing price or with fewer than two comparables; two give too little confidence", () => {
    expect(marketComparison(null, [1, 2, 3], "x")).toBeNull();
    expect(marketComparison(25000, [20000], "x")).toBeNull();
    expect(isPriceComparisonVisible(marketComparison(25000, [20000, 30000], "x"))).toBe(false);
  });
});
