import { createSmallSearch } from "../small-search/small-search-browser";
import type { ManufacturerState } from "./manufacturer-state";
import { type ManufacturerView, runManufacturerSearch } from "./manufacturer-view";

/** The manufacturer search in the browser, loaded with import() on first use (ADR 0031). */
export function createManufacturerSearch(credentials: { appId: string; apiKey: string }, indexName: string, landingBase: string) {
  return createSmallSearch<ManufacturerState, ManufacturerView>(credentials, (client, state) => runManufacturerSearch(client, indexName, state, landingBase));
}
