import type { QueryWord } from "./text/text-index";
import { tokenize } from "./text/tokenize";
import { boundedTypoDistance } from "./text/typo";

export interface HighlightResult {
  value: string;
  matchLevel: "none" | "partial" | "full";
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface HighlightTags {
  pre: string;
  post: string;
}

/** How many leading characters of `token` the query word matches (0 = no match). */
function matchLength(query: QueryWord, token: string): number {
  if (token === query.word) return token.length;
  if (query.prefix && token.startsWith(query.word)) return query.word.length;
  if (query.typos > 0 && boundedTypoDistance(query.word, token, query.typos) <= query.typos) return token.length;
  return 0;
}

/** Wraps the words of `value` that match the query in the tags, as Algolia's _highlightResult does. */
export function highlightText(value: string, queryWords: readonly QueryWord[], tags: HighlightTags): HighlightResult {
  const matched = new Set<string>();
  let out = "";
  let cursor = 0;
  let allTokensFull = true;
  const tokens = tokenize(value);
  for (const token of tokens) {
    let length = 0;
    for (const query of queryWords) {
      const found = matchLength(query, token.word);
      if (found > 0) {
        matched.add(query.word);
        length = Math.max(length, found);
      }
    }
    if (length === 0) {
      allTokensFull = false;
      continue;
    }
    const end = Math.min(token.start + length, token.end);
    if (end < token.end) allTokensFull = false;
    out += `${value.slice(cursor, token.start)}${tags.pre}${value.slice(token.start, end)}${tags.post}`;
    cursor = end;
  }
  out += value.slice(cursor);
  const matchedWords = queryWords.map((query) => query.word).filter((word) => matched.has(word));
  if (matchedWords.length === 0) return { value, matchLevel: "none", matchedWords: [] };
  return {
    value: out,
    matchLevel: new Set(matchedWords).size === new Set(queryWords.map((query) => query.word)).size ? "full" : "partial",
    fullyHighlighted: allTokensFull && tokens.length > 0,
    matchedWords: [...new Set(matchedWords)],
  };
}

/** Highlights strings, numbers and arrays of them; other values have no highlight entry. */
export function highlightValue(
  value: unknown,
  queryWords: readonly QueryWord[],
  tags: HighlightTags,
): HighlightResult | HighlightResult[] | undefined {
  if (typeof value === "string") return highlightText(value, queryWords, tags);
  if (typeof value === "number" && Number.isFinite(value)) return highlightText(String(value), queryWords, tags);
  if (Array.isArray(value))
    return value.flatMap((item) => (typeof item === "string" || typeof item === "number" ? [highlightText(String(item), queryWords, tags)] : []));
  return undefined;
}
