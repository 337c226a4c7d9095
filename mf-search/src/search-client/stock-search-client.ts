import { hostsFor } from "@dealer/shared/search-backend";
import { algoliasearch } from "algoliasearch";
import type { Env } from "../env";
import { type AlgoliaBackend, algoliaKey, searchBackendOf } from "../search-backend/backend";
import { generateSiteKey, SECURED_KEY_REUSE_MS } from "../search-backend/secured-keys";
import { LOCAL_APP_ID, type SearchApiFor, siteSearchClient } from "./site-client";

/** What a page hands its browser search client: the app, the site's public key, and where to send searches (absent: the tenant's own host). */
export type BrowserSearchCredentials = { appId: string; apiKey: string; hosts?: { url: string; protocol: "http" | "https" }[] };

export type StockSearchClient = { client: ReturnType<typeof algoliasearch>; browser: BrowserSearchCredentials };

/** Sites whose Algolia client and key an isolate keeps; beyond it the least recently made goes. */
const KEPT_SITES = 1000;
const algoliaClients = new WeakMap<AlgoliaBackend, Map<string, { made: Promise<StockSearchClient>; until: number }>>();

async function algoliaSiteClient(backend: AlgoliaBackend, site: string): Promise<StockSearchClient> {
  const apiKey = await generateSiteKey(backend.appId, algoliaKey(backend, "search"), site, Date.now());
  const hosts = hostsFor(backend, "read");
  // The worker build's own fetch requester: every search goes to the configured application.
  const client = algoliasearch(backend.appId, apiKey, { hosts });
  return { client, browser: { appId: backend.appId, apiKey, hosts: hosts.map(({ url, protocol }) => ({ url, protocol })) } };
}

/**
 * The client a stock search (results, similar vehicles, featured stock) uses for a site, and the credentials its
 * page gives the browser. Embedded engine: the site's own search key, answered in process. Algolia: a secured key
 * per site (ADR 0035), made here and kept for half its validity; the parent key never leaves the server.
 */
export async function stockSearchClient(env: Env, site: string, searchApiFor: SearchApiFor): Promise<StockSearchClient> {
  const backend = searchBackendOf(env);
  if (backend.kind === "embedded") {
    const { client, apiKey } = await siteSearchClient(env, site, searchApiFor);
    return { client, browser: { appId: LOCAL_APP_ID, apiKey } };
  }
  const bySite = algoliaClients.get(backend) ?? new Map<string, { made: Promise<StockSearchClient>; until: number }>();
  algoliaClients.set(backend, bySite);
  const kept = bySite.get(site);
  if (kept && kept.until > Date.now()) return kept.made;
  const made = algoliaSiteClient(backend, site);
  made.catch(() => bySite.delete(site));
  bySite.delete(site);
  bySite.set(site, { made, until: Date.now() + SECURED_KEY_REUSE_MS });
  if (bySite.size > KEPT_SITES) bySite.delete(bySite.keys().next().value as string);
  return made;
}
