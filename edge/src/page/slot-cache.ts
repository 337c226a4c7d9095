import { REQUEST_ONLY_DATA } from "@dealer/shared/fragment";

/** How long kept markup is used: what it shows of the clock (the sold window, a `now`) stays this fresh. */
export const SLOT_CACHE_TTL_MS = 30_000;
/** Slots kept per gateway isolate; a search page's is about 60 KB, so a few MB at most. */
export const SLOT_CACHE_ENTRIES = 128;
/** How often the gateway reads a site's stock version: a stock change reaches that site's kept slots within this. */
export const STOCK_VERSION_CHECK_MS = 1000;

/** `cars`: the search results it shows, counted each time it is served (ADR 0070). */
export type KeptSlot = { html: string; build: string; data: string; cars?: readonly number[] };
type Entry = KeptSlot & { until: number };

/**
 * Slot markup the gateway keeps per isolate, for anonymous pages: a slot whose remote named the data it was rendered
 * from (FRAGMENT_DATA_HEADER) is answered again for a byte-identical request while that data is at the same version,
 * without asking the remote. Stock versions are the page's site's own: a change on one site keeps every other's slots. The key is the remote, the fragment and the request's exact JSON (site, config, path,
 * params), so a config change or another query is another key. A kept slot carries the build that rendered it;
 * that build's files stay served (ADR 0003), so a redeploy shows within SLOT_CACHE_TTL_MS.
 */
export function createSlotCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  /** Each site's stock version as last read (a few hundred sites: a few small entries each). */
  const stockBySite = new Map<string, { version: Promise<string>; checkedAt: number }>();

  /** The version the data set is at now; null for one the gateway cannot check (its markup is never reused). */
  function currentVersion(data: string, site: string, readStock: () => Promise<string>): Promise<string | null> {
    if (data === REQUEST_ONLY_DATA) return Promise.resolve(data);
    if (!data.startsWith("stock:")) return Promise.resolve(null);
    let stock = stockBySite.get(site);
    if (!stock || now() - stock.checkedAt >= STOCK_VERSION_CHECK_MS) {
      const version = readStock();
      version.catch(() => stockBySite.delete(site));
      stock = { version, checkedAt: now() };
      stockBySite.set(site, stock);
    }
    return stock.version.catch(() => null);
  }

  return {
    /** The slot kept for `key` of a page of `site`, if its data is still at the version it was rendered from. */
    async get(key: string, site: string, readStock: () => Promise<string>): Promise<KeptSlot | undefined> {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now() && (await currentVersion(entry.data, site, readStock)) === entry.data) return entry;
      entries.delete(key);
      return undefined;
    },
    set(key: string, slot: KeptSlot): void {
      entries.delete(key);
      entries.set(key, { ...slot, until: now() + SLOT_CACHE_TTL_MS });
      if (entries.size > SLOT_CACHE_ENTRIES) entries.delete(entries.keys().next().value as string);
    },
  };
}
