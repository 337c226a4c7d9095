/**
 * A site's stock version: every accepted stock batch of the site bumps it (mf-search's stock store, with the site's
 * change log entry). A site without a row has never had stock written: version 0. The search index, the Algolia push
 * and the photo prune follow it; pages follow the listing version below (ADR 0123).
 */
export const SITE_STOCK_VERSION_SQL = "SELECT version FROM stock_versions WHERE site = ?";

/**
 * Moves a site's stock version on by one (a site without stock yet starts at 1), and its listing version to it: every
 * write but photos settling. Binds the site and the time. (SQLite's SET reads the row as it was: `version + 1` is the
 * new version in both.)
 */
export const BUMP_SITE_STOCK_VERSION_SQL = `INSERT INTO stock_versions (site, version, listing_version, updated_at) VALUES (?, 1, 1, ?)
  ON CONFLICT(site) DO UPDATE SET version = version + 1, listing_version = version + 1, updated_at = excluded.updated_at
  RETURNING version`;

/**
 * The photo consumer's write (photos settled, nothing else of its cars changed): the stock version moves (the search
 * index and its change log take the cars' new photos), the listing version stays, so pages that do not show the
 * car's own page stay kept (ADR 0123). Binds the site and the time.
 */
export const BUMP_SITE_STOCK_VERSION_FOR_PHOTOS_SQL = `INSERT INTO stock_versions (site, version, listing_version, updated_at) VALUES (?, 1, 0, ?)
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
 * The site's listing version as a column beside another read of the same statement (`site` names the site's value):
 * one statement is one snapshot, and every stock write bumps the versions in its own batch, so a row read beside it
 * is exactly at that version (ADR 0074). The listing version is the stock version of the site's last write that was
 * more than photos settling (ADR 0123): what pages and their kept slots are named by.
 */
export const siteListingVersionColumn = (site: string) => `coalesce((SELECT listing_version FROM stock_versions WHERE site = ${site}), 0)`;

export async function readSiteStockVersion(db: D1Database, site: string): Promise<number> {
  const row = await db.prepare(SITE_STOCK_VERSION_SQL).bind(site).first<{ version: number }>();
  return row?.version ?? 0;
}

/** Both of a site's versions from one read: the search index is at `stock` and names its pages by `listing`. */
export async function readSiteVersions(db: D1Database, site: string): Promise<{ stock: number; listing: number }> {
  const row = await db.prepare("SELECT version, listing_version FROM stock_versions WHERE site = ?").bind(site).first<{ version: number; listing_version: number }>();
  return { stock: row?.version ?? 0, listing: row?.listing_version ?? 0 };
}

/**
 * One site's stock at a version, as a fragment names its data (FRAGMENT_DATA_HEADER): a change on one site leaves
 * the slots the gateway keeps for every other site valid. Pages name it by the listing version.
 */
export const stockDataVersion = (site: string, version: number) => `stock:${site}:${version}`;

/** The site's listing version now, as a fragment names its data. */
export async function readListingDataVersion(db: D1Database, site: string): Promise<string> {
  const row = await db.prepare(`SELECT ${siteListingVersionColumn("?1")} AS version`).bind(site).first<{ version: number }>();
  return stockDataVersion(site, row?.version ?? 0);
}
