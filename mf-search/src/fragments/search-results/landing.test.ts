import { describe, expect, it } from "vitest";
import { resolveLandingPath } from "@dealer/shared/rules";
import { searchAddress, stateWithLanding } from "./landing";
import { parseRouteState } from "@dealer/shared/rules";

const vocabulary = { makes: ["Toyota"], makeModels: ["Toyota HiLux"], bodies: ["SUV"], dealerships: [] };
const search = { landingBase: "/search" };

describe("landing paths", () => {
  it("moves the address to the landing path built from the filters, the rest in the query", () => {
    const at = { pathname: "/search/used-cars", landing: true, dealership: null };
    const state = stateWithLanding(parseRouteState("range[price]=:40000"), resolveLandingPath("used-cars", undefined, vocabulary));
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
