import { describe, expect, it } from "vitest";
import { highlightText } from "./highlight";
import { queryWords } from "./text/text-index";

const tags = { pre: "<em>", post: "</em>" };
const read = (query: string) => queryWords(query, { typoTolerance: true, queryType: "prefixLast" });

describe("highlightText", () => {
  it("wraps exact words and only the matched prefix of the last word", () => {
    expect(highlightText("2021 Toyota Corolla Ascent", read("toyota cor"), tags)).toEqual({
      value: "2021 <em>Toyota</em> <em>Cor</em>olla Ascent",
      matchLevel: "full",
      fullyHighlighted: false,
      matchedWords: ["toyota", "cor"],
    });
  });

  it("highlights a typo match whole and reports partial matches", () => {
    expect(highlightText("Toyota", read("toyta hilux "), tags)).toEqual({
      value: "<em>Toyota</em>",
      matchLevel: "partial",
      fullyHighlighted: true,
      matchedWords: ["toyta"],
    });
  });

  it("reports none without touching the value", () => {
    expect(highlightText("Ford <Ranger>", read("mazda"), tags)).toEqual({ value: "Ford <Ranger>", matchLevel: "none", matchedWords: [] });
    expect(highlightText("Ford", [], tags)).toEqual({ value: "Ford", matchLevel: "none", matchedWords: [] });
  });
});
