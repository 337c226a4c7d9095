import { Bitset } from "../bitset";
import type { NumericOperator } from "../filters/filter-ast";

export interface NumericStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

/**
 * One numeric attribute: its value per document (NaN when absent). Range filters scan the values: an index holds
 * one site's stock (tens of thousands of documents at most), where a scan takes microseconds and a sorted view
 * would have to be rebuilt after every change.
 */
export class NumericColumn {
  values: Float64Array;

  constructor(
    readonly attribute: string,
    capacity: number,
  ) {
    this.values = new Float64Array(capacity).fill(Number.NaN);
  }

  grow(capacity: number): void {
    const values = new Float64Array(capacity).fill(Number.NaN);
    values.set(this.values);
    this.values = values;
  }

  /** Sets a document's value; anything but a finite number leaves it without one. */
  set(doc: number, value: unknown): void {
    this.values[doc] = typeof value === "number" && Number.isFinite(value) ? value : Number.NaN;
  }

  /** Documents among the first `size` whose value lies in [low, high], each end optionally exclusive. */
  range(size: number, low: number, high: number, lowExclusive = false, highExclusive = false): Bitset {
    const set = new Bitset(size);
    const { values } = this;
    for (let doc = 0; doc < size; doc++) {
      const value = values[doc]!;
      // NaN fails every comparison, so documents without a value never match.
      if ((lowExclusive ? value > low : value >= low) && (highExclusive ? value < high : value <= high)) set.add(doc);
    }
    return set;
  }

  /** Documents with a value matching `operator value`; documents without a value never match. */
  compare(size: number, operator: NumericOperator, value: number): Bitset {
    switch (operator) {
      case "=":
        return this.range(size, value, value);
      case "!=":
        return this.range(size, -Infinity, value, false, true).or(this.range(size, value, Infinity, true));
      case "<":
        return this.range(size, -Infinity, value, false, true);
      case "<=":
        return this.range(size, -Infinity, value);
      case ">":
        return this.range(size, value, Infinity, true);
      case ">=":
        return this.range(size, value, Infinity);
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
