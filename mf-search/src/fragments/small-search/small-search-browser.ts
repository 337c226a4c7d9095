import { SMALL_SEARCH_CACHE_SIZE } from "@dealer/shared/rules";
import { createRequestCache } from "../../search-client/request-cache";
import { tenantLiteClient } from "../../search-client/tenant-lite-client";

/** What both the server's algoliasearch client and the browser's lite client offer: one multi-query. */
export type MultiQueryClient = { search(body: { requests: object[] }): Promise<{ results: unknown[] }> };

/**
 * A small search in the browser, loaded with import() on first use: the lite client against the tenant's own /1/
 * path, answers kept by state (about 10, oldest evicted: spec §9).
 */
export function createSmallSearch<State, View>(credentials: { appId: string; apiKey: string }, run: (client: MultiQueryClient, state: State) => Promise<View>) {
  const client = tenantLiteClient(credentials) as unknown as MultiQueryClient;
  const cached = createRequestCache<View>(SMALL_SEARCH_CACHE_SIZE);
  return (state: State) => cached(JSON.stringify(state), () => run(client, state));
}
