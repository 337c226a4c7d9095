import { readSiteVersions } from "@dealer/shared/http";
import type { IndexRecord } from "../engine";
import { readRecordFinance } from "./site-finance";
import { compactVehicleRecords } from "./vehicle-records";

/** Rows a page of a site's load reads at most: about 1.3 MB of today's records, so the byte cut below is a safety net. */
export const LOAD_PAGE_ROWS = 2000;
/**
 * Bytes of search_fields a page holds at most: the page comes back as one JSON value, and D1 answers no value over
 * 2 MB (records of about 650 bytes since migration 0029 passed it at 5,000 rows: the 10,000-car site answered 500).
 */
export const LOAD_PAGE_BYTES = 1_500_000;
/** More changed vehicles than this since the version an index holds: reloading the site is cheaper than applying them. */
export const MAX_APPLIED_CHANGES = 5000;
/** How long the change log keeps an entry; an index older than that reloads its site. */
export const CHANGE_LOG_DAYS = 7;
const PRUNE_CHUNK = 10_000;

const DAY_MS = 86_400_000;

/**
 * A site's vehicles as the index holds them, and the version they are at (read first: later changes are applied on
 * top), with the site's listing version read beside it (ADR 0123).
 */
export type SiteStock = { version: number; listing: number; records: IndexRecord[] };
/** What changed on a site between two versions: vehicles to upsert (as the index holds them) and ids to remove. */
export type SiteChanges = { upserts: IndexRecord[]; removals: string[] };

/**
 * A page as one row: its rows' search_fields as one JSON array (one parse, not one per vehicle), the last id, and
 * how many rows it read before cutting the page at LOAD_PAGE_BYTES (always at least one row).
 */
const pageSql = `WITH read AS (
    SELECT id, search_fields, SUM(LENGTH(CAST(search_fields AS BLOB))) OVER (ORDER BY id) AS upto
    FROM (SELECT id, search_fields FROM vehicles WHERE site = ?1 AND id > ?2 ORDER BY id LIMIT ?3)),
  page AS (SELECT id, search_fields FROM read WHERE upto <= ?4 OR id = (SELECT MIN(id) FROM read))
  SELECT COUNT(*) AS count, MAX(id) AS last, (SELECT COUNT(*) FROM read) AS read, json_group_array(search_fields -> '$') AS fields FROM page`;
type Page = { count: number; last: number | null; read: number; fields: string };

/**
 * One site's stock, paged through by id (index vehicles_site_id), reading each row's search_fields only. The version is read
 * before the first page: a change that lands while paging is in the rows already or in the log after that version,
 * and applying it again is harmless.
 */
export async function loadSiteStock(db: D1Database, site: string, pageRows = LOAD_PAGE_ROWS, pageBytes = LOAD_PAGE_BYTES): Promise<SiteStock> {
  const [{ stock: version, listing }, finance] = await Promise.all([readSiteVersions(db, site), readRecordFinance(db, site)]);
  const page = (after: number) => db.prepare(pageSql).bind(site, after, pageRows, pageBytes).first<Page>();
  let records: IndexRecord[] = [];
  let pending = page(0);
  for (;;) {
    const { count, last, read, fields } = (await pending) ?? { count: 0, last: null, read: 0, fields: "[]" };
    // More rows follow when the page was cut by bytes or read as many rows as it may.
    const more = last !== null && (count < read || read === pageRows);
    // The next page is on its way while this one is parsed.
    if (more) pending = page(last);
    records = records.concat(compactVehicleRecords(JSON.parse(fields), finance));
    if (!more) return { version, listing, records };
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
