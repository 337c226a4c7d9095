import { describe, expect, it } from "vitest";
import { SearchError } from "./errors";
import { conformanceIndex, rankOrderIds } from "./fixtures/conformance-vehicles";
import { search, type SearchResponse } from "./search";

/**
 * Conformance table: Algolia requests over the fixed stock in fixtures/conformance-vehicles.ts with the hits
 * (in order), counts and facets Algolia answers. The search API tests run the same table through the client.
 */
export interface ConformanceCase {
  name: string;
  indexName?: string;
  params: Record<string, unknown>;
  securedFilters?: string;
  expected:
    | { error: string }
    | {
        ids: string[];
        nbHits?: number;
        nbPages?: number;
        page?: number;
        facets?: SearchResponse["facets"];
        facets_stats?: SearchResponse["facets_stats"];
      };
}

const HARBOUR = "site:harbour-city-motors";

export const conformanceCases: ConformanceCase[] = [
  { name: "empty query ranks by custom rank descending", params: { hitsPerPage: 20 }, expected: { ids: rankOrderIds, nbHits: 10, nbPages: 1 } },
  { name: "pagination", params: { hitsPerPage: 3, page: 1 }, expected: { ids: ["10", "1", "5"], nbHits: 10, nbPages: 4, page: 1 } },
  { name: "page past the end is empty", params: { hitsPerPage: 5, page: 9 }, expected: { ids: [], nbHits: 10, nbPages: 2, page: 9 } },
  { name: "offset and length", params: { offset: 2, length: 2 }, expected: { ids: ["2", "10"], nbHits: 10 } },
  { name: "paginationLimitedTo caps the pages", params: { hitsPerPage: 2, page: 2, paginationLimitedTo: 4 }, expected: { ids: [], nbHits: 10, nbPages: 2 } },
  { name: "text query on make", params: { query: "toyota" }, expected: { ids: ["3", "2", "1"], nbHits: 3 } },
  { name: "prefix on the last word", params: { query: "toyota hil" }, expected: { ids: ["2"] } },
  { name: "no prefix on earlier words", params: { query: "toy hilux" }, expected: { ids: [] } },
  { name: "no prefix after a trailing space", params: { query: "hil " }, expected: { ids: [] } },
  { name: "one typo in a 4+ letter word", params: { query: "toyta" }, expected: { ids: ["3", "2", "1"] } },
  { name: "no typo in a 3 letter word", params: { query: "kis" }, expected: { ids: [] } },
  { name: "two typos in an 8+ letter word", params: { query: "mitsibushi" }, expected: { ids: ["10"] } },
  { name: "typoTolerance false", params: { query: "toyta", typoTolerance: false }, expected: { ids: [] } },
  { name: "exact matches rank above typo matches", params: { query: "hatch" }, expected: { ids: ["1", "5", "8"] } },
  { name: "accents fold", params: { query: "skoda" }, expected: { ids: ["9"] } },
  { name: "stock number, typo tolerance off for it", params: { query: "stk0005" }, expected: { ids: ["5"] } },
  { name: "stock number prefix", params: { query: "stk00" }, expected: { ids: rankOrderIds } },
  { name: "colour and body words", params: { query: "white suv" }, expected: { ids: ["10", "7"] } },
  { name: "facet filter", params: { filters: "make:Ford" }, expected: { ids: ["6", "7"] } },
  { name: "facet filter is case-insensitive", params: { filters: "make:ford" }, expected: { ids: ["6", "7"] } },
  { name: "quoted value", params: { filters: 'make_model:"Toyota Hilux"' }, expected: { ids: ["2"] } },
  { name: "numeric comparison", params: { filters: "price >= 50000" }, expected: { ids: ["6", "2", "7"] } },
  { name: "numeric range", params: { filters: "km:0 TO 20000" }, expected: { ids: ["6", "3", "2"] } },
  { name: "not equal skips records without the attribute", params: { filters: "price != 24990" }, expected: { ids: ["6", "3", "2", "10", "5", "9", "7", "4"] } },
  { name: "boolean facet", params: { filters: "certified:true" }, expected: { ids: ["10", "1", "5"] } },
  { name: "OR, AND and parentheses", params: { filters: "(make:Ford OR make:Mazda) AND year >= 2020" }, expected: { ids: ["6", "7", "4"] } },
  { name: "NOT", params: { filters: "NOT body:SUV AND NOT status:sold" }, expected: { ids: ["6", "2", "1", "5", "8", "9"] } },
  { name: "facetFilters AND of ORs with negation", params: { facetFilters: [["body:SUV", "body:Ute"], "-make:Toyota"] }, expected: { ids: ["6", "10", "7", "4"] } },
  { name: "numericFilters", params: { numericFilters: ["year>=2021", ["price<30000", "km<=5000"]] }, expected: { ids: ["6", "3", "1"] } },
  { name: "filters, facetFilters and numericFilters combine", params: { filters: "car_type:used", facetFilters: ["body:SUV"], numericFilters: ["price>30000"] }, expected: { ids: ["10", "7"] } },
  { name: "unknown attribute matches nothing", params: { filters: "wheels:4" }, expected: { ids: [] } },
  { name: "sort replica price ascending, missing prices last", indexName: "Car_production:price:asc", params: {}, expected: { ids: ["5", "1", "4", "10", "9", "3", "2", "7", "6", "8"] } },
  { name: "sort replica price descending", indexName: "Car_production:price:desc", params: { hitsPerPage: 3 }, expected: { ids: ["6", "7", "2"], nbHits: 10 } },
  { name: "sort replica with a query", indexName: "Car_production:km:asc", params: { query: "toyota" }, expected: { ids: ["3", "2", "1"] } },
  { name: "sort replica year descending ties by custom rank", indexName: "Car_production:year:desc", params: { filters: "year:2021 OR year:2022" }, expected: { ids: ["2", "7", "6", "10", "1"] } },
  {
    name: "facets by count with ties alphabetical",
    params: { facets: ["make", "body"], hitsPerPage: 0 },
    expected: {
      ids: [],
      nbHits: 10,
      facets: {
        make: { Toyota: 3, Ford: 2, Mazda: 2, Hyundai: 1, Mitsubishi: 1, Škoda: 1 },
        body: { SUV: 4, Hatch: 3, Ute: 2, Wagon: 1 },
      },
    },
  },
  {
    name: "facets alphabetical with maxValuesPerFacet",
    params: { facets: ["make"], maxValuesPerFacet: 2, sortFacetValuesBy: "alpha", hitsPerPage: 0 },
    expected: { ids: [], facets: { make: { Ford: 2, Hyundai: 1 } } },
  },
  {
    name: "facets and stats follow the filters",
    params: { facets: ["make", "price", "km"], filters: "body:Ute", hitsPerPage: 0 },
    expected: {
      ids: [],
      facets: { make: { Toyota: 1, Ford: 1 }, price: { "52990": 1, "59990": 1 }, km: { "20000": 1, "5000": 1 } },
      facets_stats: {
        price: { min: 52990, max: 59990, avg: 56490, sum: 112980 },
        km: { min: 5000, max: 20000, avg: 12500, sum: 25000 },
      },
    },
  },
  { name: "filterOnly attributes filter but are not faceted", params: { facets: ["site"], filters: "site:metro-certified" }, expected: { ids: ["10", "5", "8", "7"], facets: {} } },
  { name: "secured filter scopes the results", params: {}, securedFilters: HARBOUR, expected: { ids: ["6", "3", "2", "1", "9", "4"] } },
  { name: "secured filter cannot be widened with OR", params: { filters: "site:metro-certified OR make:Toyota" }, securedFilters: HARBOUR, expected: { ids: ["3", "2", "1"] } },
  { name: "secured filter cannot be lifted with NOT", params: { filters: "NOT site:harbour-city-motors" }, securedFilters: HARBOUR, expected: { ids: [] } },
  { name: "params as a url-encoded string", params: { params: "query=ford&hitsPerPage=1&facets=%5B%22make%22%5D" }, expected: { ids: ["6"], nbHits: 2, nbPages: 2, facets: { make: { Ford: 2 } } } },
  { name: "bad filter syntax", params: { filters: "make:Ford AND" }, expected: { error: "filters: Unexpected token end of filter expected an attribute" } },
  { name: "unknown index", indexName: "Boats", params: {}, expected: { error: "Index Boats does not exist" } },
  { name: "unknown sort attribute", indexName: "Car_production:colour:asc", params: {}, expected: { error: "Index Car_production:colour:asc does not exist" } },
  { name: "negative page", params: { page: -1 }, expected: { error: 'Invalid value for "page" parameter' } },
];

describe("engine conformance", () => {
  const index = conformanceIndex();

  it.each(conformanceCases)("$name", ({ indexName = "Car_production", params, securedFilters, expected }) => {
    const run = () => search(index, indexName, params, { securedFilters });
    if ("error" in expected) {
      expect(run).toThrow(SearchError);
      expect(run).toThrow(expected.error);
      return;
    }
    const response = run();
    expect(response.hits.map((hit) => hit.objectID)).toEqual(expected.ids);
    const { ids, ...rest } = expected;
    expect(response).toMatchObject(rest);
    if (expected.facets) expect(response.facets).toEqual(expected.facets);
  });
});
