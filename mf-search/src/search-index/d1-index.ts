import type { IndexRecord } from "../engine";
import { type IndexSettings, SearchIndex } from "../engine";

/** How often a query may look at D1 for a newer version of a data set (changes reach search within seconds). */
const VERSION_CHECK_MS = 1000;
/** Scopes (sites) whose index one data set keeps per isolate; the least recently used leaves first. */
const MAX_SCOPES = 64;

type Cached = { version: string; index: SearchIndex; checkedAt: number };

export type D1IndexSource = {
  indexName: string;
  settings: IndexSettings;
  /** One row whose columns change whenever the data set (of the scope, bound as ?1) does. */
  versionSql: string;
  /** Every record of the data set, or of the scope's part of it. */
  load(db: D1Database, scope: string | null): Promise<IndexRecord[]>;
};

/**
 * A small read-only data set's index held in this isolate, whole (the service and parts directory) or one per scope
 * (a site's manufacturers), rebuilt from D1 whenever its version changes: a rebuild of a few hundred records is
 * far simpler than patching.
 */
export function createD1Index(source: D1IndexSource) {
  /** Least recently used first. */
  const held = new Map<string, Cached>();
  const building = new Map<string, Promise<Cached>>();

  async function currentVersion(db: D1Database, scope: string | null): Promise<string> {
    const statement = db.prepare(source.versionSql);
    const row = await (scope === null ? statement : statement.bind(scope)).first<Record<string, unknown>>();
    return JSON.stringify(row);
  }

  async function build(db: D1Database, scope: string | null, version: string): Promise<Cached> {
    const records = await source.load(db, scope);
    return { version, index: new SearchIndex(source.indexName, records, source.settings), checkedAt: Date.now() };
  }

  function hold(key: string, cached: Cached): void {
    held.delete(key);
    held.set(key, cached);
    if (held.size > MAX_SCOPES) held.delete(held.keys().next().value as string);
  }

  return async function getIndex(db: D1Database, scope: string | null = null): Promise<SearchIndex> {
    const key = scope ?? "";
    const cached = held.get(key);
    if (cached && Date.now() - cached.checkedAt < VERSION_CHECK_MS) {
      hold(key, cached);
      return cached.index;
    }
    const version = await currentVersion(db, scope);
    if (cached && cached.version === version) {
      cached.checkedAt = Date.now();
      hold(key, cached);
      return cached.index;
    }
    let pending = building.get(key);
    if (!pending) {
      pending = build(db, scope, version).finally(() => building.delete(key));
      building.set(key, pending);
    }
    const built = await pending;
    hold(key, built);
    return built.index;
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
