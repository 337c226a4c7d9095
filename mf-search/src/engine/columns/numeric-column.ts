import { Bitset } from "../bitset";
import type { NumericOperator } from "../filters/filter-ast";

export interface NumericStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

/** First index in the ascending `sorted` whose value is >= `target` (or > when `strict`). */
function lowerBound(sorted: Float64Array, target: number, strict: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const value = sorted[mid]!;
    if (value < target || (strict && value === target)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** One numeric attribute: value per document (NaN when absent) plus a value-sorted view for range filters. */
export class NumericColumn {
  private sortedDocs: Int32Array | null = null;
  private sortedValues: Float64Array | null = null;

  constructor(
    readonly attribute: string,
    readonly values: Float64Array,
  ) {}

  /** The sorted view is built on first use: most numeric attributes are never range-filtered. */
  private sorted(): { docs: Int32Array; values: Float64Array } {
    if (!this.sortedDocs || !this.sortedValues) {
      const present: number[] = [];
      for (let doc = 0; doc < this.values.length; doc++) if (!Number.isNaN(this.values[doc]!)) present.push(doc);
      const docs = Int32Array.from(present).sort((a, b) => this.values[a]! - this.values[b]!);
      this.sortedDocs = docs;
      this.sortedValues = Float64Array.from(docs, (doc) => this.values[doc]!);
    }
    return { docs: this.sortedDocs, values: this.sortedValues };
  }

  /** Documents whose value lies in [low, high], each end optionally exclusive. */
  range(low: number, high: number, lowExclusive = false, highExclusive = false): Bitset {
    const { docs, values } = this.sorted();
    const set = new Bitset(this.values.length);
    const from = lowerBound(values, low, lowExclusive);
    const to = lowerBound(values, high, !highExclusive);
    for (let i = from; i < to; i++) set.add(docs[i]!);
    return set;
  }

  /** Documents with a value matching `operator value`; documents without a value never match. */
  compare(operator: NumericOperator, value: number): Bitset {
    switch (operator) {
      case "=":
        return this.range(value, value);
      case "!=":
        return this.range(-Infinity, value, false, true).or(this.range(value, Infinity, true));
      case "<":
        return this.range(-Infinity, value, false, true);
      case "<=":
        return this.range(-Infinity, value);
      case ">":
        return this.range(value, Infinity, true);
      case ">=":
        return this.range(value, Infinity);
    }
  }

  stats(docs: Int32Array): NumericStats | null {
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let count = 0;
    for (let i = 0; i < docs.length; i++) {
      const value = this.values[docs[i]!]!;
      if (Number.isNaN(value)) continue;
      if (value < min) min = value;
      if (value > max) max = value;
      sum += value;
      count++;
    }
    return count === 0 ? null : { min, max, avg: sum / count, sum };
  }
}
