import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampRange, decodeRange, encodeRange, rangeBounds, rangeStep, refineRange, roundToThousand } from "./range-slider";

describe("range slider", () => {
  it("0 to 100000 by default; positive facet max used", () => {
    expect(rangeBounds()).toEqual({ min: 0, max: 100000 });
    expect(rangeBounds({ max: 0 })).toEqual({ min: 0, max: 100000 });
    expect(rangeBounds({ max: 250000 })).toEqual({ min: 0, max: 250000 });
  });
  it("step is about 1% of the range", () => {
    expect(rangeStep({ min: 0, max: 100000 })).toBe(1000);
    expect(rangeStep({ min: 0, max: 50 })).toBe(1);
  });
  it("price and km round to the nearest 1000, clamp, and never cross", () => {
    expect(roundToThousand(27490)).toBe(27000);
    expect(clampRange([12345, 56789], { min: 0, max: 100000 }, "price")).toEqual([12000, 57000]);
    expect(clampRange([12345, 56789], { min: 0, max: 100000 }, "year")).toEqual([12345, 56789]);
    expect(clampRange([-5, 200000], { min: 0, max: 100000 }, "km")).toEqual([0, 100000]);
    expect(clampRange([80000, 20000], { min: 0, max: 100000 })).toEqual([20000, 20000]);
  });
  it("'min:max' encoding", () => {
    expect(encodeRange(0, 50000)).toBe("0:50000");
    expect(encodeRange(null, 54000)).toBe(":54000");
    expect(decodeRange(":54000")).toEqual([null, 54000]);
    expect(decodeRange("1000:")).toEqual([1000, null]);
    expect(decodeRange(undefined)).toEqual([null, null]);
  });
  it("refusals name the side", () => {
    const bounds = { min: 0, max: 100000 };
    expect(refineRange([-1, 5000], bounds)).toEqual({ ok: false, error: "Cannot refine below the range minimum" });
    expect(refineRange([0, 100001], bounds)).toEqual({ ok: false, error: "Cannot refine above the range maximum" });
    expect(refineRange([0, 5000], bounds)).toEqual({ ok: true, refinement: "0:5000" });
  });
  it("property: values always within bounds and ordered", () => {
    fc.assert(
      fc.property(
        fc.double(), fc.double(), fc.integer({ min: -1000, max: 100000 }), fc.integer({ min: 0, max: 500000 }), fc.constantFrom("price", "km", "year"),
        (a, b, min, span, attribute) => {
          const bounds = { min, max: min + span };
          const [low, high] = clampRange([a, b], bounds, attribute);
          return bounds.min <= low && low <= high && high <= bounds.max;
        },
      ),
    );
  });
});
