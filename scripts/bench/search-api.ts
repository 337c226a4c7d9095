import { request } from "node:http";
import { publicSearchKey } from "@dealer/shared/keys";
import { LOCAL_APP_ID } from "../../mf-search/src/search-client/site-client";

/** Longer than any search of a healthy platform, even one waiting for a rebuild of 100,000 cars. */
const SEARCH_TIMEOUT_MS = 120_000;

export type SearchQuery = { indexName: string; params: string };
export type SearchResult = { nbHits?: number; hits?: Record<string, unknown>[]; processingTimeMS?: number };
export type SearchAnswer = { ms: number; status: number; results: SearchResult[] };

/**
 * One multi-query to the search API on a site's own host, as a shopper's browser sends it: the site's public
 * search key (its bench sites use the demo rule, search-{slug}). node:http, since fetch will not send another Host.
 */
export function searchSite(port: number, site: string, queries: SearchQuery[]): Promise<SearchAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1", port, path: "/1/indexes/*/queries", method: "POST",
        headers: { host: `${site}.localhost:${port}`, "content-type": "application/json", "x-algolia-application-id": LOCAL_APP_ID, "x-algolia-api-key": publicSearchKey(site) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk;
        });
        res.on("end", () => {
          const ms = performance.now() - started;
          let results: SearchResult[] = [];
          try {
            results = (JSON.parse(text) as { results?: SearchResult[] }).results ?? [];
          } catch {
            // an error page: the status says what happened
          }
          resolve({ ms, status: res.statusCode ?? 0, results });
        });
      },
    );
    req.on("error", reject);
    req.setTimeout(SEARCH_TIMEOUT_MS, () => req.destroy(new Error(`search on ${site} had no answer in ${SEARCH_TIMEOUT_MS / 1000} s`)));
    req.end(JSON.stringify({ requests: queries }));
  });
}
