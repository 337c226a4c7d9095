import { describe, expect, it } from "vitest";
import { facetValues, filterValue, SITE_SEARCH_PATH, searchSite } from "./site-search";

/** A stand-in for the MF_SEARCH service binding that records what it was asked. */
function fakeBinding(answer: Response) {
  const asked: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push(new Request(input, init));
    return answer;
  };
  const binding = { fetch } as unknown as Fetcher;
  return { binding, asked };
}

describe("site search", () => {
  it("posts the site's multi-query to mf-search and reads counts and price ranges", async () => {
    const { binding, asked } = fakeBinding(Response.json({ results: [{ nbHits: 3, hits: [], facets: { body: { SUV: 2, Ute: 1 } }, facets_stats: { price: { min: 1, max: 9, avg: 5, sum: 15 } } }] }));
    const [result] = await searchSite(binding, "harbour city", [{ indexName: "Car_production", facets: ["body"], hitsPerPage: 0 }]);
    expect(new URL(asked[0]!.url).pathname).toBe(`${SITE_SEARCH_PATH}/harbour%20city/queries`);
    expect(await asked[0]!.json()).toEqual({ requests: [{ indexName: "Car_production", facets: ["body"], hitsPerPage: 0 }] });
    expect(result).toEqual({ nbHits: 3, facets: { body: { SUV: 2, Ute: 1 } }, facets_stats: { price: { min: 1, max: 9 } } });
  });

  it("throws when search is not bound or does not answer, so the caller can leave its part out", async () => {
    await expect(searchSite(undefined, "s", [{ indexName: "i" }])).rejects.toThrow("not bound");
    await expect(searchSite(fakeBinding(new Response("down", { status: 503 })).binding, "s", [{ indexName: "i" }])).rejects.toThrow("503");
    await expect(searchSite(fakeBinding(Response.json({ results: [{ facets: 1 }] })).binding, "s", [{ indexName: "i" }])).rejects.toThrow();
  });

  it("orders a facet's values most cars first, then by name", () => {
    expect(facetValues({ nbHits: 5, facets: { body: { Ute: 1, Van: 2, SUV: 2 } } }, "body")).toEqual([
      { value: "SUV", count: 2 },
      { value: "Van", count: 2 },
      { value: "Ute", count: 1 },
    ]);
    expect(facetValues(undefined, "body")).toEqual([]);
  });

  it("quotes a filter value with its quotes and backslashes escaped", () => {
    expect(filterValue('4x4 "Ute" \\ Van')).toBe('"4x4 \\"Ute\\" \\\\ Van"');
  });
});
