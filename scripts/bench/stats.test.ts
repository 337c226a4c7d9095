import { describe, expect, it } from "vitest";
import { percentile, summarize } from "./stats";

describe("percentile", () => {
  it("takes the nearest rank of the sorted samples, whatever their order", () => {
    const values = [9, 1, 8, 2, 7, 3, 6, 4, 5, 10];
    expect(percentile(values, 50)).toBe(6);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile(values, 100)).toBe(10);
    expect(values[0]).toBe(9);
  });

  it("answers 0 for no samples and the sample itself for one", () => {
    expect(percentile([], 50)).toBe(0);
    expect(percentile([42], 95)).toBe(42);
  });
});

describe("summarize", () => {
  it("gives count, p50, p95 and max", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(summarize(values)).toEqual({ n: 100, p50: 51, p95: 96, max: 100 });
    expect(summarize([])).toEqual({ n: 0, p50: 0, p95: 0, max: 0 });
  });
});
