import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { syntheticVehicles } from "../../bench/synthetic-vehicles";
import { conformanceCars } from "./fixtures/conformance-vehicles";
import { search, searchForFacetValues } from "./search";
import { SearchIndex } from "./search-index";
import { type IndexRecord, toSearchRecord } from "./search-record";
import { vehicleIndexSettings } from "./settings";

const INDEX = "Car_production";
const pool: IndexRecord[] = [...conformanceCars, ...syntheticVehicles(120, 7).map((car) => ({ ...car, id: car.id + 100 }))].map((car) => toSearchRecord(car));

/** Requests that read every structure an update touches: text, typos, prefixes, facets, numbers, sorts, paging. */
const requests: [string, Record<string, unknown>][] = [
  [INDEX, { hitsPerPage: 50 }],
  [INDEX, { query: "toyota", facets: ["*"], hitsPerPage: 30 }],
  [INDEX, { query: "cor", getRankingInfo: true }],
  [INDEX, { query: "toyta hilux" }],
  [INDEX, { query: "s000", hitsPerPage: 40 }],
  [INDEX, { filters: "price >= 20000 AND price <= 60000 AND NOT make:Ford", facets: ["make", "body", "price"], page: 1, hitsPerPage: 7 }],
  [INDEX, { facetFilters: [["colour:white", "colour:Black"], "car_type:-new"], numericFilters: ["year>2015"], facets: ["colour"] }],
  [`${INDEX}:price:asc`, { hitsPerPage: 25 }],
  [`${INDEX}:price:desc`, { query: "sport", hitsPerPage: 25 }],
  [`${INDEX}:km:asc`, { filters: "status:in_stock", page: 2, hitsPerPage: 10 }],
  [`${INDEX}:year:desc`, { query: "a", hitsPerPage: 30 }],
  [`${INDEX}:created_at_timestamp:desc`, { offset: 3, length: 9 }],
];

const answers = (index: SearchIndex) => [
  ...requests.map(([indexName, params]) => {
    const { processingTimeMS: _, ...response } = search(index, indexName, params);
    return response;
  }),
  searchForFacetValues(index, INDEX, "make", { facetQuery: "m" }).facetHits,
];

type Change = { kind: "upsert"; record: IndexRecord } | { kind: "remove"; objectID: string };

/** A change to one of the pool's records: a new price, make, status or text, the record itself, or its removal. */
const change = fc.oneof(
  fc.record({ at: fc.nat(pool.length - 1), price: fc.option(fc.integer({ min: 5000, max: 120_000 })) }).map(({ at, price }): Change => ({ kind: "upsert", record: { ...pool[at]!, price } })),
  fc.record({ at: fc.nat(pool.length - 1), make: fc.constantFrom("Toyota", "Kia", "Ford", "Zeekr") }).map(({ at, make }): Change => ({ kind: "upsert", record: { ...pool[at]!, make, name: `${pool[at]!.year} ${make} Special` } })),
  fc.record({ at: fc.nat(pool.length - 1), status: fc.constantFrom("in_stock", "sold", "coming_soon"), rank: fc.integer({ min: 0, max: 3e10 }) }).map(({ at, status, rank }): Change => ({ kind: "upsert", record: { ...pool[at]!, status, custom_rank: rank } })),
  fc.nat(pool.length - 1).map((at): Change => ({ kind: "upsert", record: pool[at]! })),
  fc.nat(pool.length - 1).map((at): Change => ({ kind: "remove", objectID: pool[at]!.objectID })),
);

describe("SearchIndex changed in place", () => {
  it("answers every request as a fresh index over the same records does, after any history of changes", () => {
    fc.assert(
      fc.property(fc.nat(pool.length), fc.array(change, { maxLength: 60 }), (initial, changes) => {
        const index = new SearchIndex(INDEX, pool.slice(0, initial), vehicleIndexSettings);
        const expected = new Map(pool.slice(0, initial).map((record) => [record.objectID, record]));
        // Read once before the changes too, so replica orders and facet lookups built on first use are kept up to date.
        answers(index);
        for (const step of changes) {
          if (step.kind === "upsert") {
            index.upsert([step.record]);
            expected.set(step.record.objectID, step.record);
          } else {
            index.remove([step.objectID]);
            expected.delete(step.objectID);
          }
        }
        expect(index.liveCount).toBe(expected.size);
        expect(answers(index)).toEqual(answers(new SearchIndex(INDEX, [...expected.values()], vehicleIndexSettings)));
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it("reuses a removed record's slot and keeps ids unique", () => {
    const index = new SearchIndex(INDEX, pool.slice(0, 3), vehicleIndexSettings);
    index.remove([pool[1]!.objectID]);
    index.upsert([pool[5]!]);
    expect(index.size).toBe(3);
    expect(index.docOf(pool[1]!.objectID)).toBeUndefined();
    expect(index.record(pool[5]!.objectID)).toBe(pool[5]);
    expect(search(index, INDEX, { hitsPerPage: 10 }).nbHits).toBe(3);
  });

  it("estimates its heap within a factor of the records it holds and grows with them", () => {
    const small = new SearchIndex(INDEX, pool.slice(0, 10), vehicleIndexSettings).estimatedBytes();
    const large = new SearchIndex(INDEX, pool, vehicleIndexSettings).estimatedBytes();
    expect(large).toBeGreaterThan(small * 5);
  });
});
