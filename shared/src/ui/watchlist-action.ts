import { WATCHLIST_PATH } from "../rules/accounts";
import { toggleWatchlist, watchlistToast } from "../rules/watchlist";

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

export type WatchlistSync = {
  action: "saved" | "removed";
  phone: string;
  carId: number;
  carName: string;
  setIds: (change: (current: number[]) => number[]) => void;
  setBusy: (busy: boolean) => void;
  showToast: (toast: { title: string; body: string; action: { label: string; href: string } }) => void;
};

/**
 * The server side of a watchlist click whose list already changed (loaded on the first click, ADR 0048): a failure
 * puts the list back and alerts the error, a success shows the toast.
 */
export async function syncWatchlistEntry({ action, phone, carId, carName, setIds, setBusy, showToast }: WatchlistSync): Promise<void> {
  const error = await callWatchlist(action, phone, carId);
  setBusy(false);
  if (error) {
    setIds((current) => (current.includes(carId) === (action === "saved") ? toggleWatchlist(current, carId).ids : current));
    window.alert(error);
    return;
  }
  const toast = watchlistToast(action, carName);
  showToast({ title: toast.title, body: toast.body, action: { label: toast.action, href: WATCHLIST_PATH } });
}
