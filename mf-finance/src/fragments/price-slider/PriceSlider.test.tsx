import { defaultSiteConfig } from "@dealer/shared/config";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import PriceSlider from "./PriceSlider";

describe("PriceSlider", () => {
  it("has two labelled thumbs over 5000-250000 in 500 steps and links to the search by price descending", () => {
    const html = renderToString(<PriceSlider bounds={defaultSiteConfig.budget} vehicleNoun="Car" />);
    expect(html).toContain("Minimum price");
    expect(html).toContain("Maximum price");
    expect(html.match(/type="range" min="5000" max="250000" step="500"/g)).toHaveLength(2);
    expect(html).toContain('href="/search?range%5Bprice%5D=5000:250000&amp;sortBy=Car_production:price:desc"');
    expect(html).toContain('aria-valuetext="$250,000"');
  });
});
