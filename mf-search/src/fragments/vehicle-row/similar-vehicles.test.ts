import { rankSimilarCars, similarCarsFilters } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { search } from "../../engine";
import { conformanceCars, conformanceIndex } from "../../engine/fixtures/conformance-vehicles";

describe("similar vehicles' queries on the vehicle index", () => {
  it("find the same body in the price window, not only the same make and model, and never the car itself", () => {
    const index = conformanceIndex();
    const corolla = conformanceCars.find((car) => car.model === "Corolla")!;
    const hits = similarCarsFilters(corolla).flatMap((filters) => search(index, "Car_production", { filters, hitsPerPage: 10 }).hits);
    // Same body (Hatch) within $24,990 +- $10,000, in stock: the Mazda 3 ($19,990); the Hyundai i30 has no price.
    expect(hits.map((hit) => hit.objectID)).toEqual(["5"]);
    expect(rankSimilarCars(hits as unknown as { id: number; model: string }[], corolla).map((hit) => hit.id)).toEqual([5]);
  });
});
