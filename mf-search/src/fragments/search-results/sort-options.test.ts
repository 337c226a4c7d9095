import { describe, expect, it } from "vitest";
import { SORT_OPTIONS, sortOptionsFor } from "./sort-options";

describe("sort options for what the site sells", () => {
  it("cars, motorcycles and trucks sort by kilometres; caravans have no odometer and no kilometres sort", () => {
    for (const itemType of ["car", "motorcycle", "truck"] as const) expect(sortOptionsFor(itemType)).toEqual(SORT_OPTIONS);
    expect(sortOptionsFor("caravan").map(({ label }) => label)).toEqual(["Recommended", "Price: low to high", "Price: high to low", "Year: newest first", "Recently added"]);
  });
});
