import type { Car } from "@dealer/shared/contract";
import { SEARCH_PRESETS } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { conformanceCars, conformanceIndex } from "./fixtures/conformance-vehicles";
import { search } from "./search";

const index = conformanceIndex();

/** What each preset means, said once more as a plain predicate over the car, to check the engine reads the filter so. */
const meaning: Record<number, (car: Car) => boolean> = {
  0: () => true,
  1: (car) => car.car_type === "used",
  2: (car) => car.car_type === "new",
  3: (car) => car.car_type === "used" && car.certified === true,
  4: (car) => car.car_type === "new" || car.car_type === "demo",
  5: (car) => car.car_type === "demo",
  6: (car) => car.status === "in_stock",
  7: (car) => car.car_type === "used" && car.status === "in_stock",
  8: (car) => (car.car_type === "new" || car.car_type === "demo") && car.status === "in_stock",
  9: (car) => car.item_type === "car",
  10: (car) => car.item_type === "motorcycle",
  11: (car) => car.item_type === "truck",
  12: (car) => car.item_type === "caravan",
  13: (car) => (car.price ?? 0) > 0,
  14: (car) => car.car_type === "used" && car.km != null && car.km <= 100000,
};

describe("search presets in the engine", () => {
  it.each(SEARCH_PRESETS.map((preset) => [preset.id, preset] as const))("preset %i selects what it says", (_id, preset) => {
    const response = search(index, "Car_production", { filters: preset.filter ?? "", hitsPerPage: 1000, attributesToRetrieve: ["objectID"] });
    const expected = conformanceCars.filter(meaning[preset.id]!).map((car) => String(car.id));
    expect(response.hits.map((hit) => hit.objectID).sort()).toEqual(expected.sort());
  });
});
