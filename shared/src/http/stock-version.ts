/**
 * A site's stock version: every accepted stock batch of the site bumps it (mf-search's stock store, with the site's
 * change log entry). A site without a row has never had stock written: version 0.
 */
export const SITE_STOCK_VERSION_SQL = "SELECT version FROM stock_versions WHERE site = ?";

/** Moves a site's stock version on by one (a site without stock yet starts at 1). Binds the site and the time. */
export const BUMP_SITE_STOCK_VERSION_SQL = `INSERT INTO stock_versions (site, version, updated_at) VALUES (?, 1, ?)
  ON CONFLICT(site) DO UPDATE SET version = version + 1, updated_at = excluded.updated_at
  RETURNING version`;

/**
 * A new stock version with no change-log entry. Every index of the site reads that gap as "reload the whole site":
 * the embedded per-site index at its next check, the Algolia push at its next reconcile (ADR 0055). For a change
 * outside the stock that changes its search records, like a finance config publish.
 */
export function reloadSiteStockStatement(db: D1Database, site: string, now: Date): D1PreparedStatement {
  return db.prepare(BUMP_SITE_STOCK_VERSION_SQL).bind(site, now.toISOString());
}

/**
 * The site's stock version as a column beside another read of the same statement (`site` names the site's value):
 * one statement is one snapshot, and every stock write bumps the version in its own batch, so a row read beside it
 * is exactly at that version (ADR 0074).
 */
export const siteStockVersionColumn = (site: string) => `coalesce((SELECT version FROM stock_versions WHERE site = ${site}), 0)`;

export async function readSiteStockVersion(db: D1Database, site: string): Promise<number> {
  const row = await db.prepare(SITE_STOCK_VERSION_SQL).bind(site).first<{ version: number }>();
  return row?.version ?? 0;
}

/**
 * One site's stock at a version, as a fragment names its data (FRAGMENT_DATA_HEADER): a change on one site leaves
 * the slots the gateway keeps for every other site valid.
 */
export const stockDataVersion = (site: string, version: number) => `stock:${site}:${version}`;

export async function readStockDataVersion(db: D1Database, site: string): Promise<string> {
  return stockDataVersion(site, await readSiteStockVersion(db, site));
}
