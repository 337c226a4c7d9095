import { describe, expect, it } from "vitest";
import { bodyFromQuery, brandTilesFrom, manufacturerEntryPath, modelAccessoriesPath, modelBySlug, rangeModels } from "./manufacturers";

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

describe("model range", () => {
  const makes = ["Land Rover", "Land", "Toyota", "Mazda"];
  const models = rangeModels(["Toyota HiLux", "Land Rover Defender", "Mazda CX-5", "Unknown Thing", "Toyota "], makes);

  it("splits 'Make Model' pairs by the longest make, A to Z, skipping pairs of no known make", () => {
    expect(models).toEqual([
      { make: "Land Rover", model: "Defender", slug: "defender" },
      { make: "Mazda", model: "CX-5", slug: "cx-5" },
      { make: "Toyota", model: "HiLux", slug: "hilux" },
    ]);
  });

  it("reads ?body= against the stock's bodies in any spelling, and nothing for an unknown or empty one", () => {
    const bodies = ["SUV", "Light Truck", "Sedan"];
    expect(bodyFromQuery(bodies, "suv")).toBe("SUV");
    expect(bodyFromQuery(bodies, "light-truck")).toBe("Light Truck");
    expect(bodyFromQuery(bodies, "Light Truck")).toBe("Light Truck");
    expect(bodyFromQuery(bodies, "spaceship")).toBeNull();
    expect(bodyFromQuery(bodies, "")).toBeNull();
    expect(bodyFromQuery(bodies, undefined)).toBeNull();
    expect(bodyFromQuery(bodies, "<script>")).toBeNull();
  });

  it("finds a model by its slug, and its accessories path", () => {
    expect(modelBySlug(models, "cx-5")?.model).toBe("CX-5");
    expect(modelBySlug(models, "nope")).toBeNull();
    expect(modelAccessoriesPath({ slug: "hilux" })).toBe("/hilux/accessories");
  });
});
