import type { NumericStats } from "./columns/numeric-column";
import type { SearchIndex } from "./search-index";

export interface FacetsResult {
  facets: Record<string, Record<string, number>>;
  facets_stats: Record<string, NumericStats>;
}

/** Which facets a request asks for: `*` means every non-filterOnly facet; unknown names are ignored. */
export function requestedFacets(index: SearchIndex, requested: readonly string[]): string[] {
  if (requested.includes("*")) return [...index.facets.values()].filter((column) => !column.filterOnly).map((column) => column.attribute);
  return requested.filter((attribute) => {
    const column = index.facets.get(attribute);
    return column !== undefined && !column.filterOnly;
  });
}

/** Value counts (top `maxValues` by count or alphabetically) and min/max/avg/sum for numeric facets. */
export function computeFacets(
  index: SearchIndex,
  attributes: readonly string[],
  docs: Int32Array,
  options: { maxValues: number; sortBy: "count" | "alpha" },
): FacetsResult {
  const result: FacetsResult = { facets: {}, facets_stats: {} };
  for (const attribute of attributes) {
    const column = index.facets.get(attribute)!;
    const counts = column.count(docs);
    const present: number[] = [];
    for (let id = 0; id < counts.length; id++) if (counts[id]! > 0) present.push(id);
    const byValue = (a: number, b: number) => (column.values[a]! < column.values[b]! ? -1 : column.values[a]! > column.values[b]! ? 1 : 0);
    if (present.length === 0) continue; // Algolia leaves out facets without values in the results
    present.sort(options.sortBy === "alpha" ? byValue : (a, b) => counts[b]! - counts[a]! || byValue(a, b));
    result.facets[attribute] = Object.fromEntries(
      present.slice(0, options.maxValues).map((id) => [column.values[id]!, counts[id]!]),
    );
    const stats = index.numeric.get(attribute)?.stats(docs);
    if (stats) result.facets_stats[attribute] = stats;
  }
  return result;
}
