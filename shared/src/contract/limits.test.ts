import { describe, expect, it } from "vitest";
import { z } from "zod";
import { maxList, maxMap, maxText, numberIn, rangeMessage, tooLongMessage, tooManyMessage } from "./limits";
import { parseWithFieldErrors } from "./parse";

describe("input limits", () => {
  const schema = z.object({ name: maxText(5), tags: maxList(maxText(3), 2), fees: maxMap(z.number(), 1, 4), rate: numberIn(0, 30) }).strict();

  it("takes values at their limits", () => {
    expect(parseWithFieldErrors(schema, { name: "abcde", tags: ["abc", "def"], fees: { abcd: 1 }, rate: 30 }).ok).toBe(true);
  });

  it("names each field past its limit and says the limit in words", () => {
    const result = parseWithFieldErrors(schema, { name: "abcdef", tags: ["a", "b", "c"], fees: { a: 1, b: 2 }, rate: 30.5 });
    expect(result).toEqual({
      ok: false,
      fieldErrors: { name: [tooLongMessage(5)], tags: [tooManyMessage(2)], fees: [tooManyMessage(1)], rate: [rangeMessage(0, 30)] },
    });
    expect(tooLongMessage(5)).toBe("Please use at most 5 characters.");
    expect(rangeMessage(0, 30)).toBe("Please use a number from 0 to 30.");
  });

  it("limits each entry of a list and each key of a map", () => {
    const result = parseWithFieldErrors(schema, { name: "", tags: ["abcd"], fees: { abcdefgh: 1 }, rate: 0 });
    expect(result.ok ? null : Object.keys(result.fieldErrors)).toEqual(["tags.0", "fees.abcdefgh"]);
  });
});
