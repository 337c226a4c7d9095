import { describe, expect, it } from "vitest";
import { SearchError } from "./errors";
import { conformanceCases } from "./fixtures/conformance-cases";
import { conformanceIndex } from "./fixtures/conformance-vehicles";
import { search } from "./search";

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
