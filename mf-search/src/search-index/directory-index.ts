import { directoryOfferSchema } from "@dealer/shared/contract";
import { indexSettingsSchema } from "../engine";
import { createD1Index, parsedRows } from "./d1-index";

/** The service and parts directory's index (ADR 0026); a site's search key sees only its own entries. */
export const DIRECTORY_INDEX = "Directory_production";

export const directoryIndexSettings = indexSettingsSchema.parse({
  searchableAttributes: ["title", "category", "description", "dealership_name"],
  attributesForFaceting: ["department", "category", "dealership_name", "price", "filterOnly(site)", "filterOnly(dealership_id)"],
  // The dealer's own order: the group's dealerships in turn, each one's list as entered.
  customRanking: ["asc(dealership_id)", "asc(position)"],
});

export function createDirectoryIndex() {
  return createD1Index({
    indexName: DIRECTORY_INDEX,
    settings: directoryIndexSettings,
    versionSql: "SELECT COUNT(*) AS entries, COALESCE(MAX(updated_at), '') AS latest FROM directory_offers",
    load: (db) =>
      parsedRows(db, "SELECT data FROM directory_offers ORDER BY id", (json) => {
        const offer = directoryOfferSchema.safeParse(json);
        return offer.success ? { objectID: offer.data.id, ...offer.data } : null;
      }, "directory offer"),
  });
}
