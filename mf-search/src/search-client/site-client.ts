import { algoliasearch } from "algoliasearch";
import type { Env } from "../env";
import { inProcessRequester } from "./in-process-requester";

/** The app id the platform's own engine answers to (any value works in process; this one names it). */
export const LOCAL_APP_ID = "DEALERPLATFORM";

type SearchApi = Parameters<typeof inProcessRequester>[0];

/** The search API bound to this request's env, called in process. */
export type SearchApiFor = (env: Env) => SearchApi;

/**
 * The unmodified algoliasearch client with the site's own search key (whose embedded filter keeps every
 * answer inside the site), answered in process by the engine instead of over the network.
 */
export async function siteSearchClient(env: Env, site: string, searchApiFor: SearchApiFor) {
  const keyRow = await env.DB.prepare("SELECT key FROM api_keys WHERE site = ? AND kind = 'search' LIMIT 1").bind(site).first<{ key: string }>();
  if (!keyRow) throw new Error(`site ${site} has no search key`);
  const client = algoliasearch(LOCAL_APP_ID, keyRow.key, {
    hosts: [{ url: "search.internal", protocol: "https", accept: "readWrite" }],
    requester: inProcessRequester(searchApiFor(env)),
  });
  return { client, apiKey: keyRow.key };
}
