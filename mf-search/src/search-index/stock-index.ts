import { carSchema } from "@dealer/shared/contract";
import { toSearchRecord } from "../engine/search-record";
import { vehicleIndexSettings } from "../engine/settings";
import { createD1Index, parsedRows } from "./d1-index";

/** The vehicle index, rebuilt from D1 whenever any site's stock version changes. */
export function createStockIndex(indexName: string) {
  return createD1Index({
    indexName,
    settings: vehicleIndexSettings,
    versionSql: "SELECT COALESCE(SUM(version), 0) AS total, COUNT(*) AS sites, COALESCE(MAX(updated_at), '') AS latest FROM stock_versions",
    load: (db) =>
      parsedRows(db, "SELECT data FROM vehicles ORDER BY id", (json) => {
        // Rows were validated on the way in.
        const car = carSchema.safeParse(json);
        return car.success ? toSearchRecord(car.data) : null;
      }, "vehicle"),
  });
}
