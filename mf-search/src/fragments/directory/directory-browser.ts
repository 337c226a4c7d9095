import { DIRECTORY_CACHE_SIZE } from "@dealer/shared/rules";
import { createRequestCache } from "../../search-client/request-cache";
import { tenantLiteClient } from "../../search-client/tenant-lite-client";
import type { DirectoryState } from "./directory-state";
import { type DirectorySearcher, type DirectoryView, runDirectorySearch } from "./directory-view";

/**
 * The directory's search in the browser, loaded with import() on first use: the lite client against the tenant's
 * own /1/ path, answers kept by request (about 10, oldest evicted: spec §9).
 */
export function createDirectorySearch(credentials: { appId: string; apiKey: string }, indexName: string) {
  const client = tenantLiteClient(credentials) as unknown as DirectorySearcher;
  const cached = createRequestCache<DirectoryView>(DIRECTORY_CACHE_SIZE);
  return (state: DirectoryState) => cached(JSON.stringify(state), () => runDirectorySearch(client, indexName, state));
}

export type DirectorySearch = ReturnType<typeof createDirectorySearch>;
