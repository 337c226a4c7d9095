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

export interface SnippetResult {
  value: string;
  matchLevel: HighlightResult["matchLevel"];
}

/** 'attribute:20' -> ['attribute', 20]; Algolia's default is 10 words. */
export function snippetSpec(entry: string): [string, number] {
  const match = /^(.+):(\d+)$/.exec(entry);
  return match ? [match[1]!, Math.min(Number(match[2]), 1000)] : [entry, 10];
}

/** At most `maxWords` words around the first match, highlighted, with the ellipsis where text was cut. */
export function snippetText(value: string, queryWords: readonly QueryWord[], tags: HighlightTags, maxWords: number, ellipsis: string): SnippetResult {
  const tokens = tokenize(value);
  if (tokens.length <= maxWords) {
    const { value: highlighted, matchLevel } = highlightText(value, queryWords, tags);
    return { value: highlighted, matchLevel };
  }
  const first = tokens.findIndex((token) => queryWords.some((query) => matchLength(query, token.word) > 0));
  const start = first < 0 ? 0 : Math.max(0, Math.min(first - Math.floor((maxWords - 1) / 2), tokens.length - maxWords));
  const end = Math.min(tokens.length, start + Math.max(1, maxWords));
  const cut = value.slice(tokens[start]!.start, tokens[end - 1]!.end);
  const { value: highlighted, matchLevel } = highlightText(cut, queryWords, tags);
  return { value: `${start > 0 ? ellipsis : ""}${highlighted}${end < tokens.length ? ellipsis : ""}`, matchLevel };
}

/** Snippets strings, numbers and arrays of them, as Algolia's _snippetResult does. */
export function snippetValue(
  value: unknown,
  queryWords: readonly QueryWord[],
  tags: HighlightTags,
  maxWords: number,
  ellipsis: string,
): SnippetResult | SnippetResult[] | undefined {
  if (typeof value === "string") return snippetText(value, queryWords, tags, maxWords, ellipsis);
  if (typeof value === "number" && Number.isFinite(value)) return snippetText(String(value), queryWords, tags, maxWords, ellipsis);
  if (Array.isArray(value))
    return value.flatMap((item) => (typeof item === "string" || typeof item === "number" ? [snippetText(String(item), queryWords, tags, maxWords, ellipsis)] : []));
  return undefined;
}
