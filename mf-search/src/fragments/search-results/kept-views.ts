/** Search views this isolate keeps (all sites together): about 50 KB each (24 cards, the facet counts), so a few MB. */
export const KEPT_VIEWS = 64;
/** As long as the gateway keeps a slot's markup (its SLOT_CACHE_TTL_MS): a kept view is never older than a kept slot. */
export const KEPT_VIEW_MS = 30_000;

/** What decides a view besides the stock: the site, its config (as JSON text) and the search's parameters (as JSON text). */
export type ViewKey = { site: string; stockVersion: string; config: string; search: string };

type Kept<View> = { config: string; view: Promise<View>; until: number };

/**
 * The search views of a site's stock, kept per isolate by what they are computed from (ADR 0107): many first views of
 * an address ask a search another address already asked (a tracking parameter, a landing path and its query, page=1
 * and none, the parameters in another order). Keyed by site and stock version (read before the search: a view is
 * never older than its key's version) and the search's parameters; the config is compared whole, so a config change is
 * a miss. Least recently used out first; an entry older than KEPT_VIEW_MS is a miss.
 */
export function createKeptViews<View>(options: { now?: () => number; entries?: number } = {}) {
  const now = options.now ?? Date.now;
  const entries = options.entries ?? KEPT_VIEWS;
  const kept = new Map<string, Kept<View>>();
  return function keptView(key: ViewKey, compute: () => Promise<View>): Promise<View> {
    const id = `${key.site}\u0000${key.stockVersion}\u0000${key.search}`;
    const found = kept.get(id);
    kept.delete(id);
    if (found && found.config === key.config && found.until > now()) {
      kept.set(id, found);
      return found.view;
    }
    const view = compute();
    const entry = { config: key.config, view, until: now() + KEPT_VIEW_MS };
    view.catch(() => {
      if (kept.get(id) === entry) kept.delete(id);
    });
    kept.set(id, entry);
    if (kept.size > entries) kept.delete(kept.keys().next().value as string);
    return view;
  };
}
