import type { Bitset } from "./bitset";
import type { NumericStats } from "./columns/numeric-column";
import { SearchError } from "./errors";
import { computeFacets, requestedFacets } from "./facets";
import { allOf, type FilterNode } from "./filters/filter-ast";
import { evaluateFilter } from "./filters/evaluate-filter";
import { parseFacetFilters, parseNumericFilters } from "./filters/facet-filters";
import { parseFilters } from "./filters/parse-filters";
import { type HighlightResult, type HighlightTags, highlightText, highlightValue, type SnippetResult, snippetSpec, snippetValue } from "./highlight";
import { parseSearchParams, type SearchParams } from "./params";
import { rankedWindow } from "./ranking";
import { valueAt } from "./record-values";
import type { SearchIndex } from "./search-index";
import type { IndexRecord } from "./search-record";
import { type RankingCriterion, searchableAttributeGroups } from "./settings";
import { type QueryWord, queryWords, type TextMatches } from "./text/text-index";

export interface SearchOptions {
  /**
   * Filters in Algolia syntax that are ANDed with whatever the request asks and cannot be lifted by it (the
   * way a secured API key embeds filters), e.g. `site:harbour-city-motors`.
   */
  securedFilters?: string;
}

export type Hit = Record<string, unknown> & {
  objectID: string;
  _highlightResult: Record<string, HighlightResult | HighlightResult[]>;
  _snippetResult?: Record<string, SnippetResult | SnippetResult[]>;
  _rankingInfo?: RankingInfo;
};

/** Algolia's _rankingInfo, read off this engine's text score (typos, attribute, exactness) and custom rank. */
export interface RankingInfo {
  nbTypos: number;
  firstMatchedWord: number;
  proximityDistance: number;
  userScore: number;
  geoDistance: number;
  geoPrecision: number;
  nbExactWords: number;
  words: number;
  filters: number;
}

export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

export interface FacetSearchResponse {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: boolean;
  exhaustive: { facetsCount: boolean };
  processingTimeMS: number;
}

export interface SearchResponse {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  offset?: number;
  length?: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, NumericStats>;
  exhaustiveFacetsCount?: boolean;
  exhaustiveNbHits: boolean;
  exhaustive: { nbHits: boolean; typo: boolean; facetsCount?: boolean };
  processingTimeMS: number;
  query: string;
  params: string;
  index: string;
}

/** 'Car_production' or a sort replica of it: 'Car_production:price:desc'. */
export function resolveSort(index: SearchIndex, indexName: string): RankingCriterion | null {
  if (indexName === index.name) return null;
  const replica = new RegExp(`^${index.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(.+):(asc|desc)$`).exec(indexName);
  if (replica && index.hasNumeric(replica[1]!)) return { attribute: replica[1]!, direction: replica[2] as "asc" | "desc" };
  throw new SearchError(`Index ${indexName} does not exist`);
}

function requestFilter(params: SearchParams, options: SearchOptions): FilterNode | null {
  const secured = options.securedFilters ? parseFilters(options.securedFilters, "securedFilters") : null;
  const tags = params.tagFilters.map((entry) => (typeof entry === "string" ? `_tags:${entry}` : entry.map((tag) => `_tags:${tag}`)));
  const parts = [
    parseFilters(params.filters),
    parseFacetFilters(params.facetFilters),
    parseNumericFilters(params.numericFilters),
    parseFacetFilters(tags),
    secured,
  ];
  return allOf(parts.filter((part): part is FilterNode => part !== null));
}

function retrieve(record: IndexRecord, attributes: readonly string[]): Record<string, unknown> {
  const all = attributes.includes("*");
  if (all) {
    const excluded = attributes.filter((name) => name.startsWith("-")).map((name) => name.slice(1));
    const copy: Record<string, unknown> = { ...record };
    for (const name of excluded) if (name !== "objectID") delete copy[name];
    return copy;
  }
  const picked: Record<string, unknown> = {};
  for (const name of attributes) {
    const value = valueAt(record, name);
    if (value !== undefined) picked[name] = value;
  }
  picked.objectID = record.objectID;
  return picked;
}

function highlightAttributes(index: SearchIndex, params: SearchParams): string[] {
  const searchable = searchableAttributeGroups(index.settings).flat();
  const asked = params.attributesToHighlight;
  if (!asked || asked.includes("*")) return searchable;
  return asked;
}

/** The text score packs typos (hundreds), attribute priority (tens) and inexact words (units); see TextIndex.match. */
function rankingInfo(index: SearchIndex, doc: number, words: readonly QueryWord[], text: TextMatches | null): RankingInfo {
  const score = text ? text.score[doc]! : 0;
  return {
    nbTypos: Math.floor(score / 100),
    firstMatchedWord: text ? (Math.floor(score / 10) % 10) * 1000 : 0,
    proximityDistance: Math.max(0, words.length - 1),
    userScore: index.liveCount - index.rankPosition[doc]!,
    geoDistance: 0,
    geoPrecision: 1,
    nbExactWords: text ? words.length - (score % 10) : 0,
    words: words.length,
    filters: 0,
  };
}

type HitContext = { params: SearchParams; highlighted: readonly string[]; words: readonly QueryWord[]; tags: HighlightTags; text: TextMatches | null };

function toHit(index: SearchIndex, doc: number, record: IndexRecord, { params, highlighted, words, tags, text }: HitContext): Hit {
  const _highlightResult: Hit["_highlightResult"] = {};
  for (const attribute of highlighted) {
    const result = highlightValue(valueAt(record, attribute), words, tags);
    if (result !== undefined) _highlightResult[attribute] = result;
  }
  const hit: Hit = { ...retrieve(record, params.attributesToRetrieve), objectID: record.objectID, _highlightResult };
  if (params.attributesToSnippet.length > 0) {
    const snippets: NonNullable<Hit["_snippetResult"]> = {};
    for (const [attribute, maxWords] of params.attributesToSnippet.map(snippetSpec)) {
      const result = snippetValue(valueAt(record, attribute), words, tags, maxWords, params.snippetEllipsisText);
      if (result !== undefined) snippets[attribute] = result;
    }
    hit._snippetResult = snippets;
  }
  if (params.getRankingInfo) hit._rankingInfo = rankingInfo(index, doc, words, text);
  return hit;
}

function docsOf(set: Bitset): Int32Array {
  const docs = new Int32Array(set.count());
  let i = 0;
  set.forEach((doc) => {
    docs[i++] = doc;
  });
  return docs;
}

/** The documents a request's filters and query select. */
function matching(index: SearchIndex, params: SearchParams, options: SearchOptions) {
  const filter = requestFilter(params, options);
  // A `NOT` selects free slots too: every answer is within the live documents.
  let matches = filter ? evaluateFilter(index, filter).and(index.liveDocs()) : index.liveDocs();
  const words = queryWords(params.query, { typoTolerance: params.typoTolerance !== false, queryType: params.queryType });
  let text: TextMatches | null = null;
  if (words.length > 0) {
    text = index.text.match(words, index.size);
    matches = matches.and(text.docs);
  }
  return { matches, words, text };
}

/**
 * A search whose ranking, counts and facets are done, waiting for its hits' records: an index may hold compact
 * records, with the full ones fetched (by objectID) between the two steps. A record that is missing by then (a car
 * deleted meanwhile) drops its hit.
 */
export interface PreparedSearch {
  objectIDs: string[];
  finish(records: ReadonlyMap<string, IndexRecord>): SearchResponse;
}

/** Answers one Algolia search request against `index` (or one of its sort replicas, named by `indexName`), up to its hits' records. */
export function prepareSearch(index: SearchIndex, indexName: string, rawParams: unknown, options: SearchOptions = {}): PreparedSearch {
  const started = performance.now();
  const { params, paramsString } = parseSearchParams(rawParams);
  const sort = resolveSort(index, indexName);
  const { matches, words, text } = matching(index, params, options);
  const nbHits = matches.count();

  const usesOffset = params.offset !== undefined;
  const hitsPerPage = usesOffset ? (params.length ?? params.hitsPerPage) : params.hitsPerPage;
  const start = usesOffset ? params.offset! : params.page * params.hitsPerPage;
  const limit = params.paginationLimitedTo ?? index.settings.paginationLimitedTo;
  const end = Math.min(start + hitsPerPage, limit, nbHits);
  const tags = { pre: params.highlightPreTag, post: params.highlightPostTag };
  const highlighted = highlightAttributes(index, params);
  const context: HitContext = { params, highlighted, words, tags, text };
  const docs = rankedWindow(index, matches, text, sort, start, end);

  const response: SearchResponse = {
    hits: [],
    nbHits,
    page: usesOffset ? (hitsPerPage > 0 ? Math.floor(start / hitsPerPage) : 0) : params.page,
    nbPages: hitsPerPage > 0 ? Math.ceil(Math.min(nbHits, limit) / hitsPerPage) : 0,
    hitsPerPage,
    exhaustiveNbHits: true,
    exhaustive: { nbHits: true, typo: true },
    processingTimeMS: 0,
    query: params.query,
    params: paramsString,
    index: indexName,
  };
  if (usesOffset) Object.assign(response, { offset: start, length: hitsPerPage });
  const facetNames = requestedFacets(index, params.facets);
  if (params.facets.length > 0) {
    const { facets, facets_stats } = computeFacets(index, facetNames, docsOf(matches), {
      maxValues: params.maxValuesPerFacet,
      sortBy: params.sortFacetValuesBy,
    });
    Object.assign(response, { facets, facets_stats, exhaustiveFacetsCount: true });
    response.exhaustive.facetsCount = true;
  }
  const objectIDs = docs.map((doc) => index.records[doc]!.objectID);
  return {
    objectIDs,
    finish(records) {
      response.hits = docs.flatMap((doc, i) => {
        const record = records.get(objectIDs[i]!);
        return record ? [toHit(index, doc, record, context)] : [];
      });
      response.processingTimeMS = Math.round(performance.now() - started);
      return response;
    },
  };
}

/** Answers one Algolia search request from the records the index holds. */
export function search(index: SearchIndex, indexName: string, rawParams: unknown, options: SearchOptions = {}): SearchResponse {
  const prepared = prepareSearch(index, indexName, rawParams, options);
  return prepared.finish(new Map(prepared.objectIDs.map((objectID) => [objectID, index.record(objectID)!])));
}

const MAX_FACET_HITS = 100;

/**
 * Search for facet values: the values of `facet` among the documents the request's query and filters select whose
 * words start with the words of `facetQuery`, by count, highlighted.
 */
export function searchForFacetValues(
  index: SearchIndex,
  indexName: string,
  facet: string,
  rawParams: unknown,
  options: SearchOptions = {},
): FacetSearchResponse {
  const started = performance.now();
  const { facetQuery, maxFacetHits, rest } = facetQueryParams(rawParams);
  const { params } = parseSearchParams(rest);
  resolveSort(index, indexName);
  const column = index.facets.get(facet);
  if (!column || column.filterOnly) throw new SearchError(`Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`);
  const { matches } = matching(index, params, options);
  const counts = column.count(docsOf(matches));
  const words = queryWords(facetQuery, { typoTolerance: false, queryType: "prefixAll" });
  const tags = { pre: params.highlightPreTag, post: params.highlightPostTag };
  const facetHits: FacetHit[] = [];
  column.values.forEach((value, id) => {
    if (!counts[id]) return;
    const highlighted = highlightText(value, words, tags);
    if (words.length > 0 && highlighted.matchLevel !== "full") return;
    facetHits.push({ value, highlighted: highlighted.value, count: counts[id]! });
  });
  facetHits.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return {
    facetHits: facetHits.slice(0, maxFacetHits),
    exhaustiveFacetsCount: true,
    exhaustive: { facetsCount: true },
    processingTimeMS: Math.round(performance.now() - started),
  };
}

/** facetQuery and maxFacetHits ride along with search parameters, as an object or in the `params` string. */
function facetQueryParams(rawParams: unknown): { facetQuery: string; maxFacetHits: number; rest: Record<string, unknown> } {
  if (rawParams !== undefined && (rawParams === null || typeof rawParams !== "object" || Array.isArray(rawParams)))
    throw new SearchError("Invalid search parameters: expected an object");
  const input = { ...((rawParams ?? {}) as Record<string, unknown>) };
  const encoded = typeof input.params === "string" ? new URLSearchParams(input.params) : null;
  const take = (name: string): unknown => {
    const value = input[name] ?? encoded?.get(name) ?? undefined;
    delete input[name];
    encoded?.delete(name);
    return value;
  };
  const facetQuery = take("facetQuery") ?? "";
  const maxFacetHits = Number(take("maxFacetHits") ?? 10);
  if (typeof facetQuery !== "string") throw new SearchError('Invalid value for "facetQuery": expected a string');
  if (!Number.isInteger(maxFacetHits) || maxFacetHits < 1 || maxFacetHits > MAX_FACET_HITS)
    throw new SearchError(`Invalid value for "maxFacetHits": expected an integer from 1 to ${MAX_FACET_HITS}`);
  if (encoded) input.params = encoded.toString();
  return { facetQuery, maxFacetHits, rest: input };
}
