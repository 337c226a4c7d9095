import { type SearchPushMessage, siteFilter } from "@dealer/shared/search-backend";
import type { Env } from "../env";
import { type AlgoliaBackend, type AlgoliaClientFor, algoliaClient, searchBackendOf } from "./backend";

/** Sites counted per multi-query request (one subrequest each). */
const SITES_PER_REQUEST = 50;

export type SiteDrift = {
  site: string;
  version: number;
  pushed: number;
  /** Vehicles in D1, and records of the site in the index (null when it was not asked: the push is behind anyway). */
  stock: number;
  indexed: number | null;
  action: "none" | "push" | "resync";
};

type SiteRow = { site: string; version: number; pushed: number; stock: number };

async function siteRows(db: D1Database, site: string | undefined): Promise<SiteRow[]> {
  const { results } = await db
    .prepare(
      `SELECT v.site AS site, v.version AS version, COALESCE(p.pushed_version, 0) AS pushed,
              (SELECT COUNT(*) FROM vehicles WHERE site = v.site) AS stock
         FROM stock_versions v LEFT JOIN search_pushes p ON p.site = v.site
        WHERE ?1 IS NULL OR v.site = ?1 ORDER BY v.site`,
    )
    .bind(site ?? null)
    .all<SiteRow>();
  return results;
}

/** Each site's record count in the index: a search with the site's filter and no hits, 50 sites a request. */
async function indexedCounts(backend: AlgoliaBackend, sites: string[], clientFor: AlgoliaClientFor): Promise<Map<string, number>> {
  const client = clientFor(backend, "search");
  const counts = new Map<string, number>();
  for (let start = 0; start < sites.length; start += SITES_PER_REQUEST) {
    const group = sites.slice(start, start + SITES_PER_REQUEST);
    const { results } = await client.search({
      requests: group.map((site) => ({ indexName: backend.indexName, filters: siteFilter(site), hitsPerPage: 0, analytics: false })),
    });
    results.forEach((result, i) => {
      counts.set(group[i]!, "nbHits" in result ? (result.nbHits ?? 0) : 0);
    });
  }
  return counts;
}

/**
 * The scheduled reconciliation (and POST /api/stock/search-sync for one site): each site's stock version in D1 against
 * the version pushed, and, for a site pushed up to date, its vehicle count against the index's. A site behind is queued
 * for a push, one whose counts differ for a full resync. `resync` forces the latter. Nothing is done with the embedded
 * engine.
 */
export async function reconcileSites(
  env: Env,
  options: { site?: string; resync?: boolean; queue?: boolean } = {},
  clientFor: AlgoliaClientFor = algoliaClient,
): Promise<SiteDrift[]> {
  const backend = searchBackendOf(env);
  if (backend.kind !== "algolia") return [];
  const rows = await siteRows(env.DB, options.site);
  const upToDate = rows.filter((row) => row.pushed >= row.version).map((row) => row.site);
  const counts = await indexedCounts(backend, options.resync ? [] : upToDate, clientFor);
  const drifts = rows.map((row): SiteDrift => {
    const indexed = counts.get(row.site) ?? null;
    const action = options.resync ? "resync" : row.pushed < row.version ? "push" : indexed !== row.stock ? "resync" : "none";
    return { ...row, indexed, action };
  });
  const messages: SearchPushMessage[] = drifts
    .filter((drift) => drift.action !== "none")
    .map((drift) => ({ site: drift.site, version: drift.version, ...(drift.action === "resync" ? { resync: true } : {}) }));
  if (options.queue !== false && messages.length) {
    if (!env.SEARCH_PUSH_QUEUE) throw new Error("SEARCH_BACKEND=algolia needs the SEARCH_PUSH_QUEUE queue binding");
    // sendBatch takes at most 100 messages.
    for (let start = 0; start < messages.length; start += 100) {
      await env.SEARCH_PUSH_QUEUE.sendBatch(messages.slice(start, start + 100).map((body) => ({ body, contentType: "json" as const })));
    }
  }
  return drifts;
}
