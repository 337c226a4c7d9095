/** Algolia's defaults: minWordSizefor1Typo = 4, minWordSizefor2Typos = 8. */
export function allowedTypos(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return 0;
}

// Rows reused across calls: typo candidates are checked against thousands of terms per query.
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)] as const;

/**
 * Damerau-Levenshtein (optimal string alignment) distance, or `limit + 1` as soon as the distance is known
 * to exceed `limit`; a transposition counts as one typo, as in Algolia.
 */
export function boundedTypoDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  if (rows[0].length < width) rows = [new Int32Array(width), new Int32Array(width), new Int32Array(width)];
  let [beforePrev, prev, row] = rows;
  for (let j = 0; j < width; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let best = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        best = Math.min(best, beforePrev[j - 2]! + 1);
      row[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > limit) return limit + 1;
    [beforePrev, prev, row] = [prev, row, beforePrev];
  }
  return Math.min(prev[b.length]!, limit + 1);
}
