import { describe, expect, it } from "vitest";
import { Bitset } from "./bitset";

const members = (set: Bitset) => {
  const out: number[] = [];
  set.forEach((doc) => {
    out.push(doc);
  });
  return out;
};

describe("Bitset", () => {
  it("adds, tests and lists members in order", () => {
    const set = Bitset.fromDocs(70, [69, 0, 31, 32, 5]);
    expect(members(set)).toEqual([0, 5, 31, 32, 69]);
    expect(set.has(31)).toBe(true);
    expect(set.has(30)).toBe(false);
    expect(set.count()).toBe(5);
  });

  it("combines sets and complements within its size", () => {
    const a = Bitset.fromDocs(40, [1, 2, 3]);
    const b = Bitset.fromDocs(40, [3, 4]);
    expect(members(a.and(b))).toEqual([3]);
    expect(members(a.or(b))).toEqual([1, 2, 3, 4]);
    expect(a.not().count()).toBe(37);
    expect(Bitset.full(40).count()).toBe(40);
    expect(Bitset.full(64).count()).toBe(64);
  });
});
