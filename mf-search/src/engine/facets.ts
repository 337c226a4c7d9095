import type { FacetColumn } from "./columns/facet-column";
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

/**
 * The `maxValues` value ids to show: by count descending with ties alphabetical, or alphabetical. Works in
 * linear time (no sort of all values), which matters for facets like km with a value per vehicle.
 */
function topValues(column: FacetColumn, counts: Int32Array, maxValues: number, sortBy: "count" | "alpha"): number[] {
  const alphabetical = column.alphabetical();
  const picked: number[] = [];
  if (sortBy === "alpha") {
    for (let i = 0; i < alphabetical.length && picked.length < maxValues; i++) if (counts[alphabetical[i]!]! > 0) picked.push(alphabetical[i]!);
    return picked;
  }
  // Find the count of the maxValues-th best value from a histogram of counts.
  let highest = 0;
  for (let id = 0; id < counts.length; id++) if (counts[id]! > highest) highest = counts[id]!;
  const withCount = new Int32Array(highest + 1);
  for (let id = 0; id < counts.length; id++) withCount[counts[id]!]!++;
  let threshold = highest;
  let above = 0;
  while (threshold > 1 && above + withCount[threshold]! < maxValues) above += withCount[threshold--]!;
  let tieSlots = maxValues - above;
  for (let i = 0; i < alphabetical.length; i++) {
    const id = alphabetical[i]!;
    const count = counts[id]!;
    if (count > threshold || (count === threshold && count > 0 && tieSlots-- > 0)) picked.push(id);
  }
  // Collected alphabetically and sorted stably, so equal counts stay in alphabetical order.
  return picked.sort((a, b) => counts[b]! - counts[a]!);
}

/** Value counts and min/max/avg/sum for numeric facets over the matching documents. */
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
    const top = topValues(column, counts, options.maxValues, options.sortBy);
    if (top.length === 0) continue; // Algolia leaves out facets without values in the results
    const values: Record<string, number> = {};
    for (const id of top) values[column.values[id]!] = counts[id]!;
    result.facets[attribute] = values;
    const stats = index.numeric.get(attribute)?.stats(docs);
    if (stats) result.facets_stats[attribute] = stats;
  }
  return result;
}
