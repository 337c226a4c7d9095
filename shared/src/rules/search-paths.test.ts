import { describe, expect, it } from "vitest";
import { addRecentSearch, searchLandingPath } from "./search-paths";

const search = { landingBase: "/search" };

describe("search landing paths", () => {
  it("by car type", () => {
    expect(searchLandingPath({}, search)).toBe("/search/new-used-and-demo-cars");
    expect(searchLandingPath({ car_type: ["new", "used", "demo"] }, search)).toBe("/search/new-used-and-demo-cars");
    expect(searchLandingPath({ car_type: ["used"] }, search)).toBe("/search/used-cars");
    expect(searchLandingPath({ car_type: ["demo", "new"] }, search)).toBe("/search/new-and-demo-cars");
    expect(searchLandingPath({ car_type: ["new"] }, search)).toBe("/search/new-cars");
    expect(searchLandingPath({ car_type: ["demo"] }, search)).toBe("/search/demo-cars");
  });
  it("make, make/model and body", () => {
    expect(searchLandingPath({ make: "Land Rover" }, search)).toBe("/search/land-rover");
    expect(searchLandingPath({ make: "Toyota", model: "Land Cruiser", body: "SUV" }, search)).toBe("/search/toyota/land-cruiser");
    expect(searchLandingPath({ body: "SUV", car_type: ["used"] }, search)).toBe("/search/suv");
  });
  it("some sites use /used-car in place of /search", () => {
    expect(searchLandingPath({ make: "Mazda" }, { landingBase: "/used-car" })).toBe("/used-car/mazda");
  });
});

describe("recent searches", () => {
  it("keeps the last 5, newest first", () => {
    let recent: string[] = [];
    for (const q of ["a", "b", "c", "d", "e", "f"]) recent = addRecentSearch(recent, q);
    expect(recent).toEqual(["f", "e", "d", "c", "b"]);
    expect(addRecentSearch(recent, "c")).toEqual(["c", "f", "e", "d", "b"]);
  });
});
