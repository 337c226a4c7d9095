import { atom, createStore } from "jotai";
import type { SiteConfig } from "../config/site-config";
import type { SiteTemplate } from "../contract/site";
import { anonymousSession, type Session } from "./session";

export { anonymousSession, type Session } from "./session";
export { type Toast, toastAtom } from "./toast";
export * from "./saved-cars";

export type SiteIdentity = { slug: string; name: string; template: SiteTemplate };

/** Filled from the page's serialized state before any slot renders; one store per request or page. */
export const siteAtom = atom<SiteIdentity | null>(null);
export const siteConfigAtom = atom<SiteConfig | null>(null);
export const sessionAtom = atom<Session>(anonymousSession);
export const isSignedInAtom = atom((get) => get(sessionAtom).userId !== null);
/** The signed-in shopper's watchlist (car ids): every watchlist button on the page reads and updates this one list. */
export const watchlistAtom = atom<number[]>([]);

export type ShellState = { site: SiteIdentity; config: SiteConfig; session: Session };

/** A store seeded with the page's config and session (server: per request; browser: once per page). */
export function createSeededStore(state: ShellState) {
  const store = createStore();
  store.set(siteAtom, state.site);
  store.set(siteConfigAtom, state.config);
  store.set(sessionAtom, state.session);
  store.set(watchlistAtom, state.session.watchlist ?? []);
  return store;
}
export { driveAwayEstimateAtom } from "./drive-away";
