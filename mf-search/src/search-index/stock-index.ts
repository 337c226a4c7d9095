import { readSiteVersions } from "@dealer/shared/http";
import { SearchError, vehicleIndexSettings } from "../engine";
import type { KeyAccess, SearchTarget } from "../search-api";
import { createSiteIndexes, type SiteIndex, type SiteIndexes, type SiteIndexesOptions } from "./site-indexes";
import { loadSiteStock, readSiteChanges } from "./site-stock";
import { vehicleHitRecords } from "./vehicle-records";

const MB = 1024 * 1024;
/**
 * Heap the vehicle indexes of one isolate may take by default: a 25,000-vehicle site and a few small ones, leaving
 * the rest of a Worker's 128 MB for rendering, a site's reload beside its index in use, and the other indexes.
 */
export const DEFAULT_INDEX_BUDGET_MB = 48;

/** SEARCH_INDEX_BUDGET_MB from the Worker's vars, or the default; anything but a positive number is the default. */
export function indexBudgetBytes(configured: string | undefined): number {
  const mb = Number(configured);
  return (Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_INDEX_BUDGET_MB) * MB;
}

/**
 * The site a key searches in an index kept per site. A key bound to no site (the platform's admin key) has none: a
 * query over the whole network is what per-site indexes exist to avoid, so it is refused with a 400.
 */
export function keySite(access: KeyAccess, indexName: string): string {
  if (access.site === null) throw new SearchError(`${indexName} is searched one site at a time: use a site's search key (this key is bound to no site)`, 400);
  return access.site;
}

/**
 * The vehicle index, one per site (ADR 0034): a key searches its own site's, loaded from D1 on the site's first query
 * and kept up to date from the change log; the page's hits are read whole from D1.
 */
export function createStockIndexes(options: { db: D1Database } & Omit<SiteIndexesOptions, "settings" | "source">) {
  const { db, ...registry } = options;
  const sites: SiteIndexes = createSiteIndexes({
    ...registry,
    settings: vehicleIndexSettings,
    source: {
      version: (site) => readSiteVersions(db, site),
      load: (site) => loadSiteStock(db, site),
      changes: (site, since, until) => readSiteChanges(db, site, since, until),
    },
  });
  return {
    sites,
    async target(access: KeyAccess): Promise<SearchTarget> {
      const site = keySite(access, options.indexName);
      const targetOf = ({ index }: SiteIndex, caughtUp?: () => Promise<SearchTarget>): SearchTarget => ({
        index,
        hitRecords: (objectIDs) => vehicleHitRecords(db, site, objectIDs, (objectID) => index.record(objectID)),
        caughtUp,
      });
      return targetOf(await sites.get(site), async () => targetOf(await sites.caughtUp(site)));
    },
  };
}

export type StockIndexes = ReturnType<typeof createStockIndexes>;
