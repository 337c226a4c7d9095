import { describe, expect, it } from "vitest";
import { resolveLanding, searchAddress, stateWithLanding } from "./landing";
import { parseRouteState } from "./route-state";

const vocabulary = {
  makes: ["Mercedes-Benz", "Mazda", "Toyota", "Land Rover"],
  makeModels: ["Mazda CX-5", "Mazda 3", "Toyota HiLux", "Land Rover Defender", "Mercedes-Benz GLC"],
  bodies: ["SUV", "Ute", "Hatch"],
  dealerships: ["harbour-city-motors-north"],
};
const search = { landingBase: "/search" };

describe("landing paths", () => {
  it("resolve hyphenated makes and models through pathSegment", () => {
    expect(resolveLanding("mercedes-benz", undefined, vocabulary)).toEqual({ refinements: { make: ["Mercedes-Benz"] }, dealership: null });
    expect(resolveLanding("mazda", "cx-5", vocabulary)).toEqual({ refinements: { make: ["Mazda"], make_model: ["Mazda CX-5"] }, dealership: null });
    expect(resolveLanding("land-rover", "defender", vocabulary)?.refinements.make_model).toEqual(["Land Rover Defender"]);
  });

  it("resolve car types, bodies and dealerships, and nothing else", () => {
    expect(resolveLanding("used-cars", undefined, vocabulary)?.refinements).toEqual({ car_type: ["used"] });
    expect(resolveLanding("new-and-demo-cars", undefined, vocabulary)?.refinements).toEqual({ car_type: ["new", "demo"] });
    expect(resolveLanding("new-used-and-demo-cars", undefined, vocabulary)?.refinements).toEqual({});
    expect(resolveLanding("suv", undefined, vocabulary)?.refinements).toEqual({ body: ["SUV"] });
    expect(resolveLanding("harbour-city-motors-north", undefined, vocabulary)).toEqual({ refinements: {}, dealership: "harbour-city-motors-north" });
    expect(resolveLanding("lada", undefined, vocabulary)).toBeNull();
    expect(resolveLanding("mazda", "cx-9", vocabulary)).toBeNull();
    expect(resolveLanding('used-cars"', undefined, vocabulary)).toBeNull();
  });

  it("moves the address to the landing path built from the filters, the rest in the query", () => {
    const at = { pathname: "/search/used-cars", landing: true, dealership: null };
    const state = stateWithLanding(parseRouteState("range[price]=:40000"), resolveLanding("used-cars", undefined, vocabulary));
    expect(searchAddress(state, at, search)).toBe("/search/used-cars?range[price]=:40000");
    const toyota = { ...state, refinementList: { ...state.refinementList, make: ["Toyota"] } };
    expect(searchAddress(toyota, at, search)).toBe("/search/toyota?refinementList[car_type][0]=used&range[price]=:40000");
    const hilux = { ...toyota, refinementList: { ...toyota.refinementList, make_model: ["Toyota HiLux"] } };
    expect(searchAddress(hilux, at, search)).toBe("/search/toyota/hilux?refinementList[car_type][0]=used&range[price]=:40000");
    expect(searchAddress({ ...state, refinementList: { car_type: ["new", "used"] } }, at, search)).toBe(
      "/search/new-used-and-demo-cars?refinementList[car_type][0]=new&refinementList[car_type][1]=used&range[price]=:40000",
    );
    expect(searchAddress({ ...state, refinementList: { body: ["SUV"] } }, at, search)).toBe("/search/suv?range[price]=:40000");
  });

  it("keeps everything in the query on /search and on a dealership's path", () => {
    const state = parseRouteState("refinementList[make][0]=Toyota");
    expect(searchAddress(state, { pathname: "/search", landing: false, dealership: null }, search)).toBe("/search?refinementList[make][0]=Toyota");
    expect(searchAddress(state, { pathname: "/search/north", landing: true, dealership: "north" }, search)).toBe("/search/north?refinementList[make][0]=Toyota");
  });
});
