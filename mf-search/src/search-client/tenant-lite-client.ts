import { createMemoryCache } from "@algolia/client-common";
import { liteClient } from "algoliasearch/lite";

/**
 * The browser's lite client against /1/ on the tenant's own host. Its hosts are remembered in memory: the default
 * browser cache keeps them in localStorage behind a setTimeout(0) on every request, which under a busy main
 * thread (a results render, the count animation) held each keystroke's request back ~15 ms (ADR 0025).
 */
export function tenantLiteClient(credentials: { appId: string; apiKey: string }) {
  return liteClient(credentials.appId, credentials.apiKey, {
    hosts: [{ url: window.location.host, protocol: window.location.protocol === "https:" ? "https" : "http", accept: "read" }],
    hostsCache: createMemoryCache(),
  });
}
