import { algoliasearch } from "algoliasearch";
import { publicSearchKey } from "@dealer/shared/keys";
import type { Env } from "../env";
import { SEARCH_KEY_CACHE_MS } from "../search-api/credentials";
import type { InProcessQueries } from "../search-api/create-search-api";
import { inProcessRequester } from "./in-process-requester";

/** The app id the platform's own engine answers to (any value works in process; this one names it). */
export const LOCAL_APP_ID = "DEALERPLATFORM";

type SearchApi = Parameters<typeof inProcessRequester>[0] & { queries: InProcessQueries };

/** The search API bound to this request's env, called in process. */
export type SearchApiFor = (env: Env) => SearchApi;

type SiteSearchClient = { client: ReturnType<typeof algoliasearch>; apiKey: string };

/** The host the in-process client names (a key's access is checked for it, as for a request to it). */
const IN_PROCESS_HOST = "search.internal";

type Client = ReturnType<typeof algoliasearch>;
type LegacyQuery = { indexName: string; type?: string; params?: Record<string, unknown> };

/** A multi-query's requests as the client's search() sends them: a legacy list's params spread into each request. */
function searchRequests(params: Parameters<Client["search"]>[0]): unknown {
  if (!Array.isArray(params)) return params;
  const requests = (params as LegacyQuery[]).map(({ params: query, ...request }) =>
    request.type === "facet"
      ? { ...request, ...query, type: "facet" }
      : { ...request, ...query, facet: undefined, maxFacetHits: undefined, facetQuery: undefined },
  );
  return { requests };
}

async function createSiteSearchClient(env: Env, site: string, searchApiFor: SearchApiFor): Promise<SiteSearchClient> {
  const apiKey = publicSearchKey(site);
  const api = searchApiFor(env);
  const client = algoliasearch(LOCAL_APP_ID, apiKey, {
    hosts: [{ url: IN_PROCESS_HOST, protocol: "https", accept: "readWrite" }],
    requester: inProcessRequester(api),
  });
  // Multi-queries (every results page, similar and featured cars) reach the engine as objects: the client's JSON
  // text both ways was a good part of a search page's time (ADR 0104). Other calls keep the requester.
  const credentials = { appId: LOCAL_APP_ID, apiKey, host: IN_PROCESS_HOST };
  const search = ((params: Parameters<Client["search"]>[0]) => api.queries(credentials, searchRequests(params))) as Client["search"];
  return { client: { ...client, search }, apiKey };
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
