import { FacetColumn } from "./columns/facet-column";
import { NumericColumn } from "./columns/numeric-column";
import { valueAt } from "./record-values";
import type { IndexRecord } from "./search-record";
import {
  customRankingCriteria,
  facetAttributes,
  type IndexSettings,
  type RankingCriterion,
  searchableAttributeGroups,
} from "./settings";
import { TextIndex } from "./text/text-index";

/** A replica's sort: documents in order plus each document's dense rank (ties share a rank). */
export interface SortOrder {
  order: Int32Array;
  rank: Int32Array;
}

/** Compares two documents on numeric criteria; documents without a value sort last in either direction. */
function compareOn(columns: NumericColumn[], criteria: readonly RankingCriterion[], a: number, b: number): number {
  for (let i = 0; i < columns.length; i++) {
    const va = columns[i]!.values[a]!;
    const vb = columns[i]!.values[b]!;
    if (va === vb || (Number.isNaN(va) && Number.isNaN(vb))) continue;
    if (Number.isNaN(va)) return 1;
    if (Number.isNaN(vb)) return -1;
    return criteria[i]!.direction === "asc" ? va - vb : vb - va;
  }
  return 0;
}

/**
 * An immutable, query-ready index over a set of records. Rebuilt whole on change: a rebuild of 10,000
 * vehicles takes tens of milliseconds, far simpler than incremental upkeep.
 */
export class SearchIndex {
  readonly size: number;
  readonly text: TextIndex;
  readonly facets = new Map<string, FacetColumn>();
  readonly numeric = new Map<string, NumericColumn>();
  /** Documents in custom-ranking order (ties by insertion order), and each document's place in it. */
  readonly rankOrder: Int32Array;
  readonly rankPosition: Int32Array;
  private readonly sortOrders = new Map<string, SortOrder>();

  constructor(
    readonly name: string,
    readonly records: readonly IndexRecord[],
    readonly settings: IndexSettings,
  ) {
    this.size = records.length;
    this.text = TextIndex.build(records, searchableAttributeGroups(settings), new Set(settings.disableTypoToleranceOnAttributes));
    for (const { attribute, filterOnly } of facetAttributes(settings)) {
      this.facets.set(attribute, FacetColumn.build(attribute, filterOnly, records));
    }
    this.buildNumericColumns();
    const criteria = customRankingCriteria(settings);
    this.rankOrder = this.orderBy(criteria, (a, b) => a - b);
    this.rankPosition = new Int32Array(this.size);
    this.rankOrder.forEach((doc, position) => {
      this.rankPosition[doc] = position;
    });
  }

  /** Every attribute holding a number in some record is numeric-filterable, as in Algolia. */
  private buildNumericColumns(): void {
    const attributes = new Set<string>();
    for (const record of this.records) {
      for (const key in record) if (typeof record[key] === "number") attributes.add(key);
    }
    for (const { attribute } of facetAttributes(this.settings)) attributes.add(attribute);
    for (const { attribute } of customRankingCriteria(this.settings)) attributes.add(attribute);
    for (const attribute of attributes) {
      const values = new Float64Array(this.size);
      let any = false;
      this.records.forEach((record, doc) => {
        const value = valueAt(record, attribute);
        const isNumber = typeof value === "number" && Number.isFinite(value);
        values[doc] = isNumber ? value : Number.NaN;
        any ||= isNumber;
      });
      if (any) this.numeric.set(attribute, new NumericColumn(attribute, values));
    }
  }

  private orderBy(criteria: readonly RankingCriterion[], tieBreak: (a: number, b: number) => number): Int32Array {
    const columns = criteria.map(({ attribute }) => this.numeric.get(attribute) ?? new NumericColumn(attribute, new Float64Array(this.size).fill(Number.NaN)));
    const order = Int32Array.from({ length: this.size }, (_, doc) => doc);
    return order.sort((a, b) => compareOn(columns, criteria, a, b) || tieBreak(a, b));
  }

  /** The order of a sort replica ('{index}:price:asc'): the sort attribute first, custom ranking after. */
  sortOrder(criterion: RankingCriterion): SortOrder {
    const key = `${criterion.attribute}:${criterion.direction}`;
    let sort = this.sortOrders.get(key);
    if (!sort) {
      const column = this.numeric.get(criterion.attribute)!;
      const order = this.orderBy([criterion], (a, b) => this.rankPosition[a]! - this.rankPosition[b]!);
      const rank = new Int32Array(this.size);
      let current = 0;
      order.forEach((doc, i) => {
        if (i > 0 && compareOn([column], [criterion], order[i - 1]!, doc) !== 0) current++;
        rank[doc] = current;
      });
      sort = { order, rank };
      this.sortOrders.set(key, sort);
    }
    return sort;
  }

  hasNumeric(attribute: string): boolean {
    return this.numeric.has(attribute);
  }
}
