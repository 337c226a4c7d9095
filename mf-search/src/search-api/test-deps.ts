import { SearchIndex } from "../engine";
import { conformanceIndex } from "../engine/fixtures/conformance-vehicles";
import { MANUFACTURER_INDEX, manufacturerIndexSettings, manufacturerRecords } from "../search-index/manufacturer-index";
import type { BatchOperation, KeyAccess, SearchApiDeps } from "./types";

export const APP_ID = "dealer-platform";
/** Keys of the fake key store: a site's public search key, a dealer write key and the platform's admin key. */
export const KEYS = {
  harbourSearch: "search-harbour",
  metroWrite: "write-metro",
  admin: "admin-key",
} as const;

const access: Record<string, KeyAccess> = {
  [KEYS.harbourSearch]: { site: "harbour-city-motors", canWrite: false },
  [KEYS.metroWrite]: { site: "metro-certified", canWrite: true },
  [KEYS.admin]: { site: null, canWrite: true },
};

/** A small manufacturer index of two sites (ADR 0031). */
function manufacturerIndex() {
  const stock = [
    { site: "harbour-city-motors", make: "Toyota", model: "HiLux", body: "Ute" },
    { site: "harbour-city-motors", make: "Mazda", model: "CX-5", body: "SUV" },
    { site: "metro-certified", make: "Ford", model: "Ranger", body: "Ute" },
  ];
  return new SearchIndex(MANUFACTURER_INDEX, manufacturerRecords(stock, []), manufacturerIndexSettings);
}

/** Search API dependencies over the conformance stock (and the manufacturer index by its name), recording every write. */
export function testDeps() {
  const index = conformanceIndex();
  const manufacturers = manufacturerIndex();
  const batches: { indexName: string; operations: BatchOperation[]; access: KeyAccess }[] = [];
  const settings: { indexName: string; settings: Record<string, unknown> }[] = [];
  const deps: SearchApiDeps = {
    getIndex: async (indexName) => ({ index: indexName === MANUFACTURER_INDEX ? manufacturers : index }),
    resolveKey: async (appId, apiKey) => (appId === APP_ID ? (access[apiKey] ?? null) : null),
    applyBatch: async (indexName, operations, keyAccess) => {
      batches.push({ indexName, operations, access: keyAccess });
    },
    saveSettings: async (indexName, body) => {
      settings.push({ indexName, settings: body });
    },
  };
  return { deps, batches, settings };
}
