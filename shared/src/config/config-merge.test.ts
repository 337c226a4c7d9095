import { describe, expect, it } from "vitest";
import { mergeConfigOverride } from "./config-merge";

describe("mergeConfigOverride", () => {
  const base = { theme: { primary: "#111111" }, features: { compare: true } };

  it("keeps what the dealer published since the base when the file left it alone", () => {
    const published = { theme: { primary: "#111111", accent: "#222222" }, features: { compare: false } };
    const file = { theme: { primary: "#333333" }, features: { compare: true } };
    const result = mergeConfigOverride({ base, published, file });
    expect(result.conflicts).toEqual([]);
    expect(result.kept).toEqual(["features.compare", "theme.accent"]);
    expect(result.merged).toEqual({ theme: { primary: "#333333", accent: "#222222" }, features: { compare: false } });
  });

  it("lists a setting both changed to different values, with both values", () => {
    const result = mergeConfigOverride({ base, published: { ...base, theme: { primary: "#aaaaaa" } }, file: { ...base, theme: { primary: "#bbbbbb" } } });
    expect(result.conflicts).toEqual([{ path: "theme.primary", published: "#aaaaaa", file: "#bbbbbb" }]);
    expect(result.merged.theme).toEqual({ primary: "#bbbbbb" });
  });

  it("sees no conflict where both made the same change, and keeps a setting the dealer removed", () => {
    const published = { theme: { primary: "#aaaaaa" } };
    const result = mergeConfigOverride({ base, published, file: { ...base, theme: { primary: "#aaaaaa" } } });
    expect(result.conflicts).toEqual([]);
    expect(result.merged).toEqual({ theme: { primary: "#aaaaaa" } });
  });

  it("treats arrays as one setting and a removed setting as its default", () => {
    const withMenu = { menu: [{ label: "A" }] };
    const result = mergeConfigOverride({ base: withMenu, published: {}, file: { menu: [{ label: "B" }] } });
    expect(result.conflicts).toEqual([{ path: "menu", published: undefined, file: [{ label: "B" }] }]);
  });

  it("changes nothing when nobody published since the base", () => {
    const file = { theme: { primary: "#999999" } };
    expect(mergeConfigOverride({ base, published: base, file })).toEqual({ merged: file, kept: [], conflicts: [] });
  });
});
