import { describe, expect, it } from "vitest";
import { splitIntoBatches } from "./batches";

describe("splitIntoBatches", () => {
  it("groups by dealership and caps each batch", () => {
    const records = [
      ...Array.from({ length: 5 }, (_, i) => ({ stocknum: `A${i}`, dealership_slug: "a" })),
      ...Array.from({ length: 2 }, (_, i) => ({ stocknum: `B${i}`, dealership_slug: "b" })),
    ];
    expect(splitIntoBatches(records, undefined, 2).map((b) => [b.dealershipSlug, b.upsert.length])).toEqual([
      ["a", 2],
      ["a", 2],
      ["a", 1],
      ["b", 2],
    ]);
  });

  it("needs a dealership for each record unless a fallback is given", () => {
    expect(() => splitIntoBatches([{ stocknum: "X" }])).toThrow(/dealership_slug/);
    expect(splitIntoBatches([{ stocknum: "X" }], "mine")[0]?.dealershipSlug).toBe("mine");
  });
});
