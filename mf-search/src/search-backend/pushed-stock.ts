import { stockDataVersion } from "@dealer/shared/http";

/** How often an isolate reads how far the Algolia push has got for a site (the embedded index checks its version as often). */
const CHECK_MS = 1000;

const SITE_PUSH_SQL = `SELECT COALESCE((SELECT version FROM stock_versions WHERE site = ?1), 0) AS version,
    COALESCE((SELECT listing_version FROM stock_versions WHERE site = ?1), 0) AS listing,
    COALESCE((SELECT pushed_version FROM search_pushes WHERE site = ?1), 0) AS pushed`;

/** `stock`: the version the index answers from; `data`: what the fragments name to the gateway (ADR 0123). */
export type SearchedStock = { stock: string; data: string };

const kept = new WeakMap<D1Database, Map<string, { data: Promise<SearchedStock>; checkedAt: number }>>();

async function readPushedSiteStock(db: D1Database, site: string): Promise<SearchedStock> {
  const row = await db.prepare(SITE_PUSH_SQL).bind(site).first<{ version: number; listing: number; pushed: number }>();
  const version = row?.version ?? 0;
  // Caught up: the site's stock version, and the listing version the gateway reads too, so it may keep slots until the
  // next listing change. Behind: a name the gateway never keeps, since the index will change without it changing.
  if ((row?.pushed ?? 0) >= version) return { stock: stockDataVersion(site, version), data: stockDataVersion(site, row?.listing ?? 0) };
  const pending = `search-push-pending:${site}:${version}`;
  return { stock: pending, data: pending };
}

/** With Algolia, a site's stock as the fragments name it (ADR 0035), read at most once a second per site. */
export function pushedSiteStock(db: D1Database, site: string): Promise<SearchedStock> {
  const bySite = kept.get(db) ?? new Map<string, { data: Promise<SearchedStock>; checkedAt: number }>();
  kept.set(db, bySite);
  const entry = bySite.get(site);
  if (entry && Date.now() - entry.checkedAt < CHECK_MS) return entry.data;
  const data = readPushedSiteStock(db, site);
  data.catch(() => bySite.delete(site));
  bySite.set(site, { data, checkedAt: Date.now() });
  return data;
}
