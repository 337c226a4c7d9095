import { describe, expect, it } from "vitest";
import { allowedTypos, boundedTypoDistance } from "./typo";

describe("allowedTypos", () => {
  it("follows Algolia's default word sizes", () => {
    expect(allowedTypos("kia")).toBe(0);
    expect(allowedTypos("ford")).toBe(1);
    expect(allowedTypos("corolla")).toBe(1);
    expect(allowedTypos("mitsubishi")).toBe(2);
  });
});

describe("boundedTypoDistance", () => {
  it("counts substitutions, insertions, deletions and transpositions as one typo each", () => {
    expect(boundedTypoDistance("ford", "ford", 1)).toBe(0);
    expect(boundedTypoDistance("frod", "ford", 1)).toBe(1);
    expect(boundedTypoDistance("fort", "ford", 1)).toBe(1);
    expect(boundedTypoDistance("fordd", "ford", 1)).toBe(1);
    expect(boundedTypoDistance("mitsubisi", "mitsubishi", 2)).toBe(1);
  });

  it("stops at limit + 1", () => {
    expect(boundedTypoDistance("toyota", "holden", 1)).toBe(2);
    expect(boundedTypoDistance("a", "abcd", 2)).toBe(3);
  });
});
