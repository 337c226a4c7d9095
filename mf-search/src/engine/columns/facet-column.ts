import { Bitset } from "../bitset";
import { facetValuesOf, valueAt } from "../record-values";
import type { IndexRecord } from "../search-record";
import { normalizeText } from "../text/tokenize";

/**
 * One faceted attribute: its distinct values, value -> documents postings for filtering and
 * document -> values for counting, both stored compressed (one array plus offsets).
 */
export class FacetColumn {
  private alphaOrder: Int32Array | null = null;

  private constructor(
    readonly attribute: string,
    readonly filterOnly: boolean,
    /** Display value per value id, as first seen. */
    readonly values: string[],
    /** Normalised value -> first value id; filters match case- and accent-insensitively. */
    private readonly lookup: Map<string, number>,
    /** Next value id with the same normalised value, or -1 ('SUV' and 'suv' both match `body:suv`). */
    private readonly sameKeyNext: Int32Array,
    /** Documents of value v: postingDocs[postingStart[v] .. postingStart[v + 1]). */
    private readonly postingStart: Int32Array,
    private readonly postingDocs: Int32Array,
    /** Values of document d: valueIds[rowStart[d] .. rowStart[d + 1]). */
    private readonly rowStart: Int32Array,
    private readonly valueIds: Int32Array,
  ) {}

  static build(attribute: string, filterOnly: boolean, records: readonly IndexRecord[]): FacetColumn {
    const idByValue = new Map<string, number>();
    const values: string[] = [];
    const rowStart = new Int32Array(records.length + 1);
    const ids: number[] = [];
    records.forEach((record, doc) => {
      rowStart[doc] = ids.length;
      const docValues = facetValuesOf(valueAt(record, attribute));
      for (let i = 0; i < docValues.length; i++) {
        const value = docValues[i]!;
        if (i > 0 && docValues.indexOf(value) < i) continue;
        let id = idByValue.get(value);
        if (id === undefined) {
          id = values.length;
          idByValue.set(value, id);
          values.push(value);
        }
        ids.push(id);
      }
    });
    rowStart[records.length] = ids.length;

    const postingStart = new Int32Array(values.length + 1);
    for (const id of ids) postingStart[id + 1]!++;
    for (let v = 0; v < values.length; v++) postingStart[v + 1]! += postingStart[v]!;
    const fill = postingStart.slice(0, values.length);
    const postingDocs = new Int32Array(ids.length);
    for (let doc = 0; doc < records.length; doc++) {
      for (let k = rowStart[doc]!; k < rowStart[doc + 1]!; k++) postingDocs[fill[ids[k]!]!++] = doc;
    }

    const lookup = new Map<string, number>();
    const sameKeyNext = new Int32Array(values.length).fill(-1);
    for (let id = values.length - 1; id >= 0; id--) {
      const key = normalizeText(values[id]!);
      const next = lookup.get(key);
      if (next !== undefined) sameKeyNext[id] = next;
      lookup.set(key, id);
    }
    return new FacetColumn(attribute, filterOnly, values, lookup, sameKeyNext, postingStart, postingDocs, rowStart, Int32Array.from(ids));
  }

  /** Documents holding `value`. */
  matching(value: string, size: number): Bitset {
    const set = new Bitset(size);
    for (let id = this.lookup.get(normalizeText(value)) ?? -1; id >= 0; id = this.sameKeyNext[id]!) {
      for (let i = this.postingStart[id]!; i < this.postingStart[id + 1]!; i++) set.add(this.postingDocs[i]!);
    }
    return set;
  }

  /** Count per value id over `docs`. */
  count(docs: Int32Array): Int32Array {
    const counts = new Int32Array(this.values.length);
    const { rowStart, valueIds } = this;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      for (let k = rowStart[doc]!; k < rowStart[doc + 1]!; k++) counts[valueIds[k]!]!++;
    }
    return counts;
  }

  /** Value ids in alphabetical order of their display value; built on first use. */
  alphabetical(): Int32Array {
    this.alphaOrder ??= Int32Array.from(this.values.keys()).sort((a, b) => (this.values[a]! < this.values[b]! ? -1 : this.values[a]! > this.values[b]! ? 1 : a - b));
    return this.alphaOrder;
  }
}
