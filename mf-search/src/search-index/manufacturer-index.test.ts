import { describe, expect, it } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
import { SearchIndex, search } from "../engine";
import { createManufacturerIndex, MANUFACTURER_INDEX, manufacturerIndexSettings, manufacturerRecords } from "./manufacturer-index";
import { carsOf, writeStock } from "./test-stock";

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

describe("createManufacturerIndex", () => {
  it("builds one site's index from that site's stock only, and again when the site's stock changes", async () => {
    const { db, dispose } = await createTestD1();
    try {
      const car = (site: string, dealership: number, id: number, make: string, model: string, simple_body: string) => ({ ...carsOf(site, dealership, 1, id)[0]!, make, model, simple_body });
      await writeStock(db, "a", 1, [car("a", 1, 1, "Toyota", "HiLux", "Ute"), car("a", 1, 2, "Toyota", "HiLux", "Cab Chassis")]);
      await writeStock(db, "b", 2, [car("b", 2, 3, "Yamaha", "MT-07", "Naked")]);
      const manufacturers = createManufacturerIndex();
      const entries = async (site: string) => {
        const index = await manufacturers(db, site);
        return search(index, MANUFACTURER_INDEX, { hitsPerPage: 50 }).hits.map((hit) => [hit.objectID, (hit.model as { body: string[] } | null)?.body ?? null]);
      };
      expect(await entries("a")).toEqual([["a/toyota", null], ["a/toyota/hilux", ["Cab Chassis", "Ute"]]]);
      expect(await entries("b")).toEqual([["b/yamaha", null], ["b/yamaha/mt-07", ["Naked"]]]);
      await writeStock(db, "a", 1, [car("a", 1, 4, "Ford", "Ranger", "Ute")]);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // a data set's version is looked at once a second
      expect((await entries("a")).map(([id]) => id)).toEqual(["a/ford", "a/ford/ranger", "a/toyota", "a/toyota/hilux"]);
    } finally {
      await dispose();
    }
  });
});
