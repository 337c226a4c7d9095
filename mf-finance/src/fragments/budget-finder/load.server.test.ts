import { describe, expect, it } from "vitest";
import { testFragmentRequest } from "../../../../db/test-support/fragment-request";
import type { Env } from "../../env";
import { loadBudgetFinder } from "./load.server";

const SITE = "harbour-city-motors";
type Query = { indexName: string; filters?: string; facets?: string[] };

/** A stand-in for mf-search's site search: body counts for the first query, a price range per body after it. */
function fakeSearch(ranges: Record<string, { min: number; max: number }>) {
  const asked: Query[][] = [];
  const MF_SEARCH = {
    fetch: async (_url: string, init: RequestInit) => {
      const { requests } = JSON.parse(String(init.body)) as { requests: Query[] };
      asked.push(requests);
      if (requests[0]?.facets?.includes("body")) return Response.json({ results: [{ nbHits: 3, facets: { body: { SUV: 2, Sedan: 1, Ute: 1 } } }] });
      return Response.json({
        results: requests.map((query) => {
          const body = /body:"([^"]+)"/.exec(query.filters ?? "")?.[1] ?? "";
          return { nbHits: 1, ...(ranges[body] ? { facets_stats: { price: ranges[body] } } : {}) };
        }),
      });
    },
  } as unknown as Fetcher;
  return { MF_SEARCH, asked };
}

describe("loadBudgetFinder", () => {
  it("counts the tenant's in-stock, shown stock priced over 1000 by body, with each body's price range", async () => {
    const search = fakeSearch({ SUV: { min: 20000, max: 45000 }, Sedan: { min: 30000, max: 30000 } });
    const props = await loadBudgetFinder(testFragmentRequest(SITE, {}, { labels: { budgetEmptyWording: "zeroFound" } }), { MF_SEARCH: search.MF_SEARCH } as Env);
    expect(props.bodies).toEqual([
      { body: "SUV", count: 2, min: 20000, max: 45000 },
      { body: "Sedan", count: 1, min: 30000, max: 30000 },
    ]);
    expect(props).toMatchObject({ vehicleNoun: "Car", wording: "zeroFound", budget: { defaultRepaymentWeekly: 200 } });
    const [bodies, ranges] = search.asked;
    const inBudget = "(status:in_stock OR status:coming_soon) AND show_on_dealer_website:true AND price > 1000";
    expect(bodies?.[0]?.filters).toBe(inBudget);
    expect(ranges?.map((query) => query.filters)).toEqual(["SUV", "Sedan", "Ute"].map((body) => `${inBudget} AND body:"${body}"`));
    expect(ranges?.every((query) => query.facets?.[0] === "price")).toBe(true);
  });

  it("fails without search (the slot's fallback shows), rather than showing no bodies", async () => {
    await expect(loadBudgetFinder(testFragmentRequest(SITE), {} as Env)).rejects.toThrow("MF_SEARCH");
  });
});
