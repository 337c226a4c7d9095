/**
 * Answers kept by request key, at most `size` of them; the oldest is evicted first (spec §9). A failed request is
 * forgotten so the next asks again.
 */
export function createRequestCache<T>(size: number) {
  const entries = new Map<string, Promise<T>>();
  return (key: string, run: () => Promise<T>): Promise<T> => {
    const cached = entries.get(key);
    if (cached) return cached;
    const pending = run();
    pending.catch(() => entries.delete(key));
    entries.set(key, pending);
    if (entries.size > size) entries.delete(entries.keys().next().value as string);
    return pending;
  };
}
