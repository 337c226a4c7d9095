import { describe, expect, it } from "vitest";
import { conformanceIndex } from "./fixtures/conformance-vehicles";
import { search } from "./search";

const index = conformanceIndex();

describe("search response shape", () => {
  it("answers with Algolia's fields", () => {
    const response = search(index, "Car_production", { query: "ranger", facets: ["make"] });
    expect(Object.keys(response).sort()).toEqual(
      [
        "exhaustive",
        "exhaustiveFacetsCount",
        "exhaustiveNbHits",
        "facets",
        "facets_stats",
        "hitsPerPage",
        "hits",
        "index",
        "nbHits",
        "nbPages",
        "page",
        "params",
        "processingTimeMS",
        "query",
      ].sort(),
    );
    expect(response).toMatchObject({ index: "Car_production", query: "ranger", params: "query=ranger&facets=%5B%22make%22%5D" });
    expect(response.processingTimeMS).toBeGreaterThanOrEqual(0);
  });

  it("leaves facets out when none are asked for and reports offset/length when used", () => {
    const response = search(index, "Car_production", { offset: 4, length: 2 });
    expect(response.facets).toBeUndefined();
    expect(response).toMatchObject({ offset: 4, length: 2, hitsPerPage: 2, page: 2 });
  });
});

describe("hits", () => {
  it("retrieves only the asked attributes, always with objectID", () => {
    const [hit] = search(index, "Car_production", { query: "ranger", attributesToRetrieve: ["make", "price"] }).hits;
    expect(Object.keys(hit!).sort()).toEqual(["_highlightResult", "make", "objectID", "price"]);
    expect(hit).toMatchObject({ make: "Ford", price: 59990, objectID: "6" });
  });

  it("excludes attributes with '-' after '*'", () => {
    const [hit] = search(index, "Car_production", { query: "ranger", attributesToRetrieve: ["*", "-images", "-finance_lenders"] }).hits;
    expect(hit).not.toHaveProperty("images");
    expect(hit).toHaveProperty("make_model", "Ford Ranger");
  });

  it("highlights the asked attributes with the asked tags", () => {
    const [hit] = search(index, "Car_production", {
      query: "ford xl",
      attributesToHighlight: ["name", "badge"],
      highlightPreTag: "__ais-highlight__",
      highlightPostTag: "__/ais-highlight__",
    }).hits;
    expect(hit!._highlightResult).toEqual({
      name: {
        value: "2021 __ais-highlight__Ford__/ais-highlight__ Ranger __ais-highlight__XL__/ais-highlight__T",
        matchLevel: "full",
        fullyHighlighted: false,
        matchedWords: ["ford", "xl"],
      },
      badge: { value: "__ais-highlight__XL__/ais-highlight__T", matchLevel: "partial", fullyHighlighted: false, matchedWords: ["xl"] },
    });
  });
});

describe("secured filters", () => {
  it("apply to facet counts too", () => {
    const response = search(index, "Car_production", { facets: ["make"], hitsPerPage: 0 }, { securedFilters: "site:metro-certified" });
    expect(response.facets).toEqual({ make: { Ford: 1, Hyundai: 1, Mazda: 1, Mitsubishi: 1 } });
  });
});
