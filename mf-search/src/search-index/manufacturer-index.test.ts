import { describe, expect, it } from "vitest";
import { SearchIndex, search } from "../engine";
import { MANUFACTURER_INDEX, manufacturerIndexSettings, manufacturerRecords } from "./manufacturer-index";

const stock = [
  { site: "a", make: "Toyota", model: "Corolla", body: "Sedan" },
  { site: "a", make: "Toyota", model: "Corolla", body: "Hatch" },
  { site: "a", make: "Toyota", model: "HiLux", body: "Ute" },
  { site: "a", make: "Nissan", model: "Navara", body: "Ute" },
  { site: "a", make: null, model: "Orphan", body: null },
  { site: "b", make: "Yamaha", model: "MT-07", body: "Naked" },
];
const brands = [
  { site: "a", data: JSON.stringify({ title: "Toyota", slug: "toyota" }) },
  { site: "a", data: JSON.stringify({ title: "TWG Tyres", slug: "twg-tyres", skipPage: true }) },
  { site: "a", data: "{not json" },
];

describe("manufacturer records", () => {
  const records = manufacturerRecords(stock, brands);

  it("a site's tiles, then makes it stocks without a tile, each followed by its models with every body", () => {
    const ofA = records.filter((record) => record.site === "a").map((record) => [record.manufacturer.name, record.model?.name ?? null, record.model?.body ?? null, record.brand_path]);
    expect(ofA).toEqual([
      ["Toyota", null, null, "/toyota/overview"],
      ["Toyota", "Corolla", ["Hatch", "Sedan"], null],
      ["Toyota", "HiLux", ["Ute"], null],
      ["TWG Tyres", null, null, "/twg-tyres"],
      ["Nissan", null, null, null],
      ["Nissan", "Navara", ["Ute"], null],
    ]);
    // A site without tiles of its own gets one per stocked make.
    expect(records.filter((record) => record.site === "b").map((record) => record.objectID)).toEqual(["b/yamaha", "b/yamaha/mt-07"]);
  });

  it("the engine finds them by manufacturer.name, model.name and model.body, within one site", () => {
    const index = new SearchIndex(MANUFACTURER_INDEX, records, manufacturerIndexSettings);
    const ids = (query: string, site = "a") =>
      search(index, MANUFACTURER_INDEX, { query, hitsPerPage: 21 }, { securedFilters: `site:"${site}"` }).hits.map((hit) => hit.objectID);
    expect(ids("hilux")).toEqual(["a/toyota/hilux"]);
    expect(ids("ute")).toEqual(["a/toyota/hilux", "a/nissan/navara"]);
    expect(ids("toyota")).toEqual(["a/toyota", "a/toyota/corolla", "a/toyota/hilux"]);
    expect(ids("yamaha")).toEqual([]);
    expect(ids("yamaha", "b")).toEqual(["b/yamaha", "b/yamaha/mt-07"]);
  });
});
