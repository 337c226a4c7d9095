import { allOf, type FilterNode } from "../src/engine/filters/filter-ast";
import { parseFacetFilters, parseNumericFilters } from "../src/engine/filters/facet-filters";
import { parseFilters } from "../src/engine/filters/parse-filters";
import { parseSearchParams } from "../src/engine/params";
import { facetValuesOf, searchableTextOf, valueAt } from "../src/engine/record-values";
import type { IndexRecord } from "../src/engine/search-record";
import { facetAttributes, searchableAttributeGroups, vehicleIndexSettings } from "../src/engine/settings";
import { queryWords, type QueryWord } from "../src/engine/text/text-index";
import { normalizeText, words } from "../src/engine/text/tokenize";
import { boundedTypoDistance } from "../src/engine/text/typo";

/**
 * The baseline the benchmark compares against: the same request answered by a plain pass over the record
 * array (same parsing and matching rules, no index), as an application without a search engine would.
 */
export interface ScanResult {
  hits: IndexRecord[];
  nbHits: number;
  facets: Record<string, Record<string, number>>;
  facets_stats: Record<string, { min: number; max: number; avg: number; sum: number }>;
}

function numberIn(text: string): number | null {
  const value = Number(text);
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
}

function matchesFilter(record: IndexRecord, node: FilterNode): boolean {
  switch (node.kind) {
    case "and":
      return node.children.every((child) => matchesFilter(record, child));
    case "or":
      return node.children.some((child) => matchesFilter(record, child));
    case "not":
      return !matchesFilter(record, node.child);
    case "facet": {
      const value = valueAt(record, node.attribute);
      const wanted = numberIn(node.value);
      if (typeof value === "number" && wanted !== null) return value === wanted;
      const key = normalizeText(node.value);
      return facetValuesOf(value).some((candidate) => normalizeText(candidate) === key);
    }
    case "numeric": {
      const value = valueAt(record, node.attribute);
      if (typeof value !== "number") return false;
      const { operator, value: wanted } = node;
      return operator === "=" ? value === wanted : operator === "!=" ? value !== wanted : operator === "<" ? value < wanted : operator === "<=" ? value <= wanted : operator === ">" ? value > wanted : value >= wanted;
    }
    case "range": {
      const value = valueAt(record, node.attribute);
      return typeof value === "number" && value >= node.low && value <= node.high;
    }
  }
}

const searchable = searchableAttributeGroups(vehicleIndexSettings).flat();
const allFacets = facetAttributes(vehicleIndexSettings)
  .filter((facet) => !facet.filterOnly)
  .map((facet) => facet.attribute);

function matchesText(record: IndexRecord, query: readonly QueryWord[]): boolean {
  const tokens = searchable.flatMap((attribute) => searchableTextOf(valueAt(record, attribute)).flatMap(words));
  return query.every((word) =>
    tokens.some(
      (token) =>
        token === word.word ||
        (word.prefix && token.startsWith(word.word)) ||
        (word.typos > 0 && boundedTypoDistance(word.word, token, word.typos) <= word.typos),
    ),
  );
}

export function scanSearch(records: readonly IndexRecord[], indexName: string, input: unknown): ScanResult {
  const { params } = parseSearchParams(input);
  const filter = allOf(
    [parseFilters(params.filters), parseFacetFilters(params.facetFilters), parseNumericFilters(params.numericFilters)].filter(
      (node): node is FilterNode => node !== null,
    ),
  );
  const query = queryWords(params.query, { typoTolerance: params.typoTolerance !== false, queryType: params.queryType });
  const matched = records.filter((record) => (!filter || matchesFilter(record, filter)) && (query.length === 0 || matchesText(record, query)));

  const [, sortAttribute, direction] = /:(.+):(asc|desc)$/.exec(indexName) ?? [];
  const sorted = [...matched].sort((a, b) => {
    if (sortAttribute) {
      const va = a[sortAttribute] as number | null;
      const vb = b[sortAttribute] as number | null;
      if (va !== vb) {
        if (va === null || va === undefined) return 1;
        if (vb === null || vb === undefined) return -1;
        return direction === "asc" ? va - vb : vb - va;
      }
    }
    return (b.custom_rank as number) - (a.custom_rank as number);
  });

  const facetNames = params.facets.includes("*") ? allFacets : params.facets;
  const facets: ScanResult["facets"] = {};
  const facets_stats: ScanResult["facets_stats"] = {};
  for (const name of facetNames) {
    const counts = new Map<string, number>();
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let count = 0;
    for (const record of matched) {
      const value = valueAt(record, name);
      for (const facet of facetValuesOf(value)) counts.set(facet, (counts.get(facet) ?? 0) + 1);
      if (typeof value === "number") {
        min = Math.min(min, value);
        max = Math.max(max, value);
        sum += value;
        count++;
      }
    }
    facets[name] = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, params.maxValuesPerFacet));
    if (count > 0) facets_stats[name] = { min, max, avg: sum / count, sum };
  }
  const start = params.page * params.hitsPerPage;
  return { hits: sorted.slice(start, start + params.hitsPerPage), nbHits: matched.length, facets, facets_stats };
}
