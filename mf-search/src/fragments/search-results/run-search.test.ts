import { defaultSiteConfig } from "@dealer/shared/config";
import { liteClient } from "algoliasearch/lite";
import { describe, expect, it } from "vitest";
import { createSearchApi } from "../../search-api/create-search-api";
import { APP_ID, KEYS, testDeps } from "../../search-api/test-deps";
import { parseRouteState } from "@dealer/shared/rules";
import { facetAttributes, runSearch, type SearchContext, searchParameters } from "./run-search";
import { sortIndices } from "./sort-options";

/** The browser's lite client and algoliasearch-helper against the engine, over app.request. */
function client() {
  const app = createSearchApi(testDeps().deps);
  const bodies: string[] = [];
  const lite = liteClient(APP_ID, KEYS.harbourSearch, {
    hosts: [{ url: "search.test", accept: "read", protocol: "http" }],
    requester: {
      async send(request) {
        bodies.push(String(request.data));
        const url = new URL(request.url);
        const response = await app.request(`${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body: (request.data as string) ?? null });
        return { status: response.status, content: await response.text(), isTimedOut: false };
      },
    },
  });
  return { lite, bodies };
}

const context: SearchContext = {
  indexName: "Car_production",
  sortIndices: sortIndices("Car_production"),
  fixedFilters: "",
  hitsPerPage: 21,
  priceAscendingNeedsPrice: true,
  facets: facetAttributes(defaultSiteConfig.search),
  towing: false,
};
const now = new Date("2024-08-02T00:00:00Z");

describe("runSearch (algoliasearch-helper over the engine)", () => {
  it("is disjunctive: a make's refinement leaves the other makes' counts", async () => {
    const { lite, bodies } = client();
    const view = await runSearch(lite, parseRouteState("refinementList[make][0]=Toyota"), context, defaultSiteConfig, now);
    expect(view.nbHits).toBe(3);
    expect(view.facets.make).toEqual(expect.arrayContaining([{ value: "Toyota", count: 3, refined: true }, { value: "Ford", count: 1, refined: false }]));
    expect(view.facets.body?.map((entry) => entry.value)).toEqual(expect.arrayContaining(["Ute", "SUV", "Hatch"]));
    // One request per interaction: the hits and the disjunctive facet queries travel together.
    expect(bodies).toHaveLength(1);
  });

  it("applies ranges, sort replicas and price > 0 on price ascending", async () => {
    const { lite } = client();
    const view = await runSearch(lite, parseRouteState("range[price]=:40000&sortBy=Car_production:price:asc"), context, defaultSiteConfig, now);
    const prices = view.cards.map((card) => (card.price.kind === "price" ? card.price.amount : null));
    expect(prices).toEqual([...prices].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(prices.every((price) => price !== null && price <= 40000)).toBe(true);
    expect(view.stats.price?.max).toBeGreaterThan(40000);
  });

  it("ignores a sort index that is not one of the site's", async () => {
    const { lite } = client();
    const view = await runSearch(lite, parseRouteState("sortBy=Other_index"), context, defaultSiteConfig, now);
    expect(view.nbHits).toBe(6);
  });
});

describe("a page past the end", () => {
  it("shows the last page", async () => {
    const { lite } = client();
    const view = await runSearch(lite, parseRouteState("page=40"), { ...context, hitsPerPage: 4 }, defaultSiteConfig, now);
    expect(view.page).toBe(1);
    expect(view.cards.length).toBeGreaterThan(0);
  });

  it("counts only the facets the site shows, and any the address refines", () => {
    const parameters = searchParameters(parseRouteState("refinementList[fuel][0]=Diesel"), { ...context, facets: facetAttributes({ extraFilters: ["colour"] }) });
    expect(parameters.disjunctiveFacets).toEqual(["make", "make_model", "certified", "body", "car_type", "colour", "fuel", "price", "km", "weekly_price_range"]);
  });

  it("filters by ATM at or under the tow capacity on a site of towed stock only (ADR 0079)", () => {
    const state = parseRouteState("tow_capacity=2500");
    expect(searchParameters(state, { ...context, towing: true }).numericRefinements).toEqual({ atm: { "<=": [2_500] } });
    expect(searchParameters(state, context).numericRefinements).toEqual({});
  });
});
