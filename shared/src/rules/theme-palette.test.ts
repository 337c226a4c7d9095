import { describe, expect, it } from "vitest";
import { AA_TEXT, contrastRatio, DEFAULT_TEXT, themePalette } from "./theme-palette";

describe("themePalette", () => {
  it("keeps a palette that passes WCAG AA as given", () => {
    const palette = themePalette({ primary: "#1c2b4a", accent: "#c8102e", text: "#14161a" });
    expect(palette).toMatchObject({ primary: "#1c2b4a", accent: "#c8102e", text: "#14161a", onPrimary: "#ffffff", adjustments: [] });
  });

  it("darkens a primary too light for white text until it reaches 4.5:1, keeping its hue", () => {
    const palette = themePalette({ primary: "#ffb300", accent: "#ffb300", text: "#1b1b1b" });
    expect(contrastRatio(palette.primary, "#ffffff")).toBeGreaterThanOrEqual(AA_TEXT);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(palette.primary.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(g as number);
    expect(b).toBe(0);
    expect(palette.adjustments[0]).toMatch(/^primary #ffb300 darkened to #[0-9a-f]{6}/);
  });

  it("refuses a text colour that fails on white and uses the platform's", () => {
    const palette = themePalette({ primary: "#1c2b4a", accent: "#c8102e", text: "#aaaaaa" });
    expect(palette.text).toBe(DEFAULT_TEXT);
    expect(palette.adjustments).toEqual([expect.stringMatching(/^text #aaaaaa refused/)]);
  });

  it("puts black or white on the accent, whichever reaches AA", () => {
    for (const accent of ["#ffb300", "#c8102e", "#777777", "#00ff00", "#0000ff"]) {
      const palette = themePalette({ primary: "#000000", accent, text: "#000000" });
      expect(contrastRatio(palette.accent, palette.onAccent)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });
});
