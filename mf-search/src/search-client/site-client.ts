import { algoliasearch } from "algoliasearch";
import { publicSearchKey } from "@dealer/shared/keys";
import type { Env } from "../env";
import { SEARCH_KEY_CACHE_MS } from "../search-api/credentials";
import { inProcessRequester } from "./in-process-requester";

/** The app id the platform's own engine answers to (any value works in process; this one names it). */
export const LOCAL_APP_ID = "DEALERPLATFORM";

type SearchApi = Parameters<typeof inProcessRequester>[0];

/** The search API bound to this request's env, called in process. */
export type SearchApiFor = (env: Env) => SearchApi;

type SiteSearchClient = { client: ReturnType<typeof algoliasearch>; apiKey: string };

async function createSiteSearchClient(env: Env, site: string, searchApiFor: SearchApiFor): Promise<SiteSearchClient> {
  const apiKey = publicSearchKey(site);
  const client = algoliasearch(LOCAL_APP_ID, apiKey, {
    hosts: [{ url: "search.internal", protocol: "https", accept: "readWrite" }],
    requester: inProcessRequester(searchApiFor(env)),
  });
  return { client, apiKey };
}

/**
 * Clients per isolate env and site, kept as long as the search API trusts a search key: building the client took
 * longer than the engine's answer, and it was a D1 query on every fragment. The worker build of the
 * client caches no requests or responses, so a kept client never answers from old results.
 */
const clientsByEnv = new WeakMap<Env, Map<string, { client: Promise<SiteSearchClient>; until: number }>>();

/**
 * The unmodified algoliasearch client with the site's own search key (whose embedded filter keeps every
 * answer inside the site), answered in process by the engine instead of over the network.
 */
export function siteSearchClient(env: Env, site: string, searchApiFor: SearchApiFor): Promise<SiteSearchClient> {
  const bySite = clientsByEnv.get(env) ?? new Map();
  clientsByEnv.set(env, bySite);
  const kept = bySite.get(site);
  if (kept && kept.until > Date.now()) return kept.client;
  const client = createSiteSearchClient(env, site, searchApiFor);
  client.catch(() => bySite.delete(site));
  bySite.set(site, { client, until: Date.now() + SEARCH_KEY_CACHE_MS });
  return client;
}
