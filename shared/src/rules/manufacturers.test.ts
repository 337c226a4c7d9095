import { describe, expect, it } from "vitest";
import { brandTilesFrom, manufacturerEntryPath } from "./manufacturers";

describe("brand tiles and manufacturer entries", () => {
  it("the site's own tiles win; otherwise one tile per stocked make", () => {
    const own = [{ title: "Toyota", slug: "toyota" }];
    expect(brandTilesFrom(own, ["Mazda"])).toEqual(own);
    expect(brandTilesFrom([], ["Mercedes-Benz", "Mazda", "Mazda", ""])).toEqual([
      { title: "Mercedes-Benz", slug: "mercedes-benz" },
      { title: "Mazda", slug: "mazda" },
    ]);
  });

  it("a model leads to its landing path, a brand to its tile's page or the make's landing path", () => {
    const search = { landingBase: "/used-car" };
    expect(manufacturerEntryPath({ manufacturer: { name: "Mazda" }, model: { name: "CX-5" }, brand_path: "/mazda/overview" }, search)).toBe("/used-car/mazda/cx-5");
    expect(manufacturerEntryPath({ manufacturer: { name: "Mazda" }, model: null, brand_path: "/mazda/overview" }, search)).toBe("/mazda/overview");
    expect(manufacturerEntryPath({ manufacturer: { name: "Land Rover" }, model: null, brand_path: null }, search)).toBe("/used-car/land-rover");
  });
});
