import { atom, createStore } from "jotai";
import type { PageConfig, SiteConfig } from "../config/site-config";
import type { SiteTemplate } from "../contract/site";
import { anonymousSession, type Session } from "./session";

export { anonymousSession, type Session } from "./session";
export { type Toast, toastAtom } from "./toast";
export * from "./saved-cars";

export type SiteIdentity = { slug: string; name: string; template: SiteTemplate };

/** Filled from the page's serialized state before any slot renders; one store per request or page. */
export const siteAtom = atom<SiteIdentity | null>(null);
export const siteConfigAtom = atom<PageConfig | null>(null);
export const sessionAtom = atom<Session>(anonymousSession);
export const isSignedInAtom = atom((get) => get(sessionAtom).userId !== null);
/** The signed-in shopper's watchlist (car ids): every watchlist button on the page reads and updates this one list. */
export const watchlistAtom = atom<number[]>([]);

/** The request's state on the server: the site's whole configuration, which the remotes are sent. */
export type ShellState = { site: SiteIdentity; config: SiteConfig; session: Session };
/** The state the page carries to the browser (#shell-state): the configuration without its server-only parts. */
export type PageState = Omit<ShellState, "config"> & { config: PageConfig };

/** A store seeded with the page's config and session (server: per request; browser: once per page). */
export function createSeededStore(state: PageState) {
  const store = createStore();
  store.set(siteAtom, state.site);
  store.set(siteConfigAtom, state.config);
  store.set(sessionAtom, state.session);
  store.set(watchlistAtom, state.session.watchlist ?? []);
  return store;
}
export { driveAwayEstimateAtom } from "./drive-away";
