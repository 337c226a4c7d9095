import { describe, expect, it } from "vitest";
import { siteConfigSchema } from "../config/site-config";
import { SEARCH_PRESETS, searchPresetFilter } from "./search-presets";

describe("search presets", () => {
  it("numbers 0 to 14, each at its own index, with a distinct label and filter", () => {
    expect(SEARCH_PRESETS.map((preset) => preset.id)).toEqual([...Array(15).keys()]);
    expect(new Set(SEARCH_PRESETS.map((preset) => preset.label)).size).toBe(15);
    expect(new Set(SEARCH_PRESETS.map((preset) => preset.filter)).size).toBe(15);
  });

  it("covers every number the site config accepts, and nothing more", () => {
    const presetSchema = siteConfigSchema.shape.search.shape.preset;
    for (let id = -1; id <= 15; id++) expect(presetSchema.safeParse(id).success).toBe(SEARCH_PRESETS[id] !== undefined);
  });

  it("no preset and preset 0 add no condition", () => {
    expect(searchPresetFilter(null)).toBeNull();
    expect(searchPresetFilter(0)).toBeNull();
  });

  it("stock-type and availability presets", () => {
    expect(searchPresetFilter(1)).toBe("car_type:used");
    expect(searchPresetFilter(3)).toBe("car_type:used AND certified:true");
    expect(searchPresetFilter(6)).toBe("status:in_stock");
    expect(searchPresetFilter(8)).toBe("(car_type:new OR car_type:demo) AND status:in_stock");
    expect(searchPresetFilter(12)).toBe("item_type:caravan");
    expect(searchPresetFilter(13)).toBe("price > 0");
  });

  it("refuses a number outside the table", () => {
    expect(() => searchPresetFilter(15)).toThrow(RangeError);
  });
});
