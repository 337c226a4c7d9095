import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampRange, decodeRange, encodeRange, rangeBounds, rangeRefinement, refineRange, roundToThousand } from "./range-slider";

describe("range slider", () => {
  it("0 to 100000 by default; positive facet max used; step about 1% of the range", () => {
    expect(rangeBounds()).toEqual({ min: 0, max: 100000, step: 1000 });
    expect(rangeBounds({ max: 0 })).toEqual({ min: 0, max: 100000, step: 1000 });
    expect(rangeBounds({ max: 250000 }, "price")).toEqual({ min: 0, max: 250_000, step: 2000 });
    expect(rangeBounds({ max: 50 })).toEqual({ min: 0, max: 50, step: 1 });
  });
  it("the step is a round number, so round amounts are thumb positions ($200/wk with weekly figures up to $1,100)", () => {
    expect(rangeBounds({ max: 1_100 }, "weekly_price_range")).toEqual({ min: 0, max: 1_100, step: 10 });
    expect(rangeBounds({ max: 1_650 }, "weekly_price_range")).toEqual({ min: 0, max: 1_660, step: 20 });
    expect(rangeBounds({ max: 640_000 }, "price").step).toBe(5000);
    expect(clampRange([200, 300], rangeBounds({ max: 1_100 }, "weekly_price_range"), "weekly_price_range")).toEqual([200, 300]);
    for (const max of [7, 33, 480, 2_345, 87_990, 1_000_000]) expect(String(rangeBounds({ max }).step)).toMatch(/^[125]0*$/);
  });

  it("the top is the facet max raised to a whole step, so the top thumb reaches the dearest car", () => {
    // 87,990 with a 1,000 step: a native input stops at 87,000 below a max of 87,990.
    expect(rangeBounds({ max: 87_990 }, "price")).toEqual({ min: 0, max: 88_000, step: 1000 });
    expect(rangeBounds({ max: 312_345 }, "km")).toEqual({ min: 0, max: 314_000, step: 2000 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), fc.constantFrom("price", "km", "year"), (top, attribute) => {
        const bounds = rangeBounds({ max: top }, attribute);
        return bounds.max >= top && (bounds.max - bounds.min) % bounds.step === 0 && bounds.max - top < bounds.step;
      }),
    );
  });
  it("price and km round to the nearest 1000, go on the step grid, clamp, and never cross", () => {
    const bounds = { min: 0, max: 100000, step: 1000 };
    expect(roundToThousand(27490)).toBe(27000);
    expect(clampRange([12345, 56789], bounds, "price")).toEqual([12000, 57000]);
    expect(clampRange([12345, 56789], { ...bounds, step: 1 }, "year")).toEqual([12345, 56789]);
    expect(clampRange([-5, 200000], bounds, "km")).toEqual([0, 100000]);
    expect(clampRange([80000, 20000], bounds)).toEqual([20000, 20000]);
    expect(clampRange([4000, 44_000], { min: 0, max: 300_000, step: 3000 }, "km")).toEqual([3000, 45_000]);
  });
  it("a thumb at either end is no bound on that side", () => {
    const bounds = { min: 0, max: 88_000, step: 1000 };
    expect(rangeRefinement([0, 88_000], bounds)).toBeNull();
    expect(rangeRefinement([0, 40_000], bounds)).toBe(":40000");
    expect(rangeRefinement([5000, 88_000], bounds)).toBe("5000:");
    expect(rangeRefinement([5000, 40_000], bounds)).toBe("5000:40000");
  });
  it("'min:max' encoding", () => {
    expect(encodeRange(0, 50000)).toBe("0:50000");
    expect(encodeRange(null, 54000)).toBe(":54000");
    expect(decodeRange(":54000")).toEqual([null, 54000]);
    expect(decodeRange("1000:")).toEqual([1000, null]);
    expect(decodeRange(undefined)).toEqual([null, null]);
  });
  it("refusals name the side", () => {
    const bounds = { min: 0, max: 100000, step: 1000 };
    expect(refineRange([-1, 5000], bounds)).toEqual({ ok: false, error: "Cannot refine below the range minimum" });
    expect(refineRange([0, 100001], bounds)).toEqual({ ok: false, error: "Cannot refine above the range maximum" });
    expect(refineRange([0, 5000], bounds)).toEqual({ ok: true, refinement: "0:5000" });
  });
  it("property: values always within bounds and ordered", () => {
    fc.assert(
      fc.property(
        fc.double(), fc.double(), fc.integer({ min: -1000, max: 100000 }), fc.integer({ min: 0, max: 500000 }), fc.constantFrom("price", "km", "year"),
        (a, b, min, span, attribute) => {
          const bounds = { min, max: min + span, step: 1 };
          const [low, high] = clampRange([a, b], bounds, attribute);
          return bounds.min <= low && low <= high && high <= bounds.max;
        },
      ),
    );
  });
});
