import { conformanceIndex } from "../engine/fixtures/conformance-vehicles";
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

/** Search API dependencies over the conformance stock, recording every write. */
export function testDeps() {
  const index = conformanceIndex();
  const batches: { indexName: string; operations: BatchOperation[]; access: KeyAccess }[] = [];
  const settings: { indexName: string; settings: Record<string, unknown> }[] = [];
  const deps: SearchApiDeps = {
    getIndex: async () => index,
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
