import { Bitset } from "./bitset";
import { FacetColumn } from "./columns/facet-column";
import { NumericColumn } from "./columns/numeric-column";
import { OrderedDocs } from "./ordered-docs";
import { valueAt } from "./record-values";
import type { IndexRecord } from "./search-record";
import { customRankingCriteria, facetAttributes, type IndexSettings, type RankingCriterion, searchableAttributeGroups } from "./settings";
import { TextIndex } from "./text/text-index";

/** A replica's sort: documents in order plus each document's dense rank (ties share a rank). */
export interface SortOrder {
  order: Int32Array;
  rank: Int32Array;
}

/**
 * Changes, as a multiple of the live documents (at least REBUILD_MIN_CHANGES), after which the index rebuilds
 * itself: terms and facet values no document holds any more (a sold car's stock number) are only dropped then.
 * At one change a second a 25,000-car site rebuilds about once a day, so the cost per change stays constant.
 */
const REBUILD_AFTER_CHANGES = 4;
const REBUILD_MIN_CHANGES = 10_000;

/** Documents without a value sort last in either direction. */
function compareValues(va: number, vb: number, direction: RankingCriterion["direction"]): number {
  if (va === vb || (Number.isNaN(va) && Number.isNaN(vb))) return 0;
  if (Number.isNaN(va)) return 1;
  if (Number.isNaN(vb)) return -1;
  return direction === "asc" ? va - vb : vb - va;
}

/** Numeric ids (vehicles) compare as numbers, others as text: ties break alike whatever the history of changes. */
function compareObjectIDs(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Rough heap bytes of a JSON-like value (V8 object and string overheads included), for the memory budget. */
function approximateBytes(value: unknown): number {
  if (typeof value === "string") return 16 + 2 * value.length;
  if (value === null || typeof value !== "object") return 8;
  let bytes = 32;
  if (Array.isArray(value)) for (const item of value) bytes += 8 + approximateBytes(item);
  else for (const key in value) bytes += 8 + approximateBytes((value as Record<string, unknown>)[key]);
  return bytes;
}

/**
 * A query-ready index over a set of records that follows changes in place: `upsert` and `remove` cost the
 * changed records' own terms and values plus a copy of the ranking orders, never a rebuild (ADR 0034). A document
 * keeps its slot while it exists; a removed one's slot is reused. Answers after any history of changes are the
 * answers a fresh index over the same records gives.
 */
export class SearchIndex {
  /** Document slots in use, live or free: every per-document array covers at least this many. */
  size = 0;
  private capacity = 0;
  /** Record per slot (undefined: a free slot). */
  readonly records: (IndexRecord | undefined)[] = [];
  private readonly slots = new Map<string, number>();
  private readonly free: number[] = [];
  private live = new Bitset(0);
  private recordBytes = 0;
  private changes = 0;
  text!: TextIndex;
  readonly facets = new Map<string, FacetColumn>();
  readonly numeric = new Map<string, NumericColumn>();
  private readonly criteria: RankingCriterion[];
  /** Documents in custom-ranking order (ties by objectID). */
  private readonly ranked = new OrderedDocs((a, b) => this.compareRank(a, b));
  private readonly sorts = new Map<string, { docs: OrderedDocs; rank: Int32Array | null; criterion: RankingCriterion }>();

  constructor(
    readonly name: string,
    records: readonly IndexRecord[],
    readonly settings: IndexSettings,
  ) {
    this.criteria = customRankingCriteria(settings);
    this.load(records);
  }

  get liveCount(): number {
    return this.slots.size;
  }

  get rankOrder(): Int32Array {
    return this.ranked.order;
  }

  get rankPosition(): Int32Array {
    return this.ranked.position;
  }

  /** The live documents, as a set of `size`. */
  liveDocs(): Bitset {
    return this.live.resized(this.size);
  }

  record(objectID: string): IndexRecord | undefined {
    const doc = this.slots.get(objectID);
    return doc === undefined ? undefined : this.records[doc];
  }

  /** The slot of the record with this objectID. */
  docOf(objectID: string): number | undefined {
    return this.slots.get(objectID);
  }

  /** Adds records, or replaces the record of the same objectID. */
  upsert(records: readonly IndexRecord[]): void {
    for (const record of records) {
      const existing = this.slots.get(record.objectID);
      if (existing !== undefined) this.detach(existing);
      this.attach(existing ?? this.newSlot(), record);
    }
    this.counted(records.length);
  }

  /** Removes the records of these objectIDs; unknown ones are skipped. */
  remove(objectIDs: readonly string[]): void {
    for (const objectID of objectIDs) {
      const doc = this.slots.get(objectID);
      if (doc === undefined) continue;
      this.detach(doc);
      this.records[doc] = undefined;
      this.slots.delete(objectID);
      this.live.delete(doc);
      this.free.push(doc);
    }
    this.counted(objectIDs.length);
  }

  /** Rough heap bytes of the index and the records it holds, for a memory budget across indexes. */
  estimatedBytes(): number {
    let bytes = this.recordBytes + this.slots.size * 80 + this.text.estimatedBytes() + this.ranked.estimatedBytes();
    for (const column of this.facets.values()) bytes += column.estimatedBytes();
    for (const column of this.numeric.values()) bytes += column.values.byteLength;
    for (const sort of this.sorts.values()) bytes += sort.docs.estimatedBytes() + (sort.rank?.byteLength ?? 0);
    return bytes;
  }

  /** The order of a sort replica ('{index}:price:asc'): the sort attribute first, custom ranking after. */
  sortOrder(criterion: RankingCriterion): SortOrder {
    const key = `${criterion.attribute}:${criterion.direction}`;
    let sort = this.sorts.get(key);
    if (!sort) {
      const docs = new OrderedDocs((a, b) => this.compareOn([criterion], a, b) || this.compareRank(a, b));
      docs.reset([...this.slots.values()], this.capacity);
      sort = { docs, rank: null, criterion };
      this.sorts.set(key, sort);
    }
    sort.rank ??= this.denseRank(sort.docs.order, criterion);
    return { order: sort.docs.order, rank: sort.rank };
  }

  hasNumeric(attribute: string): boolean {
    return this.numeric.has(attribute);
  }

  private load(input: readonly IndexRecord[]): void {
    // A repeated objectID is one record, the last one sent (as Algolia replaces by objectID).
    const records = [...new Map(input.map((record) => [record.objectID, record])).values()];
    this.size = records.length;
    this.capacity = Math.max(16, records.length);
    this.records.length = 0;
    this.slots.clear();
    this.free.length = 0;
    this.recordBytes = 0;
    this.changes = 0;
    this.sorts.clear();
    this.text = new TextIndex(searchableAttributeGroups(this.settings), new Set(this.settings.disableTypoToleranceOnAttributes));
    this.facets.clear();
    for (const { attribute, filterOnly } of facetAttributes(this.settings)) this.facets.set(attribute, new FacetColumn(attribute, filterOnly, this.capacity));
    this.numeric.clear();
    // Sorts the settings name exist even before any record has a number for them (a new site's empty stock).
    for (const attribute of this.declaredNumericAttributes()) this.numeric.set(attribute, new NumericColumn(attribute, this.capacity));
    this.live = Bitset.full(this.size);
    records.forEach((record, doc) => {
      this.records.push(record);
      this.slots.set(record.objectID, doc);
      this.index(doc, record);
    });
    this.ranked.reset([...records.keys()], this.capacity);
  }

  /** The custom ranking's attributes and those of the replicas the settings list ('{index}:{attribute}:{asc|desc}'). */
  private declaredNumericAttributes(): Set<string> {
    const replicas = this.settings.replicas.flatMap((replica) => {
      const match = /^[^:]+:(.+):(?:asc|desc)$/.exec(replica);
      return match ? [match[1]!] : [];
    });
    return new Set([...this.criteria.map(({ attribute }) => attribute), ...replicas]);
  }

  private newSlot(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.size === this.capacity) this.grow(this.capacity * 2);
    const doc = this.size++;
    this.live = this.live.resized(this.size);
    this.records.push(undefined);
    return doc;
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    for (const column of this.facets.values()) column.grow(capacity);
    for (const column of this.numeric.values()) column.grow(capacity);
    this.ranked.grow(capacity);
    for (const sort of this.sorts.values()) {
      sort.docs.grow(capacity);
      sort.rank = null;
    }
  }

  private attach(doc: number, record: IndexRecord): void {
    this.records[doc] = record;
    this.slots.set(record.objectID, doc);
    this.live.add(doc);
    this.index(doc, record);
    this.ranked.insert(doc);
    for (const sort of this.sorts.values()) {
      sort.docs.insert(doc);
      sort.rank = null;
    }
  }

  /** Takes a document out of every structure, leaving its slot to be refilled or freed. */
  private detach(doc: number): void {
    const record = this.records[doc]!;
    this.ranked.remove(doc);
    for (const sort of this.sorts.values()) {
      sort.docs.remove(doc);
      sort.rank = null;
    }
    this.text.remove(doc, record);
    for (const column of this.facets.values()) column.set(doc, undefined);
    for (const column of this.numeric.values()) column.set(doc, undefined);
    this.recordBytes -= approximateBytes(record);
  }

  /** Every attribute holding a number in some record is numeric-filterable, as in Algolia. */
  private index(doc: number, record: IndexRecord): void {
    this.text.add(doc, record);
    for (const column of this.facets.values()) {
      const value = valueAt(record, column.attribute);
      column.set(doc, value);
      if (typeof value === "number") this.numericColumn(column.attribute);
    }
    for (const key in record) if (typeof record[key] === "number") this.numericColumn(key);
    for (const { attribute } of this.criteria) if (typeof valueAt(record, attribute) === "number") this.numericColumn(attribute);
    for (const column of this.numeric.values()) column.set(doc, valueAt(record, column.attribute));
    this.recordBytes += approximateBytes(record);
  }

  private numericColumn(attribute: string): NumericColumn {
    const known = this.numeric.get(attribute);
    if (known) return known;
    const column = new NumericColumn(attribute, this.capacity);
    this.numeric.set(attribute, column);
    // Documents indexed before the attribute's first number hold values too (NaN where they have none).
    for (const doc of this.slots.values()) column.set(doc, valueAt(this.records[doc]!, attribute));
    return column;
  }

  private counted(changes: number): void {
    this.changes += changes;
    if (this.changes > Math.max(REBUILD_MIN_CHANGES, REBUILD_AFTER_CHANGES * this.slots.size)) {
      this.load(this.records.filter((record): record is IndexRecord => record !== undefined));
    }
  }

  private compareOn(criteria: readonly RankingCriterion[], a: number, b: number): number {
    for (const { attribute, direction } of criteria) {
      const values = this.numeric.get(attribute)?.values;
      if (!values) continue;
      const order = compareValues(values[a]!, values[b]!, direction);
      if (order !== 0) return order;
    }
    return 0;
  }

  private compareRank(a: number, b: number): number {
    return this.compareOn(this.criteria, a, b) || compareObjectIDs(this.records[a]!.objectID, this.records[b]!.objectID);
  }

  private denseRank(order: Int32Array, criterion: RankingCriterion): Int32Array {
    const rank = new Int32Array(this.capacity);
    let current = 0;
    order.forEach((doc, i) => {
      if (i > 0 && this.compareOn([criterion], order[i - 1]!, doc) !== 0) current++;
      rank[doc] = current;
    });
    return rank;
  }
}
