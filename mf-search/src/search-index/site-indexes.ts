import { type IndexSettings, SearchIndex } from "../engine";
import type { SiteChanges, SiteStock } from "./site-stock";
import { possessive } from "@dealer/shared/rules";

/** How often a query may start a look at D1 for a site's newer version (a change shows within about this). */
export const SITE_VERSION_CHECK_MS = 500;
/** A refresh not settled after this is taken for lost (its request ended): the next query starts another. */
const LOST_REFRESH_MS = 30_000;

/**
 * Where a site's stock comes from (D1 in the Worker: site-stock.ts). `version` reads the site's stock version and,
 * from the same snapshot, its listing version (what pages are named by, ADR 0123).
 */
export type SiteStockSource = {
  version(site: string): Promise<{ stock: number; listing: number }>;
  load(site: string): Promise<SiteStock>;
  /** Null when the changes cannot be applied (the log was pruned past `since`, or too many): reload. */
  changes(site: string, since: number, until: number): Promise<SiteChanges | null>;
};

/**
 * A site's index as this isolate holds it; `index`, `version` and `listing` move together when a change is applied.
 * `listing` is the site's listing version as of `version`: every change but photos settling is in the index by then.
 */
export type SiteIndex = {
  readonly site: string;
  index: SearchIndex;
  version: number;
  listing: number;
  bytes: number;
  checkedAt: number;
  refresh: { done: Promise<void>; startedAt: number } | null;
};

export type SiteIndexesOptions = {
  indexName: string;
  settings: IndexSettings;
  source: SiteStockSource;
  /** Heap the held indexes may take together; the least recently used sites leave first (the one in use stays). */
  budgetBytes: number;
  /** Keeps work a query started running after its answer (a Worker's waitUntil). */
  waitUntil?: (work: Promise<unknown>) => void;
  now?: () => number;
};

/**
 * The vehicle indexes of the sites this isolate serves (ADR 0034): a site's index is loaded on its first query and
 * kept while it is among the most recently used within the memory budget. A query answers from the index as it is
 * and, at most every SITE_VERSION_CHECK_MS, starts a refresh it does not wait for: the site's new changes are read
 * from the change log (async) and applied in one synchronous step, or the site is reloaded beside the index in use.
 */
export function createSiteIndexes(options: SiteIndexesOptions) {
  const { indexName, settings, source, budgetBytes } = options;
  const now = options.now ?? Date.now;
  const waitUntil = options.waitUntil ?? (() => {});
  /** Least recently used first. */
  const held = new Map<string, SiteIndex>();
  const loading = new Map<string, Promise<SiteIndex>>();

  function build(site: string, stock: SiteStock): SiteIndex {
    const index = new SearchIndex(indexName, stock.records, settings);
    return { site, index, version: stock.version, listing: stock.listing, bytes: index.estimatedBytes(), checkedAt: now(), refresh: null };
  }

  function evictBeyondBudget(): void {
    let total = 0;
    for (const entry of held.values()) total += entry.bytes;
    for (const [site, entry] of held) {
      if (total <= budgetBytes || held.size === 1) return;
      held.delete(site);
      total -= entry.bytes;
    }
  }

  async function refresh(entry: SiteIndex): Promise<void> {
    const since = entry.version;
    const { stock: version, listing } = await source.version(entry.site);
    if (version === since) return;
    const changes = version > since ? await source.changes(entry.site, since, version) : null;
    const fresh = changes ? null : build(entry.site, await source.load(entry.site));
    // A lost refresh that settles late must not apply changes over newer ones.
    if (entry.version !== since) return;
    if (fresh) {
      entry.index = fresh.index;
      entry.version = fresh.version;
      entry.listing = fresh.listing;
    } else if (changes) {
      entry.index.upsert(changes.upserts);
      entry.index.remove(changes.removals);
      entry.version = version;
      entry.listing = listing;
    }
    entry.bytes = entry.index.estimatedBytes();
    if (held.get(entry.site) === entry) evictBeyondBudget();
  }

  function startRefresh(entry: SiteIndex): void {
    const started = now();
    const done = refresh(entry)
      .catch((error: unknown) => console.error(`[mf-search] refreshing ${possessive(entry.site)} index failed`, error))
      .finally(() => {
        if (entry.refresh?.done === done) entry.refresh = null;
      });
    entry.checkedAt = started;
    entry.refresh = { done, startedAt: started };
    waitUntil(done);
  }

  /** A refresh under way and not yet taken for lost (a lost one never settles: waiting on it would hang). */
  const refreshing = (entry: SiteIndex, time: number) => entry.refresh !== null && time - entry.refresh.startedAt < LOST_REFRESH_MS;

  function load(site: string): Promise<SiteIndex> {
    const pending = source
      .load(site)
      .then((stock) => {
        const entry = build(site, stock);
        held.set(site, entry);
        evictBeyondBudget();
        return entry;
      })
      .finally(() => loading.delete(site));
    loading.set(site, pending);
    waitUntil(pending);
    return pending;
  }

  return {
    /** The site's index as it is now: loaded on the site's first query, otherwise never waiting for a change. */
    async get(site: string): Promise<SiteIndex> {
      const entry = held.get(site);
      if (!entry) return loading.get(site) ?? load(site);
      held.delete(site);
      held.set(site, entry);
      const time = now();
      if (!refreshing(entry, time) && time - entry.checkedAt >= SITE_VERSION_CHECK_MS) startRefresh(entry);
      return entry;
    },
    /**
     * The site's index once it has caught up with D1, whatever the time since its last look: for a query whose hits
     * name rows that are gone (the index was behind a delete), so its answer is not a page short of its count.
     */
    async caughtUp(site: string): Promise<SiteIndex> {
      const entry = await this.get(site);
      if (!refreshing(entry, now())) startRefresh(entry);
      await entry.refresh?.done;
      return entry;
    },
    /** Sites held now, least recently used first (for tests and measurements). */
    heldSites: (): string[] => [...held.keys()],
    /** Settles when the refreshes started so far have (for tests and measurements). */
    settled: async (): Promise<void> => {
      await Promise.all([...held.values()].map((entry) => entry.refresh?.done));
    },
  };
}

export type SiteIndexes = ReturnType<typeof createSiteIndexes>;
