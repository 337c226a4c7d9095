import { isRequestOnlyData } from "@dealer/shared/fragment";
import { createKeptEntries, type KeptBudget, stringBytes } from "./kept-bytes";

/** How long kept markup is used: what it shows of the clock (the sold window, a `now`) stays this fresh. */
export const SLOT_CACHE_TTL_MS = 30_000;
/**
 * Slot markup kept per gateway isolate, by bytes (ADR 0126): a search page's slot is up to about 220 KB and each key
 * holds the site's config (about 17 KB), so a count of slots bounded nothing a fuzzer's distinct addresses could not
 * fill. A site's share holds a busy site's pages' slots (six demo sites held about 5 MB in all under mixed load).
 */
export const SLOT_CACHE_BUDGET: KeptBudget = { bytes: 16 * 2 ** 20, bytesPerSite: 4 * 2 ** 20 };
/** How often the gateway reads a site's listing version (ADR 0123): a stock change reaches that site's kept slots within this. */
export const STOCK_VERSION_CHECK_MS = 1000;

/** `cars`: the search results it shows, counted each time it is served (ADR 0070). */
export type KeptSlot = { html: string; build: string; data: string; cars?: readonly number[] };
/** A kept slot and when it stops being used. */
export type Entry = KeptSlot & { until: number };

/**
 * The tier isolates share (the Cache API's `caches.default`, which `wrangler dev` runs locally too): a slot one
 * isolate rendered is answered by every other one of the colo. Its keys carry the stock version, so a stock write
 * is a new key, and its entries expire with SLOT_CACHE_TTL_MS like the isolate's own.
 */
export type SharedSlotTier = { match(request: Request): Promise<Response | undefined>; put(request: Request, response: Response): Promise<void> };
type WaitUntil = (promise: Promise<unknown>) => void;

/**
 * A slot's keys: `exact`, the request's whole JSON (`json`, when the caller has it already) (site, config, session, path, params;
 * the config as its fingerprint, ADR 0126),
 * and on a car page the car's own version (`car`, ADR 0123); `anyAddress`, the same without the path, params and car,
 * used only for a slot whose remote answered ANY_ADDRESS_DATA. Both hold the site, its config and version and the
 * session, so no other tenant's or shopper's request shares one; no page path is empty, so the two never meet.
 */
export function keptSlotKeys(name: string, configVersion: number, request: { path: string; params: Record<string, string> }, json = JSON.stringify(request), car?: number) {
  const keyFor = (text: string) => `${name}\u0000${configVersion}\u0000${text}`;
  return { exact: keyFor(car === undefined ? json : `${json}\u0000car ${car}`), anyAddress: keyFor(JSON.stringify({ ...request, path: "", params: {} })) };
}

/** A shared-tier address: no request text (it holds the site's config) in a URL, only its digest. */
async function sharedKey(key: string, site: string, version: string): Promise<Request> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  const hex = [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return new Request(`https://kept-slots.invalid/${encodeURIComponent(site)}/${encodeURIComponent(version)}/${hex}`);
}

/**
 * Slot markup the gateway keeps per isolate, for anonymous pages: a slot whose remote named the data it was rendered
 * from (FRAGMENT_DATA_HEADER) is answered again for a byte-identical request while that data is at the same version,
 * without asking the remote. Stock versions are the page's site's own: a change on one site keeps every other's slots. The key is the remote, the fragment and the request's exact JSON (site, config, path,
 * params), so a config change or another query is another key. A kept slot carries the build that rendered it;
 * that build's files stay served (ADR 0003), so a redeploy shows within SLOT_CACHE_TTL_MS. Behind the isolate's own
 * entries, an optional shared tier (ADR 0074) holds the stock slots for every isolate.
 */
export function createSlotCache(now: () => number = Date.now, shared?: () => SharedSlotTier | undefined) {
  const entries = createKeptEntries<Entry>(SLOT_CACHE_BUDGET, (entry) => !(entry.until > now()));
  /** Each site's stock version as last read (a few hundred sites: a few small entries each). */
  const stockBySite = new Map<string, { version: Promise<string>; checkedAt: number }>();

  /** The site's stock version now: `fresh` when the page read it itself (a car page, at once), else at most a second old. */
  function stockVersion(site: string, readStock: () => Promise<string>, fresh?: string): Promise<string | null> {
    if (fresh) {
      stockBySite.set(site, { version: Promise.resolve(fresh), checkedAt: now() });
      return Promise.resolve(fresh);
    }
    let stock = stockBySite.get(site);
    if (!stock || now() - stock.checkedAt >= STOCK_VERSION_CHECK_MS) {
      const version = readStock();
      version.catch(() => stockBySite.delete(site));
      stock = { version, checkedAt: now() };
      stockBySite.set(site, stock);
    }
    return stock.version.catch(() => null);
  }

  /** The version the data set is at now; null for one the gateway cannot check (its markup is never reused). */
  function currentVersion(data: string, site: string, readStock: () => Promise<string>, fresh?: string): Promise<string | null> {
    if (isRequestOnlyData(data)) return Promise.resolve(data);
    if (!data.startsWith("stock:")) return Promise.resolve(null);
    return stockVersion(site, readStock, fresh);
  }

  function keep(key: string, site: string, slot: KeptSlot, until: number): void {
    const bytes = stringBytes(slot.html) + stringBytes(slot.build) + stringBytes(slot.data) + 8 * (slot.cars?.length ?? 0);
    entries.set(key, site, { ...slot, until }, bytes);
  }

  /** The shared tier's slot for `key` at the site's stock version now, kept in this isolate too once found. */
  async function sharedSlot(tier: SharedSlotTier, key: string, site: string, stock: string): Promise<Entry | undefined> {
    const answer = await tier.match(await sharedKey(key, site, stock)).catch(() => undefined);
    if (!answer) return undefined;
    const kept = (await answer.json().catch(() => null)) as (KeptSlot & { until: number }) | null;
    if (!kept || typeof kept.html !== "string" || kept.data !== stock || !(kept.until > now())) return undefined;
    keep(key, site, kept, kept.until);
    return kept;
  }

  return {
    /**
     * The slot kept for `key` of a page of `site`, if its data is still at the version it was rendered from: this
     * isolate's own, else the shared tier's. `fresh` is the site's stock version the page read itself.
     */
    async get(key: string, site: string, readStock: () => Promise<string>, fresh?: string): Promise<Entry | undefined> {
      const entry = entries.get(key);
      if (entry) {
        if (entry.until > now() && (await currentVersion(entry.data, site, readStock, fresh)) === entry.data) return entry;
        entries.delete(key);
      }
      const tier = shared?.();
      if (!tier) return undefined;
      const stock = await stockVersion(site, readStock, fresh);
      return stock ? sharedSlot(tier, key, site, stock) : undefined;
    },
    /** This isolate's request-only slot for `key` (never the shared tier, which holds none): no await on a miss. */
    requestOnly(key: string): Entry | undefined {
      const entry = entries.get(key);
      if (!entry || !isRequestOnlyData(entry.data)) return undefined;
      if (entry.until > now()) return entry;
      entries.delete(key);
      return undefined;
    },
    /**
     * Keeps a rendered slot here and, after the answer (`waitUntil`), a stock slot in the shared tier under the
     * version it names (a request-only slot, a device list's empty frame, stays in the isolate: it renders in no time).
     */
    set(key: string, slot: KeptSlot, site: string, waitUntil?: WaitUntil): void {
      const until = now() + SLOT_CACHE_TTL_MS;
      keep(key, site, slot, until);
      const tier = shared?.();
      if (!tier || !waitUntil || !slot.data.startsWith("stock:")) return;
      const headers = { "content-type": "application/json", "cache-control": `max-age=${SLOT_CACHE_TTL_MS / 1000}` };
      const put = async () => tier.put(await sharedKey(key, site, slot.data), new Response(JSON.stringify({ ...slot, until }), { headers }));
      waitUntil(put().catch((error: unknown) => console.warn("[gateway] the shared slot tier refused a slot", error)));
    },
  };
}
