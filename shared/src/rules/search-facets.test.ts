import { describe, expect, it } from "vitest";
import { certifiedFacetValues, clearFiltersTarget, displayCount, makeList } from "./search-facets";

describe("search facets and counts", () => {
  it("a count over 1999 is replaced by the facet total", () => {
    expect(displayCount(1999, 2500)).toBe(1999);
    expect(displayCount(2000, 2500)).toBe(2500);
    expect(displayCount(2000, null)).toBe(2000);
  });
  it("make list shows 7 with 'Show all makes' / 'Hide extra makes'", () => {
    const makes = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
    expect(makeList(makes, false)).toEqual({ visible: makes.slice(0, 7), toggle: "Show all makes" });
    expect(makeList(makes, true)).toEqual({ visible: makes, toggle: "Hide extra makes" });
    expect(makeList(makes.slice(0, 7), false).toggle).toBeNull();
  });
  it("certified facet hides 'false' on certified-only sites", () => {
    const values = [{ value: "true" }, { value: "false" }];
    expect(certifiedFacetValues(values, true)).toEqual([{ value: "true" }]);
    expect(certifiedFacetValues(values, false)).toEqual(values);
  });
  it("Clear Filters goes to the refresh path or /special-offers", () => {
    expect(clearFiltersTarget("/search/used-cars", false)).toBe("/search/used-cars");
    expect(clearFiltersTarget("/special-offers?x=1", true)).toBe("/special-offers");
  });
});
