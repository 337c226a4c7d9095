/**
 * What the gateway remembers of a site for a few seconds (a resolved tenant by host, a landing vocabulary by site).
 * Every entry lives the same time, so the map's order is its expiry order: the expired ones leave from the front on
 * each keep, and the isolate holds the sites of the last `ttlMs` rather than every site it ever served (ADR 0126).
 * `maxEntries` bounds one whose keys a visitor names (a car page's address, ADR 0128): the oldest leave first.
 */
export function createShortMemory<T>(ttlMs: number, now: () => number = Date.now, maxEntries = Number.POSITIVE_INFINITY) {
  const entries = new Map<string, { value: T; until: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      return entry && entry.until > now() ? entry.value : undefined;
    },
    set(key: string, value: T): void {
      entries.delete(key);
      entries.set(key, { value, until: now() + ttlMs });
      for (const [oldest, entry] of entries) {
        if (entry.until > now() && entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    delete(key: string): void {
      entries.delete(key);
    },
    get size(): number {
      return entries.size;
    },
  };
}
