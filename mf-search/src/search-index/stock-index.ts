import { carSchema } from "@dealer/shared/contract";
import { SearchIndex } from "../engine/search-index";
import { toSearchRecord } from "../engine/search-record";
import { vehicleIndexSettings } from "../engine/settings";

/** How often a query may look at D1 for a newer stock version (stock reaches search within seconds). */
const VERSION_CHECK_MS = 1000;

type Cached = { version: string; index: SearchIndex; checkedAt: number };

/**
 * The vehicle index held in this isolate, rebuilt from D1 whenever any site's stock version
 * changes. A rebuild of the whole stock is tens of milliseconds, far simpler than patching.
 */
export function createStockIndex(indexName: string) {
  let cached: Cached | null = null;
  let building: Promise<Cached> | null = null;

  async function currentVersion(db: D1Database): Promise<string> {
    const row = await db
      .prepare("SELECT COALESCE(SUM(version), 0) AS total, COUNT(*) AS sites, COALESCE(MAX(updated_at), '') AS latest FROM stock_versions")
      .first<{ total: number; sites: number; latest: string }>();
    return `${row?.total}:${row?.sites}:${row?.latest}`;
  }

  async function build(db: D1Database, version: string): Promise<Cached> {
    const { results } = await db.prepare("SELECT data FROM vehicles ORDER BY id").all<{ data: string }>();
    const records = [];
    for (const row of results) {
      const car = carSchema.safeParse(JSON.parse(row.data));
      // Rows were validated on the way in; one that no longer parses is skipped, not fatal.
      if (car.success) records.push(toSearchRecord(car.data));
      else console.warn("[mf-search] skipping unparsable vehicle row");
    }
    return { version, index: new SearchIndex(indexName, records, vehicleIndexSettings), checkedAt: Date.now() };
  }

  return async function getIndex(db: D1Database): Promise<SearchIndex> {
    if (cached && Date.now() - cached.checkedAt < VERSION_CHECK_MS) return cached.index;
    const version = await currentVersion(db);
    if (cached && cached.version === version) {
      cached.checkedAt = Date.now();
      return cached.index;
    }
    building ??= build(db, version).finally(() => {
      building = null;
    });
    cached = await building;
    return cached.index;
  };
}
