import { Bitset } from "./bitset";
import type { NumericStats } from "./columns/numeric-column";
import { SearchError } from "./errors";
import { computeFacets, requestedFacets } from "./facets";
import { allOf, type FilterNode } from "./filters/filter-ast";
import { evaluateFilter } from "./filters/evaluate-filter";
import { parseFacetFilters, parseNumericFilters } from "./filters/facet-filters";
import { parseFilters } from "./filters/parse-filters";
import { type HighlightResult, type HighlightTags, highlightValue } from "./highlight";
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
};

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

function toHit(record: IndexRecord, params: SearchParams, highlighted: readonly string[], words: readonly QueryWord[], tags: HighlightTags): Hit {
  const _highlightResult: Hit["_highlightResult"] = {};
  for (const attribute of highlighted) {
    const result = highlightValue(valueAt(record, attribute), words, tags);
    if (result !== undefined) _highlightResult[attribute] = result;
  }
  return { ...retrieve(record, params.attributesToRetrieve), objectID: record.objectID, _highlightResult };
}

function docsOf(set: Bitset): Int32Array {
  const docs = new Int32Array(set.count());
  let i = 0;
  set.forEach((doc) => {
    docs[i++] = doc;
  });
  return docs;
}

/** Answers one Algolia search request against `index` (or one of its sort replicas, named by `indexName`). */
export function search(index: SearchIndex, indexName: string, rawParams: unknown, options: SearchOptions = {}): SearchResponse {
  const started = performance.now();
  const { params, paramsString } = parseSearchParams(rawParams);
  const sort = resolveSort(index, indexName);

  const filter = requestFilter(params, options);
  let matches = filter ? evaluateFilter(index, filter) : Bitset.full(index.size);
  const words = queryWords(params.query, { typoTolerance: params.typoTolerance !== false, queryType: params.queryType });
  let text: TextMatches | null = null;
  if (words.length > 0) {
    text = index.text.match(words);
    matches = matches.and(text.docs);
  }
  const nbHits = matches.count();

  const usesOffset = params.offset !== undefined;
  const hitsPerPage = usesOffset ? (params.length ?? params.hitsPerPage) : params.hitsPerPage;
  const start = usesOffset ? params.offset! : params.page * params.hitsPerPage;
  const limit = params.paginationLimitedTo ?? index.settings.paginationLimitedTo;
  const end = Math.min(start + hitsPerPage, limit, nbHits);
  const tags = { pre: params.highlightPreTag, post: params.highlightPostTag };
  const highlighted = highlightAttributes(index, params);
  const hits = rankedWindow(index, matches, text, sort, start, end).map((doc) =>
    toHit(index.records[doc]!, params, highlighted, words, tags),
  );

  const response: SearchResponse = {
    hits,
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
  response.processingTimeMS = Math.round(performance.now() - started);
  return response;
}
