import { stockDataVersion } from "@dealer/shared/http";

/** How often an isolate reads how far the Algolia push has got for a site (the embedded index checks its version as often). */
const CHECK_MS = 1000;

const SITE_PUSH_SQL =
  "SELECT COALESCE((SELECT version FROM stock_versions WHERE site = ?1), 0) AS version, COALESCE((SELECT pushed_version FROM search_pushes WHERE site = ?1), 0) AS pushed";

const kept = new WeakMap<D1Database, Map<string, { data: Promise<string>; checkedAt: number }>>();

async function readPushedSiteStock(db: D1Database, site: string): Promise<string> {
  const row = await db.prepare(SITE_PUSH_SQL).bind(site).first<{ version: number; pushed: number }>();
  const version = row?.version ?? 0;
  // Caught up: the site's stock version, which the gateway reads too, so it may keep slots until the next change.
  // Behind: a name the gateway never keeps, since the index will change without the stock version changing.
  return (row?.pushed ?? 0) >= version ? stockDataVersion(site, version) : `search-push-pending:${site}:${version}`;
}

/** With Algolia, a site's stock as the fragments name it (ADR 0035), read at most once a second per site. */
export function pushedSiteStock(db: D1Database, site: string): Promise<string> {
  const bySite = kept.get(db) ?? new Map<string, { data: Promise<string>; checkedAt: number }>();
  kept.set(db, bySite);
  const entry = bySite.get(site);
  if (entry && Date.now() - entry.checkedAt < CHECK_MS) return entry.data;
  const data = readPushedSiteStock(db, site);
  data.catch(() => bySite.delete(site));
  bySite.set(site, { data, checkedAt: Date.now() });
  return data;
}
