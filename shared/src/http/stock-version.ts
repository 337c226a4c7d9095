/**
 * A site's stock version: every accepted stock batch of the site bumps it (mf-search's stock store, with the site's
 * change log entry). A site without a row has never had stock written: version 0.
 */
export const SITE_STOCK_VERSION_SQL = "SELECT version FROM stock_versions WHERE site = ?";

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
