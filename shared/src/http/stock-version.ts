/** One row whose columns change whenever any site's stock does (every stock write bumps its site's row). */
export const STOCK_VERSION_SQL =
  "SELECT COALESCE(SUM(version), 0) AS total, COUNT(*) AS sites, COALESCE(MAX(updated_at), '') AS latest FROM stock_versions";

/** The stock's version as a fragment names its data (FRAGMENT_DATA_HEADER), from STOCK_VERSION_SQL's row as JSON. */
export const stockDataVersion = (versionRowJson: string) => `stock:${versionRowJson}`;

export async function readStockDataVersion(db: D1Database): Promise<string> {
  return stockDataVersion(JSON.stringify(await db.prepare(STOCK_VERSION_SQL).first()));
}
