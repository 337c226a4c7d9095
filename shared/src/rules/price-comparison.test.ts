import { describe, expect, it } from "vitest";
import { isBelowMarket, isPriceComparisonVisible } from "./price-comparison";

const full = { fill: 0.6, listing_price: 27990, market_range_min: 25000, market_range_max: 31000, confidence: 0.5, description: "Good" };

describe("price comparison panel", () => {
  it("needs every figure, confidence above 0.2 and market max not below the listing price", () => {
    expect(isPriceComparisonVisible(full)).toBe(true);
    expect(isPriceComparisonVisible({ ...full, fill: null })).toBe(false);
    expect(isPriceComparisonVisible({ ...full, confidence: 0.2 })).toBe(false);
    expect(isPriceComparisonVisible({ ...full, market_range_max: 27989 })).toBe(false);
    expect(isPriceComparisonVisible({ ...full, market_range_max: 27990 })).toBe(true);
    expect(isPriceComparisonVisible(null)).toBe(false);
  });
});

describe("market price indicator", () => {
  it("more than $499 below the state average, else the national average", () => {
    expect(isBelowMarket({ price: 29500, autograb_data: { state_average_market_price: 30000 } })).toBe(true);
    expect(isBelowMarket({ price: 29501, autograb_data: { state_average_market_price: 30000 } })).toBe(false);
    expect(isBelowMarket({ price: 29000, autograb_data: { state_average_market_price: null, average_market_price: 30000 } })).toBe(true);
    expect(isBelowMarket({ price: 29000, autograb_data: { state_average_market_price: 29200, average_market_price: 40000 } })).toBe(false);
    expect(isBelowMarket({ price: 29000, autograb_data: null })).toBe(false);
  });
});
