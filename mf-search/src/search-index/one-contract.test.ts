import type { Car } from "@dealer/shared/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type IndexRecord, prepareSearch, toSearchRecord, vehicleIndexSettings } from "../engine";
import type { FilterNode } from "../engine/filters/filter-ast";
import { parseFacetFilters, parseNumericFilters } from "../engine/filters/facet-filters";
import { parseFilters } from "../engine/filters/parse-filters";
import { facetAttributes, searchableAttributeGroups } from "../engine/settings";
import { createSearchApi } from "../search-api";
import { createStockIndexes } from "./stock-index";
import { carsOf, localStockD1, writeStock } from "./test-stock";

/**
 * One backend contract (issue 32, ADR 0059): the embedded engine's per-site index, which holds compact records derived
 * from `search_fields`, answers what Algolia answers over the whole records (`toSearchRecord` of each car, which the
 * push sends). The reference below is a plain evaluator over those whole records: no index, no columns, no bitsets.
 */

const SITE = "contract-site";
const INDEX = "Car_production";
const d1 = localStockD1();

// Small pools, so random filters hit records; drive and fuel in a feed's words and the simple ones (issue 32).
const DRIVES: [string | null, string | null | undefined][] = [["AWD", "All Wheel Drive"], ["4WD", "Four Wheel Drive"], ["FWD", "Front Wheel Drive"], ["AWD", undefined], ["FWD", null], [null, null]];
const FUELS: [string | null, string | null | undefined][] = [["Hybrid", "Hybrid (Petrol)"], ["Petrol", "Unleaded Petrol"], ["Diesel", "Diesel"], ["Electric", undefined], ["Petrol", null], [null, null]];
const MAKES = ["Toyota", "Mazda", "Ford", "Škoda"];
const MODELS = ["Corolla", "Hilux", "CX-5", "Ranger", "Octavia"];
const COLOURS = ["White", "Black", "Blue", null];
const BODIES = ["SUV", "Ute", "Hatch", null];
const STATUSES = ["in_stock", "in_stock", "coming_soon", "sold"];
const STATES = ["QLD", "NSW", null];
const TAGS = ["Special", "Clearance", null];
// A van's ATM (ADR 0079): none stated (no specifications, a null or a 0 ATM) and figures either side of a capacity.
const ATMS = [undefined, null, 0, 1_800, 2_600, 3_400];
/** Capacities the filter compares against: a kilogram either side of an ATM, and the ATMs themselves. */
const ATM_EDGES = [1_799, 1_800, 2_601, 3_000, 3_400, 10_000];

const carArbitrary = fc.record({
  make: fc.constantFrom(...MAKES),
  model: fc.constantFrom(...MODELS),
  colour: fc.constantFrom(...COLOURS),
  simple_body: fc.constantFrom(...BODIES),
  drive: fc.constantFrom(...DRIVES),
  fuel: fc.constantFrom(...FUELS),
  status: fc.constantFrom(...STATUSES),
  car_type: fc.constantFrom("new" as const, "used" as const, "demo" as const),
  certified: fc.boolean(),
  price: fc.option(fc.integer({ min: 1, max: 8 }).map((n) => n * 10_000 - 10)),
  km: fc.option(fc.integer({ min: 0, max: 4 }).map((n) => n * 25_000)),
  year: fc.integer({ min: 2018, max: 2024 }),
  seats: fc.option(fc.constantFrom(2, 5, 7)),
  state: fc.constantFrom(...STATES),
  tag: fc.constantFrom(...TAGS),
  atm: fc.constantFrom(...ATMS),
});

type ArbitraryValue<A> = A extends fc.Arbitrary<infer T> ? T : never;
type Pick = ArbitraryValue<typeof carArbitrary>;

/** A site's stock: synthetic cars with the picked values; distinct arrival times, so no two cars tie on the custom rank. */
function stockOf(picks: Pick[]): Car[] {
  return carsOf(SITE, 1, picks.length, 1).map((base, n) => {
    const { drive: [simpleDrive, drive], fuel: [simpleFuel, fuel], atm, ...rest } = picks[n]!;
    const car: Car = { ...base, ...rest, name: `${rest.year} ${rest.make} ${rest.model}`, simple_drive: simpleDrive, simple_fuel: simpleFuel, sold_date: null };
    car.caravan_specifications =
      atm === undefined ? null : { body_width: 2.4, body_length: 6.1, tare_weight: 1_500, axle_type: "Tandem", sleeps: 4, aggregate_trailer_mass: atm };
    delete car.drive;
    delete car.fuel;
    if (drive !== undefined) car.drive = drive;
    if (fuel !== undefined) car.fuel = fuel;
    car.created_at = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
    return car;
  });
}

const FACETS = facetAttributes(vehicleIndexSettings).filter((facet) => !facet.filterOnly).map((facet) => facet.attribute);
const SEARCHABLE = searchableAttributeGroups(vehicleIndexSettings).flat();
const REPLICAS = vehicleIndexSettings.replicas;
const NUMERIC = ["price", "km", "year", "seats", "atm"];
const VALUES: Record<string, string[]> = {
  drive: ["All Wheel Drive", "AWD", "all wheel drive", "Four Wheel Drive", "4WD", "FWD", "Front Wheel Drive"],
  fuel: ["Hybrid (Petrol)", "Hybrid", "Unleaded Petrol", "Petrol", "Diesel", "Electric"],
  make: MAKES.concat("skoda"),
  make_model: ["Toyota Hilux", "Ford Ranger", "Mazda CX-5"],
  colour: ["White", "Blue"],
  body: ["SUV", "Ute"],
  status: ["in_stock", "sold"],
  car_type: ["new", "used"],
  certified: ["true", "false"],
  state: ["QLD", "NSW"],
  tag: ["Special", "Clearance"],
  year: ["2020", "2023"],
};
const WORDS = ["toyota", "mazda", "ford", "skoda", "corolla", "hilux", "cx", "ranger", "white", "blue", "suv", "ute", "hat", "toy", "ran", "202"];

const facetClause = fc.constantFrom(...Object.keys(VALUES)).chain((attribute) => fc.constantFrom(...VALUES[attribute]!).map((value) => `${attribute}:"${value}"`));
const numericClause = fc.tuple(fc.constantFrom(...NUMERIC), fc.constantFrom("<", "<=", "=", "!=", ">=", ">"), fc.integer({ min: 0, max: 80_000 })).map(([attribute, operator, value]) => `${attribute} ${operator} ${attribute === "year" ? 2018 + (value % 7) : attribute === "atm" ? ATM_EDGES[value % ATM_EDGES.length] : value}`);
const rangeClause = fc.tuple(fc.constantFrom(...NUMERIC), fc.integer({ min: 0, max: 60_000 })).map(([attribute, low]) => (attribute === "year" ? `year:2019 TO 2022` : `${attribute}:${low} TO ${low + 30_000}`));
const clause = fc.oneof(facetClause, facetClause, numericClause, rangeClause).chain((text) => fc.constantFrom(text, `NOT ${text}`));
const filters = fc.array(fc.tuple(clause, fc.constantFrom(" AND ", " OR ")), { minLength: 1, maxLength: 3 }).map((parts) => {
  // Algolia allows OR only inside parentheses among facet clauses; (a OR b) AND c keeps every request valid.
  const [first, ...rest] = parts.map(([text]) => text);
  return rest.length === 0 ? first! : `(${first} OR ${rest[0]})${rest.slice(1).map((text) => ` AND ${text}`).join("")}`;
});
const facetFilter = fc.constantFrom(...Object.keys(VALUES)).chain((attribute) =>
  fc.tuple(fc.constantFrom(...VALUES[attribute]!), fc.boolean()).map(([value, negated]) => `${attribute}:${negated ? "-" : ""}${value}`),
);

const requestArbitrary = fc.record(
  {
    indexName: fc.constantFrom(INDEX, INDEX, ...REPLICAS),
    query: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }).map((words) => words.join(" ")),
    filters,
    facetFilters: fc.array(fc.oneof(facetFilter, fc.array(facetFilter, { minLength: 1, maxLength: 2 })), { minLength: 1, maxLength: 2 }),
    numericFilters: fc.array(numericClause, { minLength: 1, maxLength: 2 }),
    facets: fc.oneof(fc.constant(["*"]), fc.subarray([...FACETS, "site", "nope"], { minLength: 1 })),
    maxValuesPerFacet: fc.integer({ min: 1, max: 6 }),
    sortFacetValuesBy: fc.constantFrom("count", "alpha"),
    hitsPerPage: fc.integer({ min: 0, max: 12 }),
    page: fc.integer({ min: 0, max: 8 }),
  },
  { requiredKeys: ["indexName"] },
);
type Request = ArbitraryValue<typeof requestArbitrary>;

// ---- The reference: Algolia's rules over whole records, one record at a time. ----

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
const facetValues = (value: unknown): string[] =>
  typeof value === "string" ? [value] : (typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean" ? [String(value)] : [];
const FACETED = new Set(facetAttributes(vehicleIndexSettings).map((facet) => facet.attribute));

function holds(record: IndexRecord, node: FilterNode): boolean {
  switch (node.kind) {
    case "and":
      return node.children.every((child) => holds(record, child));
    case "or":
      return node.children.some((child) => holds(record, child));
    case "not":
      return !holds(record, node.child);
    case "facet": {
      if (node.attribute === "objectID") return record.objectID === node.value;
      if (!FACETED.has(node.attribute)) return false;
      const value = record[node.attribute];
      if (typeof value === "number") return Number(node.value) === value;
      return facetValues(value).some((each) => fold(each) === fold(node.value));
    }
    case "numeric": {
      const value = record[node.attribute];
      if (typeof value !== "number") return false;
      const { operator, value: than } = node;
      return operator === "=" ? value === than : operator === "!=" ? value !== than : operator === "<" ? value < than : operator === "<=" ? value <= than : operator === ">" ? value > than : value >= than;
    }
    case "range": {
      const value = record[node.attribute];
      return typeof value === "number" && value >= node.low && value <= node.high;
    }
  }
}

const wordsOf = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const searchableWords = (record: IndexRecord) => SEARCHABLE.flatMap((attribute) => facetValues(record[attribute]).flatMap(wordsOf));
/** Every query word is a word of the record; the last may be a word's beginning (no typos: the requests turn them off). */
function matchesQuery(record: IndexRecord, words: string[]): boolean {
  const own = searchableWords(record);
  return words.every((word, i) => own.some((each) => each === word || (i === words.length - 1 && each.startsWith(word))));
}

function highlight(value: string, words: string[]) {
  const matched = new Set<string>();
  let whole = true;
  const tokens = [...value.matchAll(/[\p{L}\p{N}]+/gu)];
  let out = "";
  let cursor = 0;
  for (const token of tokens) {
    const word = fold(token[0]);
    const length = Math.max(0, ...words.map((query, i) => (word === query ? word.length : i === words.length - 1 && word.startsWith(query) ? query.length : 0)));
    for (const [i, query] of words.entries()) if (word === query || (i === words.length - 1 && word.startsWith(query))) matched.add(query);
    if (length === 0) {
      whole = false;
      continue;
    }
    if (length < token[0].length) whole = false;
    out += `${value.slice(cursor, token.index)}<em>${token[0].slice(0, length)}</em>`;
    cursor = token.index + length;
  }
  out += value.slice(cursor);
  if (matched.size === 0) return { value, matchLevel: "none", matchedWords: [] };
  const matchedWords = [...new Set(words)].filter((word) => matched.has(word));
  return { value: out, matchLevel: matchedWords.length === new Set(words).size ? "full" : "partial", fullyHighlighted: whole && tokens.length > 0, matchedWords };
}

function reference(records: IndexRecord[], request: Request) {
  const { indexName, query = "", hitsPerPage = 20, page = 0, maxValuesPerFacet = 100, sortFacetValuesBy = "count" } = request;
  const filter = [parseFilters(request.filters ?? ""), parseFacetFilters(request.facetFilters ?? []), parseNumericFilters(request.numericFilters ?? [])].filter((node) => node !== null);
  const words = wordsOf(query);
  const matches = records.filter((record) => filter.every((node) => holds(record, node)) && matchesQuery(record, words));
  const [, attribute, direction] = /:([^:]+):(asc|desc)$/.exec(indexName) ?? [];
  const sortValue = (record: IndexRecord) => (typeof record[attribute!] === "number" ? (record[attribute!] as number) : null);
  const ordered = [...matches].sort((a, b) => {
    if (attribute) {
      const [va, vb] = [sortValue(a), sortValue(b)];
      // Cars without the value go last in either direction.
      if (va !== vb) return va === null ? 1 : vb === null ? -1 : direction === "asc" ? va - vb : vb - va;
    }
    return (b.custom_rank as number) - (a.custom_rank as number);
  });
  const limit = vehicleIndexSettings.paginationLimitedTo;
  const facetNames = request.facets?.includes("*") ? FACETS : (request.facets ?? []).filter((name) => FACETS.includes(name));
  const facets: Record<string, Record<string, number>> = {};
  const stats: Record<string, { min: number; max: number; avg: number; sum: number }> = {};
  for (const name of facetNames) {
    const counts = new Map<string, number>();
    for (const record of matches) for (const value of facetValues(record[name])) counts.set(value, (counts.get(value) ?? 0) + 1);
    const alphabetical = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const top = [...counts].sort(([a, x], [b, y]) => (sortFacetValuesBy === "alpha" ? alphabetical(a, b) : y - x || alphabetical(a, b))).slice(0, maxValuesPerFacet);
    if (top.length > 0) facets[name] = Object.fromEntries(top);
    const numbers = matches.map((record) => record[name]).filter((value): value is number => typeof value === "number");
    if (top.length > 0 && numbers.length > 0) {
      const sum = numbers.reduce((a, b) => a + b, 0);
      stats[name] = { min: Math.min(...numbers), max: Math.max(...numbers), avg: sum / numbers.length, sum };
    }
  }
  const start = page * hitsPerPage;
  const hits = ordered.slice(start, Math.max(start, Math.min(start + hitsPerPage, limit)));
  return {
    nbHits: matches.length,
    page,
    hitsPerPage,
    nbPages: hitsPerPage > 0 ? Math.ceil(Math.min(matches.length, limit) / hitsPerPage) : 0,
    ...(request.facets ? { facets, facets_stats: stats } : {}),
    hits: hits.map((record) => ({
      ...JSON.parse(JSON.stringify(record)),
      _highlightResult: Object.fromEntries(SEARCHABLE.flatMap((name) => facetValues(record[name]).map((value) => [name, highlight(value, words)]))),
    })),
  };
}

describe("one contract: the compact per-site index answers as Algolia over the whole records", () => {
  it("facets, counts, filters, facetFilters, numericFilters, facets ['*'], highlighting and paging, for random requests", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(carArbitrary, { minLength: 1, maxLength: 40 }), fc.array(requestArbitrary, { minLength: 25, maxLength: 25 }), async (picks, requests) => {
        await d1.db.batch(["vehicles", "stock_versions", "stock_changes"].map((table) => d1.db.prepare(`DELETE FROM ${table}`)));
        const cars = stockOf(picks);
        await writeStock(d1.db, SITE, 1, cars);
        // The index a site's key searches on the platform (ADR 0034), behind the Algolia REST API and its hits from D1.
        const indexes = createStockIndexes({ db: d1.db, indexName: INDEX, budgetBytes: 64 * 1024 * 1024 });
        const api = createSearchApi({ getIndex: (_name, access) => indexes.target(access), resolveKey: async () => ({ site: SITE, canWrite: false }), applyBatch: async () => {} });
        const records = cars.map((car) => toSearchRecord(car));
        const response = await api.request("/1/indexes/*/queries", {
          method: "POST",
          headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${SITE}` },
          body: JSON.stringify({ requests: requests.map(({ indexName, ...params }) => ({ indexName, ...params, typoTolerance: false })) }),
        });
        expect(response.status).toBe(200);
        const { results } = (await response.json()) as { results: Record<string, unknown>[] };
        requests.forEach((request, i) => {
          const { hits, ...expected } = reference(records, request);
          const { hits: actualHits, ...actual } = results[i] as { hits: { objectID: string }[] };
          expect(actual, JSON.stringify(request)).toMatchObject(expected);
          if (!request.facets) expect(actual).not.toHaveProperty("facets");
          // With a query, relevance comes before the custom rank: the page's cars are compared, then each car's hit.
          const byId = (list: { objectID: string }[]) => [...list].sort((a, b) => Number(a.objectID) - Number(b.objectID));
          if (request.query && hits.length < expected.nbHits) return;
          expect(request.query ? byId(actualHits) : actualHits, JSON.stringify(request)).toEqual(request.query ? byId(hits) : hits);
        });
      }),
      { numRuns: 6 },
    );
  });

  it("a facet of drive and fuel holds the cars' own words, and filters on them find the cars (issue 32)", async () => {
    const cars = stockOf([
      { make: "Toyota", model: "Corolla", colour: "White", simple_body: "SUV", drive: DRIVES[0]!, fuel: FUELS[0]!, status: "in_stock", car_type: "used", certified: false, price: 29_990, km: 0, year: 2022, seats: 5, state: "QLD", tag: null, atm: undefined },
      { make: "Mazda", model: "CX-5", colour: "Blue", simple_body: "SUV", drive: DRIVES[3]!, fuel: FUELS[3]!, status: "in_stock", car_type: "used", certified: false, price: 39_990, km: 0, year: 2023, seats: 5, state: "QLD", tag: null, atm: undefined },
    ]);
    await writeStock(d1.db, SITE, 1, cars);
    const indexes = createStockIndexes({ db: d1.db, indexName: INDEX, budgetBytes: 64 * 1024 * 1024 });
    const { index } = await indexes.sites.get(SITE);
    const answer = (filters: string) => prepareSearch(index, INDEX, { filters, facets: ["drive", "fuel"] });
    expect(answer("").finish(new Map()).facets).toEqual({ drive: { "All Wheel Drive": 1, AWD: 1 }, fuel: { "Hybrid (Petrol)": 1, Electric: 1 } });
    expect(answer('drive:"All Wheel Drive" AND fuel:"Hybrid (Petrol)"').objectIDs).toEqual([String(cars[0]!.id)]);
    // A car that states no drive or fuel of its own is faceted by its simple ones, on both backends alike.
    expect(answer("drive:AWD AND fuel:Electric").objectIDs).toEqual([String(cars[1]!.id)]);
  });

  it("suits my tow vehicle: a van's ATM at or under the capacity; a van stating no ATM never suits (ADR 0079)", async () => {
    const base = { make: "Jayco", model: "Starcraft", colour: null, simple_body: null, drive: DRIVES[5]!, fuel: FUELS[5]!, status: "in_stock", car_type: "used" as const, certified: false, price: 49_990, km: null, year: 2022, seats: null, state: "QLD", tag: null };
    const cars = stockOf(ATMS.map((atm) => ({ ...base, atm })));
    await writeStock(d1.db, SITE, 1, cars);
    const indexes = createStockIndexes({ db: d1.db, indexName: INDEX, budgetBytes: 64 * 1024 * 1024 });
    const { index } = await indexes.sites.get(SITE);
    const suiting = (capacity: number) => prepareSearch(index, INDEX, { numericFilters: [`atm<=${capacity}`] }).objectIDs.map(Number).sort((a, b) => a - b);
    const idsOf = (atms: (number | null | undefined)[]) => cars.filter((_, n) => atms.includes(ATMS[n])).map((car) => car.id);
    expect(suiting(1_799)).toEqual([]);
    expect(suiting(1_800)).toEqual(idsOf([1_800]));
    expect(suiting(3_399)).toEqual(idsOf([1_800, 2_600]));
    expect(suiting(10_000)).toEqual(idsOf([1_800, 2_600, 3_400]));
  });
});
