import type { IndexRecord } from "../engine";
import { type IndexSettings, SearchIndex } from "../engine";

/** How often a query may look at D1 for a newer version of a data set (changes reach search within seconds). */
const VERSION_CHECK_MS = 1000;

type Cached = { version: string; index: SearchIndex; checkedAt: number };

/** The data set's version each index was built from (the version row as JSON). */
const versions = new WeakMap<SearchIndex, string>();
export const indexVersion = (index: SearchIndex): string => versions.get(index) ?? "";

export type D1IndexSource = {
  indexName: string;
  settings: IndexSettings;
  /** One row whose columns change whenever the data set does. */
  versionSql: string;
  /** Every record of the data set. */
  load(db: D1Database): Promise<IndexRecord[]>;
};

/**
 * One data set's index held in this isolate (an index per data set: stock, the service and parts directory),
 * rebuilt from D1 whenever its version changes. A rebuild is tens of milliseconds, far simpler than patching.
 */
export function createD1Index(source: D1IndexSource) {
  let cached: Cached | null = null;
  let building: Promise<Cached> | null = null;

  async function currentVersion(db: D1Database): Promise<string> {
    const row = await db.prepare(source.versionSql).first<Record<string, unknown>>();
    return JSON.stringify(row);
  }

  async function build(db: D1Database, version: string): Promise<Cached> {
    const records = await source.load(db);
    const index = new SearchIndex(source.indexName, records, source.settings);
    versions.set(index, version);
    return { version, index, checkedAt: Date.now() };
  }

  return async function getIndex(db: D1Database): Promise<SearchIndex> {
    if (cached && Date.now() - cached.checkedAt < VERSION_CHECK_MS) return cached.index;
    const version = await currentVersion(db);
    if (cached && cached.version === version) {
      cached.checkedAt = Date.now();
      return cached.index;
    }
    building ??= build(db, version).finally(() => {
      building = null;
    });
    cached = await building;
    return cached.index;
  };
}

/** Rows of `data` JSON parsed by a schema; one that no longer parses is skipped with a warning, not fatal. */
export async function parsedRows<T>(db: D1Database, sql: string, parse: (json: unknown) => T | null, what: string): Promise<T[]> {
  const { results } = await db.prepare(sql).all<{ data: string }>();
  const records: T[] = [];
  for (const row of results) {
    const record = parse(JSON.parse(row.data));
    if (record !== null) records.push(record);
    else console.warn(`[mf-search] skipping unparsable ${what} row`);
  }
  return records;
}
