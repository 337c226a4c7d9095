import { carSchema } from "@dealer/shared/contract";
import { STOCK_VERSION_SQL } from "@dealer/shared/http";
import { toSearchRecord } from "../engine/search-record";
import { vehicleIndexSettings } from "../engine/settings";
import { createD1Index, parsedRows } from "./d1-index";

/** The vehicle index, rebuilt from D1 whenever any site's stock version changes. */
export function createStockIndex(indexName: string) {
  return createD1Index({
    indexName,
    settings: vehicleIndexSettings,
    versionSql: STOCK_VERSION_SQL,
    load: (db) =>
      parsedRows(db, "SELECT data FROM vehicles ORDER BY id", (json) => {
        // Rows were validated on the way in.
        const car = carSchema.safeParse(json);
        return car.success ? toSearchRecord(car.data) : null;
      }, "vehicle"),
  });
}
