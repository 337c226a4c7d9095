import { describe, expect, it } from "vitest";
import { directoryAddress, directoryRequests, EMPTY_DIRECTORY_STATE, parseDirectoryState } from "./directory-state";

describe("directory address state", () => {
  it("reads every field and writes it back, keeping the page's other parameters", () => {
    const state = parseDirectoryState("?offer_query=tyres&offer_category=Brakes&offer_dealership=12&offer_price_max=250&offer_page=2&car_id=x");
    expect(state).toEqual({ query: "tyres", category: "Brakes", dealershipId: 12, priceMax: 250, page: 2 });
    expect(directoryAddress(state, "?car_id=x&offer_page=9")).toBe(
      "?car_id=x&offer_query=tyres&offer_category=Brakes&offer_dealership=12&offer_price_max=250&offer_page=2",
    );
    expect(directoryAddress(EMPTY_DIRECTORY_STATE, "?offer_query=a")).toBe("");
  });

  it("drops malformed values instead of failing", () => {
    expect(parseDirectoryState("?offer_page=-3&offer_dealership=1e9&offer_price_max=333&offer_query=%E0%A4%A")).toEqual({
      ...EMPTY_DIRECTORY_STATE,
      query: expect.any(String),
    });
    expect(parseDirectoryState(`?offer_query=${"x".repeat(5000)}&offer_page=99999999999999999999`)).toMatchObject({ page: 1 });
    expect(parseDirectoryState(`?offer_query=${"x".repeat(5000)}`).query).toHaveLength(200);
  });

  it("asks for 21 entries and the category counts without the category itself", () => {
    const [entries, categories] = directoryRequests("Directory_production", { query: "q", category: 'Tyres "x"', dealershipId: 3, priceMax: 100, page: 2 });
    expect(entries).toMatchObject({ hitsPerPage: 21, page: 1, filters: 'dealership_id = 3 AND price <= 100 AND category:"Tyres \\"x\\""' });
    expect(categories).toMatchObject({ hitsPerPage: 0, facets: ["category"], filters: "dealership_id = 3 AND price <= 100" });
  });
});
