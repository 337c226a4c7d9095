import { memoryStorage } from "@dealer/shared/testing";
import { describe, expect, it } from "vitest";
import { PERSISTED_FILTERS_KEY, persistFilters, persistedQuery, readPersistedFilters } from "./persisted-filters";
import { parseRouteState } from "@dealer/shared/rules";

describe("persisted filters (spec §4)", () => {
  it("keep refinements, ranges and the sort, never the keyword or the page", () => {
    const state = parseRouteState("query=ute&page=3&refinementList[make][0]=Toyota&range[weekly_price_range]=100:250&sortBy=Car_production:price:asc");
    expect(persistedQuery(state)).toBe("?refinementList[make][0]=Toyota&range[weekly_price_range]=100:250&sortBy=Car_production:price:asc");
    const storage = memoryStorage();
    persistFilters(storage, state);
    expect(readPersistedFilters(storage)).toEqual({ ...state, query: "", page: 1 });
  });

  it("are removed by a state without filters (Clear Filters), and a stored value is read like any address", () => {
    const storage = memoryStorage();
    persistFilters(storage, parseRouteState("refinementList[make][0]=Toyota"));
    persistFilters(storage, parseRouteState("query=ute"));
    expect(storage.getItem(PERSISTED_FILTERS_KEY)).toBeNull();
    expect(readPersistedFilters(storage)).toBeNull();
    storage.setItem(PERSISTED_FILTERS_KEY, "refinementList[nope][0]=x&range[price]=abc");
    expect(persistedQuery(readPersistedFilters(storage)!)).toBe("");
  });
});
