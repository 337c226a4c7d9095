import { describe, expect, it } from "vitest";
import { tokenize, words } from "./tokenize";

describe("tokenize", () => {
  it("splits on separators, lower-cases and strips accents", () => {
    expect(words("Mazda CX-5 Maxx Sport")).toEqual(["mazda", "cx", "5", "maxx", "sport"]);
    expect(words("Škoda Octavia")).toEqual(["skoda", "octavia"]);
  });

  it("keeps offsets into the original text", () => {
    expect(tokenize("  Hi-Lux")).toEqual([
      { word: "hi", start: 2, end: 4 },
      { word: "lux", start: 5, end: 8 },
    ]);
  });
});
