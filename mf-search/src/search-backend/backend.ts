import { readSearchBackend, type SearchBackend } from "@dealer/shared/search-backend";
import { algoliasearch } from "algoliasearch";
import type { SearchBackendEnv } from "../env";

export type AlgoliaBackend = Extract<SearchBackend, { kind: "algolia" }>;

/** Read once per isolate env (env is stable for an isolate's lifetime). */
const backends = new WeakMap<SearchBackendEnv, SearchBackend>();

/** The search backend this Worker is configured for (throws, naming the setting, when it is wrong). */
export function searchBackendOf(env: SearchBackendEnv): SearchBackend {
  let backend = backends.get(env);
  if (!backend) {
    backend = readSearchBackend(env);
    backends.set(env, backend);
  }
  return backend;
}

/** The Algolia backend's key for a use, or an error naming the missing secret. */
export function algoliaKey(backend: AlgoliaBackend, use: "search" | "write"): string {
  const key = use === "search" ? backend.searchKey : backend.writeKey;
  if (!key) throw new Error(`SEARCH_BACKEND=algolia needs the secret ${use === "search" ? "ALGOLIA_SEARCH_KEY" : "ALGOLIA_WRITE_KEY"}`);
  return key;
}

/** The server's client for the push (write key) or the reconciliation's counts (parent search key): the application's hosts. */
export function algoliaClient(backend: AlgoliaBackend, use: "search" | "write") {
  return algoliasearch(backend.appId, algoliaKey(backend, use), { hosts: backend.hosts });
}
export type AlgoliaClientFor = typeof algoliaClient;
