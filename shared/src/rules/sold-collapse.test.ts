import { describe, expect, it } from "vitest";
import { collapseConsecutiveSold } from "./sold-collapse";

const car = (id: number, status: string) => ({ id, status });

describe("sold cars in results", () => {
  it("consecutive sold cars collapse to one", () => {
    const hits = [car(1, "in_stock"), car(2, "sold"), car(3, "sold"), car(4, "coming_soon"), car(5, "sold"), car(6, "sold")];
    expect(collapseConsecutiveSold(hits).map((c) => c.id)).toEqual([1, 2, 4, 5]);
  });
  it("if all are sold, all are kept", () => {
    const hits = [car(1, "sold"), car(2, "sold")];
    expect(collapseConsecutiveSold(hits)).toEqual(hits);
    expect(collapseConsecutiveSold([])).toEqual([]);
  });
});
