import type { Bitset } from "./bitset";
import type { SearchIndex } from "./search-index";
import type { RankingCriterion } from "./settings";
import { TEXT_SCORE_LIMIT, type TextMatches } from "./text/text-index";

/**
 * The documents of `matches` at ranked positions [start, end). Ranking: the replica's sort attribute (if any),
 * then text relevance (typos, attribute, exactness), then the custom ranking.
 */
export function rankedWindow(
  index: SearchIndex,
  matches: Bitset,
  text: TextMatches | null,
  sort: RankingCriterion | null,
  start: number,
  end: number,
): number[] {
  if (end <= start) return [];
  const sortOrder = sort ? index.sortOrder(sort) : null;
  if (!text) {
    // Without a query every match ties on relevance: walk the precomputed order and stop once the page is full.
    const order = sortOrder?.order ?? index.rankOrder;
    const out: number[] = [];
    let seen = 0;
    for (let i = 0; i < order.length && seen < end; i++) {
      const doc = order[i]!;
      if (!matches.has(doc)) continue;
      if (seen >= start) out.push(doc);
      seen++;
    }
    return out;
  }
  // One float key per match sorts by every criterion at once; its remainder mod the live count is the rank position.
  const size = index.rankOrder.length;
  const keys: number[] = [];
  matches.forEach((doc) => {
    const sortRank = sortOrder ? sortOrder.rank[doc]! : 0;
    keys.push((sortRank * TEXT_SCORE_LIMIT + text.score[doc]!) * size + index.rankPosition[doc]!);
  });
  const sorted = Float64Array.from(keys).sort();
  const out: number[] = [];
  for (let i = start; i < Math.min(end, sorted.length); i++) out.push(index.rankOrder[sorted[i]! % size]!);
  return out;
}
