import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "../config/defaults";
import { clampPriceSlider, priceSliderSearchUrl } from "./price-slider";

const bounds = defaultSiteConfig.budget;

describe("price slider", () => {
  it("defaults 5000 to 250000, step 500", () => {
    expect(bounds).toMatchObject({ sliderMin: 5000, sliderMax: 250000, sliderStep: 500 });
  });
  it("the lower thumb cannot reach the upper one", () => {
    expect(clampPriceSlider(60000, 60000, bounds)).toEqual([59999, 60000]);
    expect(clampPriceSlider(1000, 300000, bounds)).toEqual([5000, 250000]);
    expect(clampPriceSlider(250000, 250000, bounds)).toEqual([249999, 250000]);
  });
  it("search URL sorts by price descending", () => {
    expect(priceSliderSearchUrl(5000, 60000)).toBe("/search?range%5Bprice%5D=5000:60000&sortBy=Car_production:price:desc");
  });
  it("property: thumbs stay within bounds, ordered and at least 1 apart", () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.integer({ min: 0, max: 100000 }), fc.integer({ min: 0, max: 500000 }), (a, b, min, max) => {
        const [low, high] = clampPriceSlider(a, b, { sliderMin: min, sliderMax: max, sliderStep: 500 });
        return low >= min && high <= Math.max(max, min + 1) && high - low >= 1;
      }),
    );
  });
});
