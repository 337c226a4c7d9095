import type { PageConfig } from "@dealer/shared/config";
import { createRequestCache } from "../../search-client/request-cache";
import type { BrowserSearchCredentials } from "../../search-client/stock-search-client";
import { tenantLiteClient } from "../../search-client/tenant-lite-client";
import type { RouteState } from "@dealer/shared/rules";
import { runSearch, type SearchContext } from "./run-search";
import type { SearchView } from "./search-view";

/** Results kept per address; the oldest is evicted first. */
const CACHE_SIZE = 20;

/**
 * The browser's search: loaded with import() on the first interaction, so neither the client nor the helper is in
 * the page's first-load JavaScript. Queries go where the page's credentials say: the tenant's own host, or Algolia.
 */
export function createBrowserSearch(credentials: BrowserSearchCredentials, context: SearchContext) {
  const client = tenantLiteClient(credentials);
  const cached = createRequestCache<SearchView>(CACHE_SIZE);
  return (state: RouteState, config: PageConfig, now: Date): Promise<SearchView> =>
    cached(JSON.stringify(state), () => runSearch(client, state, context, config, now));
}

export type BrowserSearch = ReturnType<typeof createBrowserSearch>;

// The results' JSON-LD follows each browser search; its code comes with the search's, not in the first load.
export { resultsItemListJson } from "./structured-data";
