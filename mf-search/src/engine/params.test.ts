import { describe, expect, it } from "vitest";
import { SearchError } from "./errors";
import { parseSearchParams } from "./params";

describe("parseSearchParams", () => {
  it("fills Algolia's defaults", () => {
    const { params, paramsString } = parseSearchParams({});
    expect(params).toMatchObject({
      query: "",
      hitsPerPage: 20,
      page: 0,
      maxValuesPerFacet: 100,
      sortFacetValuesBy: "count",
      attributesToRetrieve: ["*"],
      highlightPreTag: "<em>",
      highlightPostTag: "</em>",
      typoTolerance: true,
      queryType: "prefixLast",
    });
    expect(paramsString).toBe("");
  });

  it("reads the url-encoded params string with JSON and comma lists", () => {
    const { params } = parseSearchParams({
      params:
        "query=hilux&hitsPerPage=5&page=2&facets=%5B%22make%22%2C%22body%22%5D&attributesToRetrieve=name,price&facetFilters=%5B%5B%22make%3AToyota%22%5D%5D&typoTolerance=false",
    });
    expect(params).toMatchObject({
      query: "hilux",
      hitsPerPage: 5,
      page: 2,
      facets: ["make", "body"],
      attributesToRetrieve: ["name", "price"],
      facetFilters: [["make:Toyota"]],
      typoTolerance: false,
    });
  });

  it("reads the legacy string form of facetFilters", () => {
    expect(parseSearchParams({ facetFilters: "make:Ford,(body:SUV,body:Ute)" }).params.facetFilters).toEqual([
      "make:Ford",
      ["body:SUV", "body:Ute"],
    ]);
  });

  it("lets object keys win over the params string and echoes both", () => {
    const { params, paramsString } = parseSearchParams({ params: "query=a&page=1", query: "b" });
    expect(params.query).toBe("b");
    expect(params.page).toBe(1);
    expect(paramsString).toBe("query=b&page=1");
  });

  it.each([{ page: -1 }, { page: 1.5 }, { hitsPerPage: 1001 }, { params: "page=abc" }, { sortFacetValuesBy: "x" }, { params: 3 }])(
    "rejects %j",
    (input) => {
      expect(() => parseSearchParams(input)).toThrow(SearchError);
    },
  );
});
