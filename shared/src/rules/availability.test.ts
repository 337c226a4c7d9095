import { describe, expect, it } from "vitest";
import {
  isInStock,
  isInstantValuationEligible,
  isSold,
  isTradeInEstimateAvailable,
  isVisibleInSearch,
  searchVisibilityFilter,
} from "./availability";

const now = new Date("2025-06-10T00:00:00Z");

describe("availability", () => {
  it("in_stock and coming_soon count as in stock, anything else as sold", () => {
    expect(isInStock("in_stock")).toBe(true);
    expect(isInStock("coming_soon")).toBe(true);
    expect(isSold("sold")).toBe(true);
    expect(isSold("withdrawn")).toBe(true);
  });

  it("search visibility: in stock, or sold within 3 days by default, and shown on the dealer website", () => {
    const shown = { show_on_dealer_website: true };
    expect(isVisibleInSearch({ ...shown, status: "in_stock" }, now)).toBe(true);
    expect(isVisibleInSearch({ ...shown, status: "sold", sold_date: "2025-06-07T00:00:00Z" }, now)).toBe(true);
    expect(isVisibleInSearch({ ...shown, status: "sold", sold_date: "2025-06-06T23:59:59Z" }, now)).toBe(false);
    expect(isVisibleInSearch({ ...shown, status: "sold", sold_date: "2025-06-03T00:00:00Z" }, now, 7)).toBe(true);
    expect(isVisibleInSearch({ ...shown, status: "sold", sold_date: null }, now)).toBe(false);
    expect(isVisibleInSearch({ status: "in_stock", show_on_dealer_website: false }, now)).toBe(false);
  });

  it("search visibility as an index filter", () => {
    expect(searchVisibilityFilter(now)).toBe(
      "(status:in_stock OR status:coming_soon OR sold_date_timestamp >= 1749254400) AND show_on_dealer_website:true",
    );
  });

  it("instant valuation: autograb, in_stock, not reserved, price over 200", () => {
    const car = { status: "in_stock", reserved: false, price: 201 };
    expect(isInstantValuationEligible(car, { autograb: true })).toBe(true);
    expect(isInstantValuationEligible({ ...car, price: 200 }, { autograb: true })).toBe(false);
    expect(isInstantValuationEligible({ ...car, reserved: true }, { autograb: true })).toBe(false);
    expect(isInstantValuationEligible({ ...car, status: "sold" }, { autograb: true })).toBe(false);
    expect(isInstantValuationEligible({ ...car, status: "coming_soon" }, { autograb: true })).toBe(false);
    expect(isInstantValuationEligible(car, { autograb: false })).toBe(false);
  });

  it("trade-in estimate: none over 7 years old or over 100,000 km", () => {
    expect(isTradeInEstimateAvailable({ year: 2018, km: 100_000 }, now)).toBe(true);
    expect(isTradeInEstimateAvailable({ year: 2017, km: 50_000 }, now)).toBe(false);
    expect(isTradeInEstimateAvailable({ year: 2022, km: 100_001 }, now)).toBe(false);
  });
});
