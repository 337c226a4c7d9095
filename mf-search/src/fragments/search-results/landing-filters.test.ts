import { describe, expect, it } from "vitest";
import { landingFilters } from "./landing-filters";

describe("landingFilters", () => {
  it("maps the spec's landing paths to filters", () => {
    expect(landingFilters({})).toEqual([]);
    expect(landingFilters({ landing: "new-used-and-demo-cars" })).toEqual([]);
    expect(landingFilters({ landing: "used-cars" })).toEqual(["car_type:used"]);
    expect(landingFilters({ landing: "new-and-demo-cars" })).toEqual(["car_type:new OR car_type:demo"]);
    expect(landingFilters({ landing: "land-rover", landingModel: "defender" })).toEqual(['make:"land rover"', 'model:"defender"']);
    expect(landingFilters({ landing: "suv" })).toEqual(['make:"suv" OR body:"suv" OR dealership_slug:"suv"']);
  });
});
