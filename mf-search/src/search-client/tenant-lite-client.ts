import { createMemoryCache } from "@algolia/client-common";
import { liteClient } from "algoliasearch/lite";
import type { BrowserSearchCredentials } from "./stock-search-client";

/**
 * The browser's lite client: against the hosts the page names (the Algolia application, ADR 0035), else /1/ on the
 * tenant's own host (the embedded engine). Its hosts are remembered in memory: the default browser cache keeps them
 * in localStorage behind a setTimeout(0) on every request, which under a busy main thread (a results render, the
 * count animation) held each keystroke's request back ~15 ms (ADR 0025).
 */
export function tenantLiteClient(credentials: BrowserSearchCredentials) {
  const tenantHost = { url: window.location.host, protocol: window.location.protocol === "https:" ? ("https" as const) : ("http" as const) };
  return liteClient(credentials.appId, credentials.apiKey, {
    hosts: (credentials.hosts ?? [tenantHost]).map((host) => ({ ...host, accept: "read" as const })),
    hostsCache: createMemoryCache(),
  });
}
