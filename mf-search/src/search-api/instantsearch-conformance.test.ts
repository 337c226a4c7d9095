import { algoliasearch } from "algoliasearch";
import algoliasearchHelper from "algoliasearch-helper";
import { liteClient } from "algoliasearch/lite";
import { describe, expect, it } from "vitest";
import { createSearchApi } from "./create-search-api";
import { APP_ID, KEYS, testDeps } from "./test-deps";

/** The calls the algoliasearch v5 clients and algoliasearch-helper make that a plain search does not. */
function clients(apiKey: string) {
  const app = createSearchApi(testDeps().deps);
  const options = {
    hosts: [{ url: "search.test", accept: "readWrite" as const, protocol: "http" as const }],
    requester: {
      async send(request: { url: string; method: string; headers: Record<string, string>; data?: unknown }) {
        const url = new URL(request.url);
        const response = await app.request(`${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body: (request.data as string) ?? null });
        return { status: response.status, content: await response.text(), isTimedOut: false };
      },
    },
  };
  return { full: algoliasearch(APP_ID, apiKey, options), lite: liteClient(APP_ID, apiKey, options), app };
}

describe("search for facet values", () => {
  it("answers POST /1/indexes/{index}/facets/{facet}/query within the key's site", async () => {
    const { full } = clients(KEYS.harbourSearch);
    const result = await full.searchForFacetValues({ indexName: "Car_production", facetName: "make", searchForFacetValuesRequest: { facetQuery: "m" } });
    // Mitsubishi is metro-certified's: the site key never sees it.
    expect(result.facetHits).toEqual([{ value: "Mazda", highlighted: "<em>M</em>azda", count: 1 }]);
  });

  it("answers the multi-query form (type 'facet') and honours the request's filters", async () => {
    const { lite } = clients(KEYS.admin);
    const { results } = await lite.search({
      requests: [{ indexName: "Car_production", type: "facet", facet: "make", facetQuery: "", filters: "body:SUV", maxFacetHits: 2 }],
    });
    expect(results[0]).toMatchObject({ facetHits: [{ value: "Ford", count: 1 }, { value: "Mazda", count: 1 }] });
  });

  it("works through algoliasearch-helper", async () => {
    const { lite } = clients(KEYS.admin);
    const helper = algoliasearchHelper(lite, "Car_production", { disjunctiveFacets: ["make"] });
    const result = await helper.searchForFacetValues("make", "toy", 10);
    expect(result.facetHits.map((hit) => [hit.value, hit.count])).toEqual([["Toyota", 3]]);
  });

  it("refuses unknown and filter-only facets and bad limits with 400", async () => {
    const { app } = clients(KEYS.admin);
    const headers = { "x-algolia-application-id": APP_ID, "x-algolia-api-key": KEYS.admin };
    for (const [facet, body] of [["site", "{}"], ["nope", "{}"], ["make", '{"maxFacetHits":0}'], ["make", '{"facetQuery":5}']] as const) {
      const response = await app.request(`/1/indexes/Car_production/facets/${facet}/query`, { method: "POST", headers, body });
      expect(response.status).toBe(400);
    }
  });
});

describe("facet exclusion, ranking info and snippets", () => {
  it("'make:-Toyota' returns every car but the Toyotas", async () => {
    const { lite } = clients(KEYS.admin);
    const { results } = await lite.search({ requests: [{ indexName: "Car_production", facetFilters: ["make:-Toyota"], hitsPerPage: 50 }] });
    const hits = (results[0] as { hits: { make: string }[] }).hits;
    expect(hits).toHaveLength(7);
    expect(hits.some((hit) => hit.make === "Toyota")).toBe(false);
  });

  it("adds _rankingInfo with getRankingInfo", async () => {
    const { full } = clients(KEYS.admin);
    const result = await full.searchSingleIndex({ indexName: "Car_production", searchParams: { query: "toyta", getRankingInfo: true } });
    expect(result.hits[0]?._rankingInfo).toMatchObject({ nbTypos: 1, words: 1, nbExactWords: 0 });
    const plain = await full.searchSingleIndex({ indexName: "Car_production", searchParams: { query: "toyota" } });
    expect(plain.hits[0]?._rankingInfo).toBeUndefined();
  });

  it("adds _snippetResult for attributesToSnippet, cut to the word count", async () => {
    const { full } = clients(KEYS.admin);
    const result = await full.searchSingleIndex({
      indexName: "Car_production",
      searchParams: { query: "hilux", attributesToSnippet: ["name:2", "make"] },
    });
    expect(result.hits[0]?._snippetResult).toEqual({
      name: { value: "…<em>Hilux</em> SR5", matchLevel: "full" },
      make: { value: "Toyota", matchLevel: "none" },
    });
  });
});
