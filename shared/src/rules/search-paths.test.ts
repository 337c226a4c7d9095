import { describe, expect, it } from "vitest";
import { addRecentSearch, landingPathMeaning, landingTitle, resolveLandingPath, searchLandingPath } from "./search-paths";

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

describe("landingPathMeaning", () => {
  it.each([["used-cars"], ["new-and-demo-cars"], ["new-cars"], ["demo-cars"], ["new-used-and-demo-cars"]])("reads %s back to the filters that build it", (landing) => {
    const meaning = landingPathMeaning(landing);
    expect(meaning.kind).toBe("car_type");
    if (meaning.kind === "car_type") expect(searchLandingPath({ car_type: meaning.car_type }, search)).toBe(`/search/${landing}`);
  });
  it("reads two segments as make and model, one other segment as a make, body or dealership", () => {
    expect(landingPathMeaning("toyota", "hilux")).toEqual({ kind: "make_model", make: "toyota", model: "hilux" });
    expect(landingPathMeaning("suv")).toEqual({ kind: "segment", segment: "suv" });
  });
  it.each([["constructor"], ["__proto__"], ["toString"], ["hasOwnProperty"]])("reads %s, a name every object inherits, as a plain segment", (segment) => {
    expect(landingPathMeaning(segment)).toEqual({ kind: "segment", segment });
  });
});

describe("resolveLandingPath", () => {
  const vocabulary = {
    makes: ["Mercedes-Benz", "Mazda", "Toyota", "Land Rover"],
    makeModels: ["Mazda CX-5", "Mazda 3", "Toyota HiLux", "Land Rover Defender", "Mercedes-Benz GLC"],
    bodies: ["SUV", "Ute", "Hatch"],
    dealerships: ["harbour-city-motors-north"],
  };
  it("resolve hyphenated makes and models through pathSegment", () => {
    expect(resolveLandingPath("mercedes-benz", undefined, vocabulary)).toEqual({ refinements: { make: ["Mercedes-Benz"] }, dealership: null });
    expect(resolveLandingPath("mazda", "cx-5", vocabulary)).toEqual({ refinements: { make: ["Mazda"], make_model: ["Mazda CX-5"] }, dealership: null });
    expect(resolveLandingPath("land-rover", "defender", vocabulary)?.refinements.make_model).toEqual(["Land Rover Defender"]);
  });

  it("resolve car types, bodies and dealerships, and nothing else", () => {
    expect(resolveLandingPath("used-cars", undefined, vocabulary)?.refinements).toEqual({ car_type: ["used"] });
    expect(resolveLandingPath("new-and-demo-cars", undefined, vocabulary)?.refinements).toEqual({ car_type: ["new", "demo"] });
    expect(resolveLandingPath("new-used-and-demo-cars", undefined, vocabulary)?.refinements).toEqual({});
    expect(resolveLandingPath("suv", undefined, vocabulary)?.refinements).toEqual({ body: ["SUV"] });
    expect(resolveLandingPath("harbour-city-motors-north", undefined, vocabulary)).toEqual({ refinements: {}, dealership: "harbour-city-motors-north" });
    expect(resolveLandingPath("lada", undefined, vocabulary)).toBeNull();
    expect(resolveLandingPath("mazda", "cx-9", vocabulary)).toBeNull();
    expect(resolveLandingPath('used-cars"', undefined, vocabulary)).toBeNull();
  });

  it("gives each landing its own title: car types, make and model, body, dealership", () => {
    const none = { refinements: {}, dealership: null };
    expect(landingTitle("used-cars", { refinements: { car_type: ["used"] }, dealership: null })).toBe("Used cars");
    expect(landingTitle("new-used-and-demo-cars", none)).toBe("New, used and demo cars");
    expect(landingTitle("toyota", { refinements: { make: ["Toyota"], make_model: ["Toyota HiLux"] }, dealership: null })).toBe("Toyota HiLux");
    expect(landingTitle("mercedes-benz", { refinements: { make: ["Mercedes-Benz"] }, dealership: null })).toBe("Mercedes-Benz");
    expect(landingTitle("suv", { refinements: { body: ["SUV"] }, dealership: null })).toBe("SUV");
    expect(landingTitle("summit-kia-adelaide", { refinements: {}, dealership: "summit-kia-adelaide" })).toBe("Stock at Summit Kia Adelaide");
    expect(landingTitle("constructor", none)).toBeNull();
  });
});
