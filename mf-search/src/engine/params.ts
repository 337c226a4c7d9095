import { z } from "zod";
import { SearchError } from "./errors";

/** Numbers, booleans and lists arrive as strings in Algolia's url-encoded `params`; these read both forms. */
const fromString =
  (read: (text: string) => unknown) =>
  (value: unknown): unknown =>
    typeof value === "string" ? read(value) : value;

const readNumber = (text: string) => (text.trim() === "" ? text : Number(text));
const readBoolean = (text: string): unknown => (text === "true" ? true : text === "false" ? false : text);
const readJsonOr = (fallback: (text: string) => unknown) => (text: string) => {
  if (!text.trim().startsWith("[")) return fallback(text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
const readCommaList = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

/** Legacy string form of facetFilters/numericFilters: 'a:1,(b:2,b:3)' = a:1 AND (b:2 OR b:3). */
function readLegacyFilterList(text: string): (string | string[])[] {
  const out: (string | string[])[] = [];
  for (const match of text.matchAll(/\(([^)]*)\)|([^,()]+)/g)) {
    if (match[1] !== undefined) out.push(readCommaList(match[1]));
    else if (match[2]!.trim()) out.push(match[2]!.trim());
  }
  return out;
}

const integer = (min: number, max: number) => z.preprocess(fromString(readNumber), z.number().int().min(min).max(max));
const list = z.preprocess(fromString(readJsonOr(readCommaList)), z.array(z.string()));
const filterList = z.preprocess(
  fromString(readJsonOr(readLegacyFilterList)),
  z.array(z.union([z.string(), z.array(z.string())])),
);

export const searchParamsSchema = z.object({
  query: z.string().default(""),
  filters: z.string().default(""),
  facetFilters: filterList.default([]),
  numericFilters: filterList.default([]),
  tagFilters: filterList.default([]),
  facets: list.default([]),
  maxValuesPerFacet: integer(0, 1000).default(100),
  sortFacetValuesBy: z.enum(["count", "alpha"]).default("count"),
  hitsPerPage: integer(0, 1000).default(20),
  page: integer(0, Number.MAX_SAFE_INTEGER).default(0),
  offset: integer(0, Number.MAX_SAFE_INTEGER).optional(),
  length: integer(0, 1000).optional(),
  paginationLimitedTo: integer(0, 20000).optional(),
  attributesToRetrieve: list.default(["*"]),
  attributesToHighlight: list.optional(),
  /** 'attribute' or 'attribute:words' (10 words by default). */
  attributesToSnippet: list.default([]),
  snippetEllipsisText: z.string().default("…"),
  getRankingInfo: z.preprocess(fromString(readBoolean), z.boolean()).default(false),
  highlightPreTag: z.string().default("<em>"),
  highlightPostTag: z.string().default("</em>"),
  typoTolerance: z.preprocess(fromString(readBoolean), z.union([z.boolean(), z.enum(["min", "strict"])])).default(true),
  queryType: z.enum(["prefixLast", "prefixAll", "prefixNone"]).default("prefixLast"),
  /** Accepted for compatibility; the index has no attributeForDistinct, so distinct is always off. */
  distinct: z.preprocess(fromString((text) => (/^\d+$/.test(text) ? Number(text) : readBoolean(text))), z.union([z.boolean(), z.number().int()])).optional(),
});

export type SearchParams = z.infer<typeof searchParamsSchema>;

/** Algolia's url-encoded form: `query=ford&hitsPerPage=5&facets=%5B%22make%22%5D`. */
export function decodeParamsString(params: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(params));
}

export function encodeParamsString(params: Record<string, unknown>): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value))}`)
    .join("&");
}

/**
 * Reads search parameters given as an object, as `{ params: "url-encoded" }`, or as both (the object's keys
 * win, as in Algolia). Returns the parsed parameters and the url-encoded string the response echoes.
 */
export function parseSearchParams(input: unknown): { params: SearchParams; paramsString: string } {
  if (input !== undefined && (input === null || typeof input !== "object" || Array.isArray(input)))
    throw new SearchError("Invalid search parameters: expected an object");
  const { params: encoded, ...rest } = (input ?? {}) as Record<string, unknown>;
  if (encoded !== undefined && typeof encoded !== "string") throw new SearchError('Invalid value for "params": expected a string');
  const merged = { ...(encoded ? decodeParamsString(encoded) : {}), ...rest };
  const result = searchParamsSchema.safeParse(merged);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new SearchError(`Invalid value for "${issue.path.join(".") || "params"}" parameter: ${issue.message}`);
  }
  return { params: result.data, paramsString: encodeParamsString(merged) };
}
