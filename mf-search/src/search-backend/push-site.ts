import { carSchema } from "@dealer/shared/contract";
import { siteFilter } from "@dealer/shared/search-backend";
import type { algoliasearch } from "algoliasearch";
import { type RecordFinance, toSearchRecord } from "../engine";
import { readRecordFinance } from "../search-index/site-finance";

type Client = ReturnType<typeof algoliasearch>;

/** Vehicles read from D1 per query (each is a few KB of JSON: a page stays far below D1's and an isolate's limits). */
const PAGE_SIZE = 500;
/** The site's stock version a record was read at: Algolia keeps the higher one (IncrementSet), so an older push never wins. */
export const RECORD_VERSION = "record_version";

export type PushOutcome = { site: string; mode: "none" | "changes" | "resync"; from: number; to: number; upserted: number; deleted: number };

/** Every contract field a car may lack, as null: a partial update replaces the fields it names and keeps the others. */
const absentAsNull = Object.fromEntries(Object.keys(carSchema.shape).map((key) => [key, null]));

/** The record of a car as the embedded engine holds it, its weekly repayment from the site's finance (ADR 0048). */
function searchRecord(data: string, finance: RecordFinance | null): Record<string, unknown> & { objectID: string } {
  return toSearchRecord(carSchema.parse(JSON.parse(data)), finance ?? undefined);
}

const json = (values: unknown[]) => JSON.stringify(values);

async function versions(db: D1Database, site: string): Promise<{ pushed: number; current: number }> {
  const [pushed, current] = await db.batch<{ version: number }>([
    db.prepare("SELECT pushed_version AS version FROM search_pushes WHERE site = ?").bind(site),
    db.prepare("SELECT version FROM stock_versions WHERE site = ?").bind(site),
  ]);
  return { pushed: pushed?.results[0]?.version ?? 0, current: current?.results[0]?.version ?? 0 };
}

/** Records that the index now holds the site's stock at `version` (never lowers it: a late retry of an older push is harmless). */
async function recordPushed(db: D1Database, site: string, version: number, resync: boolean): Promise<void> {
  const now = new Date().toISOString();
  await db
    .prepare(
      `INSERT INTO search_pushes (site, pushed_version, pushed_at, resynced_at, last_error) VALUES (?1, ?2, ?3, ?4, NULL)
       ON CONFLICT(site) DO UPDATE SET pushed_version = MAX(pushed_version, excluded.pushed_version), pushed_at = excluded.pushed_at,
         resynced_at = COALESCE(excluded.resynced_at, resynced_at), last_error = NULL`,
    )
    .bind(site, version, now, resync ? now : null)
    .run();
}

/** Notes why a site's push failed, for whoever looks at search_pushes; the push itself is retried by the queue. */
export async function recordPushFailure(db: D1Database, site: string, error: unknown): Promise<void> {
  const message = String(error instanceof Error ? error.message : error).slice(0, 500);
  await db
    .prepare(
      `INSERT INTO search_pushes (site, pushed_version, pushed_at, last_error) VALUES (?1, 0, ?2, ?3)
       ON CONFLICT(site) DO UPDATE SET last_error = excluded.last_error`,
    )
    .bind(site, new Date().toISOString(), message)
    .run();
}

/**
 * Pushes the vehicles with these ids as they are now: one of the site is upserted with a partial update whose
 * record_version only moves up (IncrementSet: Algolia ignores the whole update when the record already holds this or a
 * later version), one absent from the stock is deleted, one now on another site is that site's push to make.
 */
async function pushIds(db: D1Database, client: Client, indexName: string, site: string, ids: number[], version: number, finance: RecordFinance | null) {
  let upserted = 0;
  let deleted = 0;
  for (let start = 0; start < ids.length; start += PAGE_SIZE) {
    const page = ids.slice(start, start + PAGE_SIZE);
    const { results } = await db
      .prepare("SELECT id, site, data FROM vehicles WHERE id IN (SELECT value FROM json_each(?))")
      .bind(json(page))
      .all<{ id: number; site: string; data: string }>();
    const found = new Map(results.map((row) => [row.id, row]));
    const objects = results
      .filter((row) => row.site === site)
      .map((row) => ({ ...absentAsNull, ...searchRecord(row.data, finance), [RECORD_VERSION]: { _operation: "IncrementSet", value: version } }));
    const gone = page.filter((id) => !found.has(id)).map(String);
    if (objects.length) await client.partialUpdateObjects({ indexName, objects, createIfNotExists: true, waitForTasks: true });
    if (gone.length) await client.deleteObjects({ indexName, objectIDs: gone, waitForTasks: true });
    upserted += objects.length;
    deleted += gone.length;
  }
  return { upserted, deleted };
}

/**
 * The whole site again, for drift or a change log that no longer reaches back to what the index holds: every record
 * of the site is saved (replaced) page by page, then the index's records of the site that the stock no longer has
 * are deleted (found with browse).
 */
async function resyncSite(db: D1Database, client: Client, indexName: string, site: string, version: number, finance: RecordFinance | null) {
  const indexed = new Set<string>();
  await client.browseObjects<{ objectID: string }>({
    indexName,
    browseParams: { filters: siteFilter(site), attributesToRetrieve: ["objectID"], hitsPerPage: 1000 },
    aggregator: (response) => {
      for (const hit of response.hits) indexed.add(hit.objectID);
    },
  });
  let upserted = 0;
  for (let after = -1; ; ) {
    const { results } = await db
      .prepare("SELECT id, data FROM vehicles WHERE site = ? AND id > ? ORDER BY id LIMIT ?")
      .bind(site, after, PAGE_SIZE)
      .all<{ id: number; data: string }>();
    if (results.length === 0) break;
    const objects = results.map((row) => ({ ...searchRecord(row.data, finance), [RECORD_VERSION]: version }));
    await client.saveObjects({ indexName, objects, waitForTasks: true });
    for (const row of results) indexed.delete(String(row.id));
    upserted += results.length;
    after = results.at(-1)!.id;
  }
  // Extras of the site in the index: deleted unless the vehicle lives on (on another site, whose push writes it).
  const extras = [...indexed].map(Number).filter(Number.isInteger);
  const { deleted } = extras.length ? await pushIds(db, client, indexName, site, extras, version, finance) : { deleted: 0 };
  return { upserted, deleted };
}

/**
 * Brings the index up to the site's stock: the vehicles changed after the version it holds (from the change log), or
 * the whole site when asked to or when the log has a gap there (pruned, or stock older than the log). Reads rows as
 * they are now, so pushing the same change twice, or a change already overtaken, writes nothing older.
 */
export async function pushSite(db: D1Database, client: Client, indexName: string, site: string, options: { resync?: boolean } = {}): Promise<PushOutcome> {
  const { pushed, current } = await versions(db, site);
  const outcome = { site, from: pushed, to: current };
  if (!options.resync && current <= pushed) return { ...outcome, mode: "none", upserted: 0, deleted: 0 };
  let resync = options.resync === true;
  let ids: number[] = [];
  if (!resync) {
    const [logged, changed] = await db.batch<{ n: number; id: number }>([
      db.prepare("SELECT COUNT(DISTINCT version) AS n FROM stock_changes WHERE site = ?1 AND version > ?2 AND version <= ?3").bind(site, pushed, current),
      db.prepare("SELECT DISTINCT vehicle_id AS id FROM stock_changes WHERE site = ?1 AND version > ?2 AND version <= ?3").bind(site, pushed, current),
    ]);
    resync = (logged?.results[0]?.n ?? 0) !== current - pushed;
    ids = (changed?.results ?? []).map((row) => row.id);
  }
  const finance = await readRecordFinance(db, site);
  const counts = resync ? await resyncSite(db, client, indexName, site, current, finance) : await pushIds(db, client, indexName, site, ids, current, finance);
  await recordPushed(db, site, current, resync);
  return { ...outcome, mode: resync ? "resync" : "changes", ...counts };
}
