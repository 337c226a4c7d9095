import { describe, expect, it } from "vitest";
import { SearchError } from "../errors";
import { parseFacetFilters, parseNumericFilters } from "./facet-filters";
import { parseFilters } from "./parse-filters";

describe("parseFilters", () => {
  it("reads facet, quoted, numeric, range and boolean conditions", () => {
    expect(parseFilters('make:Toyota AND body:"Cab Chassis" AND price >= 1000 AND km:0 TO 50000 AND certified:true')).toEqual({
      kind: "and",
      children: [
        { kind: "facet", attribute: "make", value: "Toyota" },
        { kind: "facet", attribute: "body", value: "Cab Chassis" },
        { kind: "numeric", attribute: "price", operator: ">=", value: 1000 },
        { kind: "range", attribute: "km", low: 0, high: 50000 },
        { kind: "facet", attribute: "certified", value: "true" },
      ],
    });
  });

  it("binds AND tighter than OR and honours parentheses and NOT", () => {
    expect(parseFilters("a:1 OR b:2 AND NOT (c:3 OR year<2000)")).toEqual({
      kind: "or",
      children: [
        { kind: "facet", attribute: "a", value: "1" },
        {
          kind: "and",
          children: [
            { kind: "facet", attribute: "b", value: "2" },
            {
              kind: "not",
              child: {
                kind: "or",
                children: [
                  { kind: "facet", attribute: "c", value: "3" },
                  { kind: "numeric", attribute: "year", operator: "<", value: 2000 },
                ],
              },
            },
          ],
        },
      ],
    });
  });

  it("accepts negative numbers, quoted attributes and escaped quotes", () => {
    expect(parseFilters('"make model":"Ford \\"F\\"" AND price != -1')).toEqual({
      kind: "and",
      children: [
        { kind: "facet", attribute: "make model", value: 'Ford "F"' },
        { kind: "numeric", attribute: "price", operator: "!=", value: -1 },
      ],
    });
  });

  it("returns null for an empty filter", () => {
    expect(parseFilters("   ")).toBeNull();
  });

  it.each([
    "make:",
    "make:Toyota AND",
    "(make:Toyota",
    "make Toyota",
    "price > cheap",
    "price:a TO 5",
    'make:"Toyota',
    "make:Toyota OR OR body:SUV",
  ])("rejects %j with a SearchError", (source) => {
    expect(() => parseFilters(source)).toThrow(SearchError);
  });

  it("names the column in its message", () => {
    expect(() => parseFilters("make:Toyota body:SUV")).toThrow(
      "filters: Unexpected token string(body) expected end of filter at col 13",
    );
  });
});

describe("parseFacetFilters / parseNumericFilters", () => {
  it("ANDs outer entries, ORs nested ones and negates with '-'", () => {
    expect(parseFacetFilters(["make:Toyota", ["body:SUV", "-body:Ute"], "\\-x:\\-1", "make:-Kia"])).toEqual({
      kind: "and",
      children: [
        { kind: "facet", attribute: "make", value: "Toyota" },
        {
          kind: "or",
          children: [
            { kind: "facet", attribute: "body", value: "SUV" },
            { kind: "not", child: { kind: "facet", attribute: "body", value: "Ute" } },
          ],
        },
        { kind: "facet", attribute: "-x", value: "-1" },
        { kind: "not", child: { kind: "facet", attribute: "make", value: "Kia" } },
      ],
    });
  });

  it("reads numeric comparisons and ranges", () => {
    expect(parseNumericFilters(["price>=1000", ["km:0 TO 10", "year=2020"]])).toEqual({
      kind: "and",
      children: [
        { kind: "numeric", attribute: "price", operator: ">=", value: 1000 },
        {
          kind: "or",
          children: [
            { kind: "range", attribute: "km", low: 0, high: 10 },
            { kind: "numeric", attribute: "year", operator: "=", value: 2020 },
          ],
        },
      ],
    });
    expect(() => parseNumericFilters(["make:Toyota"])).toThrow(SearchError);
  });
});
