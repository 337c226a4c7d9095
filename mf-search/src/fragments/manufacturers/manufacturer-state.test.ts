import { describe, expect, it } from "vitest";
import { EMPTY_MANUFACTURER_STATE, manufacturerAddress, manufacturerRequests, parseManufacturerState } from "./manufacturer-state";

describe("manufacturer search address state", () => {
  it("reads the query and page and writes them back, keeping the page's other parameters", () => {
    const state = parseManufacturerState("?make_query=ranger&make_page=2&utm_source=x");
    expect(state).toEqual({ query: "ranger", page: 2 });
    expect(manufacturerAddress(state, "?utm_source=x&make_page=9")).toBe("?utm_source=x&make_query=ranger&make_page=2");
    expect(manufacturerAddress(EMPTY_MANUFACTURER_STATE, "?make_query=a")).toBe("");
  });

  it("drops malformed values instead of failing", () => {
    expect(parseManufacturerState("?make_page=-1")).toEqual(EMPTY_MANUFACTURER_STATE);
    expect(parseManufacturerState("?make_page=99999999999999999999&make_query=%E0%A4%A")).toMatchObject({ page: 1 });
    expect(parseManufacturerState(`?make_query=${"x".repeat(5000)}&make_page=1e3`)).toEqual({ query: "x".repeat(100), page: 1 });
  });

  it("asks for 21 entries of the page", () => {
    expect(manufacturerRequests("Manufacturer_production", { query: "q", page: 3 })).toEqual([expect.objectContaining({ query: "q", page: 2, hitsPerPage: 21 })]);
  });
});
