import { brandTileSchema } from "@dealer/shared/contract";
import { brandTilePath, brandTilesFrom, pathSegment } from "@dealer/shared/rules";
import type { IndexRecord } from "../engine";
import { indexSettingsSchema } from "../engine";
import { createD1Index } from "./d1-index";
import { storedFieldSql } from "./vehicle-records";

/** The manufacturer search's index (ADR 0031): each site's brands and the models it stocks; a site's key sees only its own. */
export const MANUFACTURER_INDEX = "Manufacturer_production";

export const manufacturerIndexSettings = indexSettingsSchema.parse({
  // Spec §3: manufacturer.name, model.name, model.body.
  searchableAttributes: ["manufacturer.name", "model.name", "model.body"],
  attributesForFaceting: ["filterOnly(site)", "manufacturer.name"],
  // A brand before its models, brands in the site's tile order, models A to Z.
  customRanking: ["asc(position)"],
});

/** A site's brand or one model of a make it stocks, with every body the site has it in. */
export type ManufacturerRecord = IndexRecord & {
  site: string;
  manufacturer: { name: string; slug: string };
  model: { name: string; body: string[] } | null;
  brand_path: string | null;
  position: number;
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

type StockRow = { site: string; make: string | null; model: string | null; body: string | null };
type BrandRow = { site: string; data: string };

/**
 * The records of the sites given from what the platform already holds: the brands page's tiles (site_content) and the
 * makes, models and bodies of the stock, which are also what landing paths accept, so every model entry's link is a
 * page the site has.
 */
export function manufacturerRecords(stock: readonly StockRow[], brandRows: readonly BrandRow[]): ManufacturerRecord[] {
  const sites = new Set([...stock.map((row) => row.site), ...brandRows.map((row) => row.site)]);
  const records: ManufacturerRecord[] = [];
  for (const site of [...sites].sort()) {
    const own = brandRows.flatMap((row) => {
      if (row.site !== site) return [];
      const tile = brandTileSchema.safeParse(parseJson(row.data));
      return tile.success ? [tile.data] : [];
    });
    const models = new Map<string, { make: string; model: string; bodies: Set<string> }>();
    for (const row of stock) {
      if (row.site !== site || !row.make || !row.model) continue;
      const key = `${row.make}\u0000${row.model}`;
      const entry = models.get(key) ?? { make: row.make, model: row.model, bodies: new Set<string>() };
      if (row.body) entry.bodies.add(row.body);
      models.set(key, entry);
    }
    const stockedMakes = [...new Set([...models.values()].map((entry) => entry.make))].sort((a, b) => a.localeCompare(b));
    const tiles = brandTilesFrom(own, stockedMakes);
    const tiled = new Set(tiles.map((tile) => tile.title));
    const brands = [
      ...tiles.map((tile) => ({ name: tile.title, slug: tile.slug, path: brandTilePath(tile) as string | null })),
      ...stockedMakes.filter((make) => !tiled.has(make)).map((make) => ({ name: make, slug: pathSegment(make), path: null })),
    ];
    const byMake = [...models.values()].sort((a, b) => a.model.localeCompare(b.model));
    for (const brand of brands) {
      records.push({ objectID: `${site}/${brand.slug}`, site, manufacturer: { name: brand.name, slug: brand.slug }, model: null, brand_path: brand.path, position: records.length });
      for (const entry of byMake) {
        if (entry.make !== brand.name) continue;
        records.push({
          objectID: `${site}/${brand.slug}/${pathSegment(entry.model)}`,
          site,
          manufacturer: { name: brand.name, slug: brand.slug },
          model: { name: entry.model, body: [...entry.bodies].sort() },
          brand_path: null,
          position: records.length,
        });
      }
    }
  }
  return records;
}

/** Each site's manufacturer index, rebuilt when the site's stock version or brand tiles change; never the network's. */
export function createManufacturerIndex() {
  return createD1Index({
    indexName: MANUFACTURER_INDEX,
    settings: manufacturerIndexSettings,
    // The brand tiles have no timestamp, so their size stands in.
    versionSql:
      "SELECT (SELECT version FROM stock_versions WHERE site = ?1) AS stock, (SELECT COUNT(*) || '/' || COALESCE(SUM(LENGTH(data)), 0) FROM site_content WHERE site = ?1 AND kind = 'brand') AS brands",
    async load(db, site) {
      // The site's rows only, and their small search_fields (migration 0014) rather than whole records.
      const [stock, brands] = await db.batch<Record<string, unknown>>([
        db
          .prepare(
            `SELECT DISTINCT site, ${storedFieldSql("make")} AS make, ${storedFieldSql("model")} AS model, ${storedFieldSql("simple_body")} AS body FROM vehicles WHERE site = ?`,
          )
          .bind(site),
        db.prepare("SELECT site, data FROM site_content WHERE site = ? AND kind = 'brand' ORDER BY position, slug").bind(site),
      ]);
      return manufacturerRecords((stock?.results ?? []) as StockRow[], (brands?.results ?? []) as BrandRow[]);
    },
  });
}
