import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
// By its package name, not "../atoms": the atoms module is a federation singleton only under that name (ADR 0002).
import { sessionAtom, toastAtom, watchlistAtom } from "@dealer/shared/atoms";
import { canSaveToWatchlist, toggleWatchlist, watchlistSignInUrl } from "../rules/watchlist";

/**
 * Save to / remove from the watchlist, on search cards, the vehicle page and the watchlist itself. Every button
 * reads the one watchlistAtom, so all of a page's buttons for a car agree at once. The list changes at once, then the
 * server call, whose code (the call, the toast, the error) loads on the first click (watchlist-action.ts), out of
 * every page's first load. A sold car shows the button only if saved; a signed-out shopper goes to sign-in and back.
 */
export function WatchlistButton({ carId, carName, inStock, className = "button" }: { carId: number; carName: string; inStock: boolean; className?: string }) {
  const session = useAtomValue(sessionAtom);
  const [ids, setIds] = useAtom(watchlistAtom);
  const showToast = useSetAtom(toastAtom);
  const [busy, setBusy] = useState(false);
  const saved = ids.includes(carId);
  if (!inStock && !saved) return null;

  const onClick = async () => {
    if (!canSaveToWatchlist(session) || !session.phone) {
      window.location.assign(watchlistSignInUrl(window.location.pathname + window.location.search));
      return;
    }
    const { action } = toggleWatchlist(ids, carId);
    setBusy(true);
    setIds((current) => toggleWatchlist(current, carId).ids);
    const { syncWatchlistEntry } = await import("./watchlist-action");
    await syncWatchlistEntry({ action, phone: session.phone, carId, carName, setIds, setBusy, showToast });
  };

  return (
    <button type="button" className={className} aria-pressed={saved} aria-busy={busy || undefined} aria-label={`Watchlist: ${carName}`} onClick={onClick}>
      {saved ? "★ Saved" : "☆ Watchlist"}
    </button>
  );
}
