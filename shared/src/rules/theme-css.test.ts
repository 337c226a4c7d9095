import { describe, expect, it } from "vitest";
import { themeCss } from "./theme-css";

const theme = { primary: "#1c2b4a", accent: "#c8102e", text: "#14161a", font: "system", density: "regular", corners: "soft", header: "brand" } as const;

describe("themeCss", () => {
  it("sets the tokens the design system reads, from a palette checked for contrast", () => {
    const css = themeCss({ ...theme, primary: "#ffb300" }, "/_shell/abc/fonts");
    expect(css).toMatch(/^:root\{--brand-primary:#[0-9a-f]{6};--brand-accent:#c8102e;--on-accent:#ffffff;--brand-text:#14161a\}$/);
    expect(css).not.toContain("--brand-primary:#ffb300");
    expect(css).not.toContain("@font-face");
  });

  it("maps density, corners and a light header", () => {
    const css = themeCss({ ...theme, density: "compact", corners: "square", header: "light" }, "/f");
    expect(css).toContain("--density:0.85;--corner:0");
    expect(css).toContain("--header-bg:#ffffff;--header-fg:#1c2b4a");
  });

  it("declares a self-hosted font from the shell's build, never a third party", () => {
    const css = themeCss({ ...theme, font: "open-sans" }, "/_shell/abc/fonts");
    expect(css).toContain('@font-face{font-family:"Open Sans";font-weight:400;font-display:swap;src:url(/_shell/abc/fonts/open-sans-400.woff2) format("woff2")}');
    expect(css).toContain("open-sans-700.woff2");
    expect(css).toContain('--font-body:"Open Sans", system-ui, sans-serif');
    expect(css).not.toMatch(/https?:/);
  });

  it("gives a serif choice serif headings over a system body", () => {
    expect(themeCss({ ...theme, font: "serif" }, "/f")).toMatch(/--font-heading:Charter[^;]*serif/);
  });
});
