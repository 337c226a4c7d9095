import { readSiteStockVersion } from "@dealer/shared/http";
import type { IndexRecord } from "../engine";
import { readRecordFinance } from "./site-finance";
import { compactVehicleRecords } from "./vehicle-records";

/** Rows per page of a site's load: about 400 characters each (search_fields), so a page is a few MB, far from D1's 50 MB answer limit. */
export const LOAD_PAGE_ROWS = 5000;
/** More changed vehicles than this since the version an index holds: reloading the site is cheaper than applying them. */
export const MAX_APPLIED_CHANGES = 5000;
/** How long the change log keeps an entry; an index older than that reloads its site. */
export const CHANGE_LOG_DAYS = 7;
const PRUNE_CHUNK = 10_000;

const DAY_MS = 86_400_000;

/** A site's vehicles as the index holds them, and the version they are at (read first: later changes are applied on top). */
export type SiteStock = { version: number; records: IndexRecord[] };
/** What changed on a site between two versions: vehicles to upsert (as the index holds them) and ids to remove. */
export type SiteChanges = { upserts: IndexRecord[]; removals: string[] };

/** A page as one row: its rows' search_fields as one JSON array (one parse, not one per vehicle) and the last id. */
const pageSql = `SELECT COUNT(*) AS count, MAX(id) AS last, json_group_array(search_fields -> '$') AS fields
  FROM (SELECT id, search_fields FROM vehicles WHERE site = ? AND id > ? ORDER BY id LIMIT ?)`;
type Page = { count: number; last: number | null; fields: string };

/**
 * One site's stock, paged through by id (index vehicles_site_id), reading each row's search_fields only. The version is read
 * before the first page: a change that lands while paging is in the rows already or in the log after that version,
 * and applying it again is harmless.
 */
export async function loadSiteStock(db: D1Database, site: string, pageRows = LOAD_PAGE_ROWS): Promise<SiteStock> {
  const [version, finance] = await Promise.all([readSiteStockVersion(db, site), readRecordFinance(db, site)]);
  const page = (after: number) => db.prepare(pageSql).bind(site, after, pageRows).first<Page>();
  let records: IndexRecord[] = [];
  let pending = page(0);
  for (;;) {
    const { count, last, fields } = (await pending) ?? { count: 0, last: null, fields: "[]" };
    // The next page is on its way while this one is parsed.
    if (count === pageRows && last !== null) pending = page(last);
    records = records.concat(compactVehicleRecords(JSON.parse(fields), finance));
    if (count < pageRows) return { version, records };
  }
}

const changedIdsSql = "SELECT DISTINCT vehicle_id FROM stock_changes WHERE site = ?1 AND version > ?2 AND version <= ?3";

/**
 * The changes of a site after version `since` up to `until` from the change log (one D1 batch, so one consistent
 * read): a logged id whose row is in the site is an upsert, one without is a removal. Null when the log no longer
 * holds every version in between (pruned, or written without a log entry), or more than `maxVehicles` changed:
 * the caller reloads the site.
 */
export async function readSiteChanges(db: D1Database, site: string, since: number, until: number, maxVehicles = MAX_APPLIED_CHANGES): Promise<SiteChanges | null> {
  if (until <= since) return null;
  const [finance, [coverage, ids, rows]] = await Promise.all([readRecordFinance(db, site), db.batch<Record<string, unknown>>([
    db
      .prepare("SELECT COUNT(DISTINCT version) AS versions FROM stock_changes WHERE site = ?1 AND version > ?2 AND version <= ?3")
      .bind(site, since, until),
    db.prepare(`${changedIdsSql} LIMIT ?4`).bind(site, since, until, maxVehicles + 1),
    db.prepare(`SELECT search_fields FROM vehicles WHERE site = ?1 AND id IN (${changedIdsSql}) LIMIT ?4`).bind(site, since, until, maxVehicles + 1),
  ])]);
  const versions = Number(coverage?.results[0]?.versions ?? 0);
  const changed = (ids?.results ?? []).map((row) => String(row.vehicle_id));
  if (versions < until - since || changed.length > maxVehicles) return null;
  const upserts = compactVehicleRecords((rows?.results ?? []).map((row) => JSON.parse(String(row.search_fields))), finance);
  const present = new Set(upserts.map((record) => record.objectID));
  return { upserts, removals: changed.filter((id) => !present.has(id)) };
}

/** Drops change log entries older than CHANGE_LOG_DAYS, in chunks (each a short write); the count removed. */
export async function pruneStockChanges(db: D1Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CHANGE_LOG_DAYS * DAY_MS).toISOString();
  const chunk = db.prepare(
    `DELETE FROM stock_changes WHERE (site, version, vehicle_id) IN
       (SELECT site, version, vehicle_id FROM stock_changes WHERE changed_at < ? LIMIT ?)`,
  );
  let removed = 0;
  for (;;) {
    const { meta } = await chunk.bind(before, PRUNE_CHUNK).run();
    removed += meta.changes;
    if (meta.changes < PRUNE_CHUNK) return removed;
  }
}
