import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import FuelCost from "./FuelCost";

describe("FuelCost", () => {
  it("starts from 1.70 $/L, 250 km a week and the car's consumption", () => {
    const html = renderToString(<FuelCost shown litresPer100km={8} />);
    expect(html).toContain('value="1.70"');
    expect(html).toContain('value="250"');
    // 250 km at 8 L/100km and $1.70: $34.00 a week.
    expect(html).toContain("$34.00");
  });

  it("falls back to 10 L/100km and renders nothing for electric cars", () => {
    expect(renderToString(<FuelCost shown litresPer100km={null} />)).toContain("$42.50");
    expect(renderToString(<FuelCost shown={false} litresPer100km={null} />)).toBe("");
  });
});
