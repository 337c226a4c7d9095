/** How long a rendered fragment is reused: what its markup shows of the clock (a `now`, a sold window) stays this fresh. */
export const RENDER_CACHE_TTL_MS = 30_000;
/** Rendered fragments a remote keeps per data version: a few dozen search pages of about 60 KB each. */
export const RENDER_CACHE_ENTRIES = 64;

type Entry = { html: string; until: number };

/**
 * Markup of recent identical fragment requests, kept per isolate. The key is the request's exact body (site, config,
 * session, slot, path, params), so two shoppers share an entry only when everything the gateway sent for them is
 * the same, and a signed-in shopper's entry is theirs alone. Entries hang off the data version they were rendered
 * from (the object a fragment's `dataVersion` returns, e.g. the search index): when the data changes the version is a
 * new object, nothing rendered from the old one is found again, and the old entries go with the old version.
 */
export function createRenderCache(now: () => number = Date.now) {
  const byVersion = new WeakMap<object, Map<string, Entry>>();
  return {
    get(version: object, key: string): string | undefined {
      const entries = byVersion.get(version);
      const entry = entries?.get(key);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.html;
      entries?.delete(key);
      return undefined;
    },
    set(version: object, key: string, html: string): void {
      const entries = byVersion.get(version) ?? new Map<string, Entry>();
      byVersion.set(version, entries);
      entries.delete(key);
      entries.set(key, { html, until: now() + RENDER_CACHE_TTL_MS });
      if (entries.size > RENDER_CACHE_ENTRIES) entries.delete(entries.keys().next().value as string);
    },
  };
}
