import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
// By its package name, not "../atoms": the atoms module is a federation singleton only under that name (ADR 0002).
import { sessionAtom, toastAtom, watchlistAtom } from "@dealer/shared/atoms";

/**
 * Save to / remove from the watchlist, on search cards, the vehicle page and the watchlist itself. Every button
 * reads the one watchlistAtom, so all of a page's buttons for a car agree at once. What a click does (the server call,
 * the toast, sign-in for a signed-out shopper) loads on the first click (watchlist-action.ts): no page's first load
 * carries it. A sold car shows the button only if saved.
 */
export function WatchlistButton({ carId, carName, inStock, className = "watchlist-button" }: { carId: number; carName: string; inStock: boolean; className?: string }) {
  const session = useAtomValue(sessionAtom);
  const [ids, setIds] = useAtom(watchlistAtom);
  const showToast = useSetAtom(toastAtom);
  const [busy, setBusy] = useState(false);
  const saved = ids.includes(carId);
  if (!inStock && !saved) return null;

  const onClick = async () => {
    const { toggleWatchlistEntry } = await import("./watchlist-action");
    await toggleWatchlistEntry({ session, ids, carId, carName, setIds, setBusy, showToast });
  };

  return (
    <button type="button" className={className} aria-pressed={saved} aria-busy={busy || undefined} aria-label={`Watchlist: ${carName}`} onClick={onClick}>
      {saved ? "★ Saved" : "☆ Watchlist"}
    </button>
  );
}
