import { createSmallSearch } from "../small-search/small-search-browser";
import type { DirectoryState } from "./directory-state";
import { type DirectoryView, runDirectorySearch } from "./directory-view";

/** The directory's search in the browser, loaded with import() on first use (ADR 0026). */
export function createDirectorySearch(credentials: { appId: string; apiKey: string }, indexName: string) {
  return createSmallSearch<DirectoryState, DirectoryView>(credentials, (client, state) => runDirectorySearch(client, indexName, state));
}
