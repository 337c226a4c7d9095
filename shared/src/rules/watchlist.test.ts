import { describe, expect, it } from "vitest";
import { canSaveToWatchlist, toggleWatchlist, watchlistSignInUrl, watchlistToast } from "./watchlist";

describe("watchlist", () => {
  it("saving needs a signed-in user with a phone", () => {
    expect(canSaveToWatchlist({ userId: "u1", phone: "0412345678" })).toBe(true);
    expect(canSaveToWatchlist({ userId: "u1", phone: null })).toBe(false);
    expect(canSaveToWatchlist({ userId: null, phone: null })).toBe(false);
    expect(watchlistSignInUrl("/cars/a")).toBe("/sign-in?type=watchlist&redirect=%2Fcars%2Fa&back=%2Fcars%2Fa");
  });
  it("toasts", () => {
    expect(watchlistToast("saved", "2021 Toyota Corolla")).toEqual({
      title: "Car Saved In Watchlist", body: "2021 Toyota Corolla is now available in your watchlist", action: "View List",
    });
    expect(watchlistToast("removed", "X").title).toBe("Car Removed");
  });
  it("toggle", () => {
    expect(toggleWatchlist([1, 2], 3)).toEqual({ ids: [1, 2, 3], action: "saved" });
    expect(toggleWatchlist([1, 2], 1)).toEqual({ ids: [2], action: "removed" });
  });
});
