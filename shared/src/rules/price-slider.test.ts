import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "../config/defaults";
import { clampPriceSlider, priceSliderSearchUrl } from "./price-slider";

const bounds = defaultSiteConfig.budget;

describe("price slider", () => {
  it("defaults 5000 to 250000, step 500", () => {
    expect(bounds).toMatchObject({ sliderMin: 5000, sliderMax: 250000, sliderStep: 500 });
  });
  it("the lower thumb cannot reach the upper one: they stay a step apart", () => {
    expect(clampPriceSlider(60000, 60000, bounds)).toEqual([59500, 60000]);
    expect(clampPriceSlider(1000, 300000, bounds)).toEqual([5000, 250000]);
    expect(clampPriceSlider(250000, 250000, bounds)).toEqual([249500, 250000]);
  });
  it("both thumbs at the bottom: the upper one is drawn where its label says (5,500, not 5,001 drawn at 5,000)", () => {
    expect(clampPriceSlider(5000, 5000, bounds)).toEqual([5000, 5500]);
    expect(clampPriceSlider(5000, 5001, bounds)).toEqual([5000, 5500]);
  });
  it("values off the step grid are put on it; a max between two steps is the last reachable step", () => {
    expect(clampPriceSlider(12_340, 80_260, bounds)).toEqual([12_500, 80_500]);
    expect(clampPriceSlider(0, 1e9, { sliderMin: 5000, sliderMax: 7_700, sliderStep: 1000 })).toEqual([5000, 7000]);
  });
  it("search URL sorts by price descending", () => {
    expect(priceSliderSearchUrl(5000, 60000)).toBe("/search?range%5Bprice%5D=5000:60000&sortBy=Car_production:price:desc");
  });
  it("property: thumbs stay within bounds, ordered and at least 1 apart", () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.integer({ min: 0, max: 100000 }), fc.integer({ min: 0, max: 500000 }), (a, b, min, max) => {
        const [low, high] = clampPriceSlider(a, b, { sliderMin: min, sliderMax: max, sliderStep: 500 });
        const onGrid = (value: number) => (value - min) % 500 === 0;
        return low >= min && high <= Math.max(max, min + 500) && high - low >= 500 && onGrid(low) && onGrid(high);
      }),
    );
  });
});
