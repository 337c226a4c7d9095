import type { BrandTile } from "@dealer/shared/contract";

/** The group's brands are the makes it stocks; each tile leads to /{brand}/overview. */
export async function loadBrandTiles(db: D1Database, site: string): Promise<BrandTile[]> {
  const { results } = await db
    .prepare("SELECT DISTINCT json_extract(data, '$.make') AS make FROM vehicles WHERE site = ? ORDER BY make")
    .bind(site)
    .all<{ make: string | null }>();
  return results
    .flatMap((row) => (row.make ? [row.make] : []))
    .map((make) => ({ title: make, slug: make.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") }));
}
