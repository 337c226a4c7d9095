import { Bitset } from "../bitset";
import { facetValueOf, facetValuesOf } from "../record-values";
import { normalizeText } from "../text/tokenize";

/** `order` (value ids sorted by value) with `id` inserted in its place: one new value costs a copy, not a sort. */
function insertAlphabetically(order: Int32Array, values: readonly string[], id: number): Int32Array {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (values[order[mid]!]! < values[id]!) low = mid + 1;
    else high = mid;
  }
  const next = new Int32Array(order.length + 1);
  next.set(order.subarray(0, low));
  next[low] = id;
  next.set(order.subarray(low), low + 1);
  return next;
}

/** `one[doc]` when the document has no value, or several (kept in `several`). */
const NONE = -1;
const SEVERAL = -2;

/**
 * One faceted attribute: its distinct values and each document's value ids. Filters scan the documents' ids (an
 * index holds one site's stock, so a scan is microseconds) and counting reads them directly; a document's values
 * change in place.
 */
export class FacetColumn {
  /** Display value per value id, as first seen. A value no document holds any more keeps its id (count 0). */
  readonly values: string[] = [];
  private readonly idByValue = new Map<string, number>();
  /** Numbers' ids by the number itself, so a load does not turn every year, price and km into a new string to look up. */
  private readonly idByNumber = new Map<number, number>();
  /** Normalised value -> its value ids; filters match case- and accent-insensitively ('SUV' and 'suv'). */
  private readonly idsByKey = new Map<string, number[]>();
  /** Value id per document, NONE or SEVERAL. */
  private one: Int32Array;
  private readonly several = new Map<number, Int32Array>();
  private alphaOrder: Int32Array | null = null;

  constructor(
    readonly attribute: string,
    readonly filterOnly: boolean,
    capacity: number,
  ) {
    this.one = new Int32Array(capacity).fill(NONE);
  }

  grow(capacity: number): void {
    const one = new Int32Array(capacity).fill(NONE);
    one.set(this.one);
    this.one = one;
  }

  private idOf(value: string): number {
    let id = this.idByValue.get(value) ?? this.idByNumber.get(Number(value));
    if (id !== undefined && this.values[id] !== value) id = undefined;
    if (id === undefined) {
      id = this.newId(value);
      this.idByValue.set(value, id);
      const key = normalizeText(value);
      const same = this.idsByKey.get(key);
      if (same) same.push(id);
      else this.idsByKey.set(key, [id]);
    }
    return id;
  }

  /**
   * A number's id. Numbers are not entered in the text lookups: a filter on a number reads the numeric column, and
   * a site's prices, km and timestamps are nearly one value per car, each entry there costing more than the car's id.
   */
  private numberId(value: number): number {
    let id = this.idByNumber.get(value);
    if (id === undefined) {
      const text = String(value);
      id = this.idByValue.get(text) ?? this.newId(text);
      this.idByNumber.set(value, id);
    }
    return id;
  }

  private newId(value: string): number {
    const id = this.values.length;
    this.values.push(value);
    if (this.alphaOrder) this.alphaOrder = insertAlphabetically(this.alphaOrder, this.values, id);
    return id;
  }

  /** Sets a document's values from its attribute's value (undefined: the document has none). */
  set(doc: number, value: unknown): void {
    if (this.several.size > 0) this.several.delete(doc);
    // Most attributes hold one scalar: no lists are built for them (a load sets every facet of every record).
    if (typeof value === "number") {
      this.one[doc] = Number.isFinite(value) ? this.numberId(value) : NONE;
      return;
    }
    if (!Array.isArray(value)) {
      const text = facetValueOf(value);
      this.one[doc] = text === undefined ? NONE : this.idOf(text);
      return;
    }
    const ids = [...new Set(facetValuesOf(value))].map((text) => this.idOf(text));
    if (ids.length <= 1) {
      this.one[doc] = ids[0] ?? NONE;
      return;
    }
    this.one[doc] = SEVERAL;
    this.several.set(doc, Int32Array.from(ids));
  }

  /** Documents among the first `size` holding `value`. */
  matching(value: string, size: number): Bitset {
    const set = new Bitset(size);
    const ids = this.idsByKey.get(normalizeText(value));
    if (!ids) return set;
    const wanted = new Set(ids);
    const { one } = this;
    for (let doc = 0; doc < size; doc++) {
      const id = one[doc]!;
      if (id >= 0 ? wanted.has(id) : id === SEVERAL && this.several.get(doc)!.some((each) => wanted.has(each))) set.add(doc);
    }
    return set;
  }

  /** Count per value id over `docs`. */
  count(docs: Int32Array): Int32Array {
    const counts = new Int32Array(this.values.length);
    const { one } = this;
    for (let i = 0; i < docs.length; i++) {
      const id = one[docs[i]!]!;
      if (id >= 0) counts[id]!++;
      else if (id === SEVERAL) for (const each of this.several.get(docs[i]!)!) counts[each]!++;
    }
    return counts;
  }

  /** Value ids in alphabetical order of their display value; built on first use, then kept as values arrive. */
  alphabetical(): Int32Array {
    this.alphaOrder ??= Int32Array.from(this.values.keys()).sort((a, b) => (this.values[a]! < this.values[b]! ? -1 : this.values[a]! > this.values[b]! ? 1 : a - b));
    return this.alphaOrder;
  }

  /** Rough heap bytes: the per-document ids and the distinct values with their lookups. */
  estimatedBytes(): number {
    let bytes = this.one.byteLength + this.several.size * 48;
    for (const value of this.values) bytes += 2 * value.length + 24;
    bytes += (this.idByValue.size + this.idByNumber.size + this.idsByKey.size) * 48;
    return bytes;
  }
}
