import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyRouteState, parseRouteState, routeStateToQuery, sameFilters, searchAddressKey } from "./search-route-state";

describe("route state (InstantSearch routing conventions)", () => {
  it("reads query, page, sortBy, refinement lists and ranges", () => {
    const state = parseRouteState(
      "?query=ranger&page=3&sortBy=Car_production:price:asc&refinementList[make][0]=Toyota&refinementList%5Bmake%5D%5B1%5D=Ford&range[price]=10000:30000&range[km]=:40000",
    );
    expect(state).toEqual({
      query: "ranger",
      page: 3,
      sortBy: "Car_production:price:asc",
      refinementList: { make: ["Toyota", "Ford"] },
      range: { price: "10000:30000", km: ":40000" },
      towCapacity: null,
    });
  });

  it("reads and writes the tow vehicle's capacity (ADR 0079): whole kg within the limits, as typed into the form", () => {
    expect(parseRouteState("tow_capacity=3500").towCapacity).toBe(3_500);
    expect(parseRouteState("tow_capacity=3%2C500+kg").towCapacity).toBe(3_500);
    expect(routeStateToQuery(parseRouteState("tow_capacity=3%2C500"))).toBe("?tow_capacity=3500");
    for (const refused of ["0", "10001", "100000", "-5", "2.5", "heavy", ""]) expect(parseRouteState(`tow_capacity=${refused}`).towCapacity).toBeNull();
    expect(parseRouteState("tow_capacity=1").towCapacity).toBe(1);
    expect(parseRouteState("tow_capacity=10000").towCapacity).toBe(10_000);
    const base = parseRouteState("tow_capacity=2000");
    expect(sameFilters(base, { ...base, towCapacity: 2_500 })).toBe(false);
  });

  it("reads the budget finder's simple_body as the body facet", () => {
    expect(parseRouteState("refinementList[simple_body][0]=SUV&range[price]=:54000").refinementList).toEqual({ body: ["SUV"] });
  });

  it("writes the same address back", () => {
    const query = "?query=hilux&refinementList[make][0]=Mercedes-Benz&refinementList[body][0]=SUV&range[price]=:40000&sortBy=Car_production:km:asc&page=2";
    expect(routeStateToQuery(parseRouteState(query))).toBe(query);
    expect(routeStateToQuery(emptyRouteState())).toBe("");
  });

  it("ignores what it does not know and what is malformed", () => {
    const state = parseRouteState(
      "page=99999999999999999999&refinementList[secret][0]=x&range[price]=abc&range[km]=:&sortBy=%3Cscript%3E&query=%00a",
    );
    expect(state).toEqual({ ...emptyRouteState(), query: "a" });
    expect(parseRouteState("page=-4").page).toBe(1);
    expect(parseRouteState(`query=${"x".repeat(5000)}`).query.length).toBe(512);
    expect(parseRouteState("query=%ED%A0%80").query).not.toMatch(/[\uD800-\uDFFF]/);
  });

  it("never throws and round-trips any state it reads", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const state = parseRouteState(text);
        expect(parseRouteState(routeStateToQuery(state))).toEqual(state);
      }),
      { numRuns: 2000 },
    );
  });

  it("tells a filter change from a page or sort change", () => {
    const base = parseRouteState("refinementList[make][0]=Toyota");
    expect(sameFilters(base, { ...base, page: 4, sortBy: "Car_production:year:desc" })).toBe(true);
    expect(sameFilters(base, { ...base, query: "x" })).toBe(false);
    expect(sameFilters(base, { ...base, range: { price: ":5000" } })).toBe(false);
  });
});

describe("searchAddressKey: one key for addresses that are one search slot", () => {
  /** The gateway's params for a page: the query's values (matchRoute), then the plan's own over them. */
  const key = (path: string, plan: Record<string, string> = {}) => {
    const query = new URLSearchParams(path.includes("?") ? path.slice(path.indexOf("?") + 1) : "");
    return searchAddressKey(path, { ...Object.fromEntries(query), ...plan });
  };
  const base = "/search?refinementList[make][0]=Toyota&range[price]=:30000";
  it("leaves out what the slot does not read: tracking parameters, page=1, unknown or malformed filters", () => {
    for (const extra of ["&utm_source=news&utm_medium=email", "&gclid=abc&fbclid=def", "&page=1", "&refinementList[not_a_field][0]=x", "&range[price2]=1:2", "&sortBy=%20bad%20"]) {
      expect(key(`${base}${extra}`), extra).toBe(key(base));
    }
  });
  it("keeps what the slot does read: the path, every filter, the page, the sort, a tow capacity as typed and its params", () => {
    const others = [
      "/search/toyota?refinementList[make][0]=Toyota&range[price]=:30000",
      "/search?refinementList[make][0]=Mazda&range[price]=:30000",
      "/search?refinementList[make][0]=Toyota&range[price]=:30001",
      `${base}&page=2`,
      `${base}&sortBy=Car_production:price:asc`,
      `${base}&query=hilux`,
      `${base}&tow_capacity=heavy`,
      `${base}&tow_capacity=3500`,
      `${base}&list=offers`,
      `${base}&layout=carousel`,
    ];
    const keys = new Set([key(base), key(base, { landing: "toyota" }), ...others.map((path) => key(path))]);
    expect(keys.size).toBe(others.length + 2);
  });
  it("for any search, parameters it does not read never change the key, wherever they stand", () => {
    const read = fc.tuple(fc.constantFrom("query", "page", "sortBy", "tow_capacity", "refinementList[make][0]", "range[km]", "list", "layout"), fc.string({ maxLength: 12 }));
    const ignored = fc.tuple(fc.constantFrom("utm_source", "utm_campaign", "gclid", "fbclid", "x", "refinementList[nope][0]", "range[nope]"), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(fc.array(read, { maxLength: 6 }), fc.array(ignored, { maxLength: 4 }), fc.nat(), (pairs, extra, at) => {
        const mixed: [string, string][] = [...pairs];
        mixed.splice(at % (pairs.length + 1), 0, ...extra);
        expect(key(`/search?${new URLSearchParams(mixed)}`)).toBe(key(`/search?${new URLSearchParams(pairs)}`));
      }),
    );
  });
});
