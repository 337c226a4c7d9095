import type { Session } from "../atoms/session";
import { signInUrl } from "./accounts";

export const VIEW_LIST_LABEL = "View List";

/** Saving needs a signed-in user with a phone number. */
export const canSaveToWatchlist = (session: Session) => session.userId !== null && Boolean(session.phone);

/** Where an anonymous (or phone-less) visitor goes when saving. */
export const watchlistSignInUrl = (path: string) => signInUrl("watchlist", path, path);

export type WatchlistToast = { title: string; body: string; action: typeof VIEW_LIST_LABEL };

export function watchlistToast(action: "saved" | "removed", carName: string): WatchlistToast {
  return action === "saved"
    ? { title: "Car Saved In Watchlist", body: `${carName} is now available in your watchlist`, action: VIEW_LIST_LABEL }
    : { title: "Car Removed", body: `${carName} is no longer in your watchlist`, action: VIEW_LIST_LABEL };
}

/** The local list updates at once (before the server call): adds when absent, removes when present. */
export function toggleWatchlist(ids: readonly number[], carId: number): { ids: number[]; action: "saved" | "removed" } {
  return ids.includes(carId) ? { ids: ids.filter((id) => id !== carId), action: "removed" } : { ids: [...ids, carId], action: "saved" };
}
