import { Bitset } from "../bitset";
import { facetValuesOf, valueAt } from "../record-values";
import type { IndexRecord } from "../search-record";
import { normalizeText } from "../text/tokenize";

/**
 * One faceted attribute: its distinct values, value -> documents postings for filtering and
 * document -> values (compressed rows) for counting.
 */
export class FacetColumn {
  private constructor(
    readonly attribute: string,
    readonly filterOnly: boolean,
    /** Display value per value id, as first seen. */
    readonly values: string[],
    /** Value ids per normalised value: filters match case- and accent-insensitively, as in Algolia. */
    private readonly lookup: Map<string, number[]>,
    private readonly postings: Int32Array[],
    /** Row offsets into `valueIds`: document d holds valueIds[rowStart[d] .. rowStart[d + 1]). */
    private readonly rowStart: Int32Array,
    private readonly valueIds: Int32Array,
  ) {}

  static build(attribute: string, filterOnly: boolean, records: readonly IndexRecord[]): FacetColumn {
    const idByValue = new Map<string, number>();
    const docsByValue: number[][] = [];
    const rowStart = new Int32Array(records.length + 1);
    const ids: number[] = [];
    records.forEach((record, doc) => {
      rowStart[doc] = ids.length;
      for (const value of new Set(facetValuesOf(valueAt(record, attribute)))) {
        let id = idByValue.get(value);
        if (id === undefined) {
          id = docsByValue.length;
          idByValue.set(value, id);
          docsByValue.push([]);
        }
        docsByValue[id]!.push(doc);
        ids.push(id);
      }
    });
    rowStart[records.length] = ids.length;
    const values = [...idByValue.keys()];
    const lookup = new Map<string, number[]>();
    values.forEach((value, id) => {
      const key = normalizeText(value);
      const same = lookup.get(key);
      if (same) same.push(id);
      else lookup.set(key, [id]);
    });
    return new FacetColumn(
      attribute,
      filterOnly,
      values,
      lookup,
      docsByValue.map((docs) => Int32Array.from(docs)),
      rowStart,
      Int32Array.from(ids),
    );
  }

  /** Documents holding `value`. */
  matching(value: string, size: number): Bitset {
    const set = new Bitset(size);
    for (const id of this.lookup.get(normalizeText(value)) ?? []) {
      const docs = this.postings[id]!;
      for (let i = 0; i < docs.length; i++) set.add(docs[i]!);
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
}
