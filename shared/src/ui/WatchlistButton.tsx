import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
// By its package name, not "../atoms": the atoms module is a federation singleton only under that name (ADR 0002).
import { sessionAtom, toastAtom, watchlistAtom } from "@dealer/shared/atoms";
import { canSaveToWatchlist, toggleWatchlist, watchlistSignInUrl, watchlistToast } from "../rules/watchlist";
import { WATCHLIST_PATH } from "../rules/accounts";

// Type-checked against the contract without importing it at run time (zod stays out of the browser, ADR 0008).
type WatchlistResponse = import("../contract/user").WatchlistResponse;
const FAILED = "Sorry, we couldn't update your watchlist. Please try again.";

/** The watchlist call (search-and-vehicle.md §7); resolves to the error message, or null on success. */
async function callWatchlist(action: "saved" | "removed", phone: string, carId: number): Promise<string | null> {
  try {
    const response = await fetch(`/api/watchlist/${action === "saved" ? "save-car" : "remove-car"}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ phone_number: phone, car_id: carId }),
    });
    const answer = (await response.json().catch(() => ({}))) as Partial<WatchlistResponse>;
    return response.ok && answer.success ? null : (answer.message ?? FAILED);
  } catch {
    return FAILED;
  }
}

/**
 * Save to / remove from the watchlist, on search cards, the vehicle page and the watchlist itself. Every button
 * reads the one watchlistAtom, so all of a page's buttons for a car agree at once. The list changes at once,
 * then the server call; a failure puts it back and alerts the error. A sold car shows the button only if saved;
 * a signed-out shopper goes to sign-in and comes back.
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
    const error = await callWatchlist(action, session.phone, carId);
    setBusy(false);
    if (error) {
      setIds((current) => (current.includes(carId) === (action === "saved") ? toggleWatchlist(current, carId).ids : current));
      window.alert(error);
      return;
    }
    const toast = watchlistToast(action, carName);
    showToast({ title: toast.title, body: toast.body, action: { label: toast.action, href: WATCHLIST_PATH } });
  };

  return (
    <button type="button" className={className} aria-pressed={saved} aria-busy={busy || undefined} aria-label={`Watchlist: ${carName}`} onClick={onClick}>
      {saved ? "★ Saved" : "☆ Watchlist"}
    </button>
  );
}
