/**
 * What the gateway keeps in its isolate, bounded by bytes (ADR 0126): a deployed isolate has 128 MB, and a kept slot
 * or page is as large as its markup and its key (which holds the site's config), so a count of entries says nothing
 * of its size. `bytes` bounds the whole, `bytesPerSite` each site's share: every site is a tenant, and a site asking
 * for many distinct addresses (a crawler, a fuzzer) evicts its own oldest entries once at its share, never more than
 * that share of another site's. The least recently used entry goes first.
 */
export type KeptBudget = { bytes: number; bytesPerSite: number };

/** What an entry costs beside its measured text and bytes: the map's slot, the entry object, its small fields. */
export const ENTRY_OVERHEAD_BYTES = 256;

/** A string's size in the heap: V8 keeps a string with any character past Latin-1 at two bytes a character. */
export const stringBytes = (text: string): number => (/[\u0100-\uffff]/.test(text) ? 2 : 1) * text.length;

type Kept<T> = { value: T; site: string; bytes: number };

/** `stale`: an entry that will never be answered again (expired); such entries at the front are dropped on each keep. */
export function createKeptEntries<T>(budget: KeptBudget, stale: (value: T) => boolean = () => false) {
  /** Oldest first: an answered entry moves to the back. */
  const entries = new Map<string, Kept<T>>();
  /** Each site's keys, oldest first, and its bytes. */
  const sites = new Map<string, { keys: Set<string>; bytes: number }>();
  let total = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.bytes;
    const site = sites.get(entry.site);
    if (!site) return;
    site.keys.delete(key);
    site.bytes -= entry.bytes;
    if (!site.keys.size) sites.delete(entry.site);
  }

  function add(key: string, entry: Kept<T>): void {
    entries.set(key, entry);
    total += entry.bytes;
    let site = sites.get(entry.site);
    if (!site) {
      site = { keys: new Set(), bytes: 0 };
      sites.set(entry.site, site);
    }
    site.keys.add(key);
    site.bytes += entry.bytes;
  }

  return {
    /** The entry kept under `key`, now the most recently used. */
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      remove(key);
      add(key, entry);
      return entry.value;
    },
    /** Keeps `value` (about `bytes` in the isolate, its key included) for `site`, unless it alone is over the site's share. */
    set(key: string, site: string, value: T, bytes: number): void {
      remove(key);
      const size = bytes + stringBytes(key) + ENTRY_OVERHEAD_BYTES;
      if (size > budget.bytesPerSite) return;
      add(key, { value, site, bytes: size });
      const own = sites.get(site);
      while (own && own.bytes > budget.bytesPerSite) remove(own.keys.values().next().value as string);
      while (total > budget.bytes) remove(entries.keys().next().value as string);
      // Expired entries are otherwise kept until the budget pushes them out: the oldest go as soon as they expire.
      for (const [oldest, entry] of entries) {
        if (!stale(entry.value)) break;
        remove(oldest);
      }
    },
    delete: remove,
    /** What is kept now, in all and for one site (for tests and figures). */
    bytes: (site?: string): number => (site === undefined ? total : (sites.get(site)?.bytes ?? 0)),
    get size(): number {
      return entries.size;
    },
  };
}

const fingerprints = new WeakMap<object, string>();

/**
 * A site config in a kept slot's or page's key, in place of its JSON (about 17 KB, two thirds of what the slot cache
 * held, ADR 0126): its length and a 64-bit hash of it (cyrb53's mixing, both words kept), once per resolved tenant.
 * The keys also hold the site and its config version, so two texts meet only within one site's one published
 * version, which has one text.
 */
export function configFingerprint(config: object): string {
  let print = fingerprints.get(config);
  if (print === undefined) {
    const text = JSON.stringify(config);
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    print = `${text.length}:${(h2 >>> 0).toString(16).padStart(8, "0")}${(h1 >>> 0).toString(16).padStart(8, "0")}`;
    fingerprints.set(config, print);
  }
  return print;
}
