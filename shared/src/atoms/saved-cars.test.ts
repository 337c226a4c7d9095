import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  COMPARE_LIMIT_MESSAGE,
  compareIdsAtom,
  compareNoticeAtom,
  favouritesAtom,
  recordViewedCarAtom,
  SAVED_CAR_STORAGE_KEYS,
  toggleCompareAtom,
  toggleFavouriteAtom,
  VIEWED_CARS_LIMIT,
  viewedCarsAtom,
} from "./saved-cars";

/** The browser's localStorage and window events, enough for the atoms' storage and the storage event. */
function fakeBrowser() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  const events = new EventTarget();
  Object.assign(globalThis, { localStorage: storage, window: events });
  return { storage, events };
}

const favourite = (id: number) => ({ id, name: `Car ${id}`, slug: `car-${id}`, make: "Kia", model: "Rio", primary_image_url: null });
const viewed = (id: number) => ({ id, stocknum: `S${id}`, make: "Kia", model: "Rio", body: null, simple_body: "Hatch" });

let browser: ReturnType<typeof fakeBrowser>;
beforeEach(() => {
  browser = fakeBrowser();
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, "localStorage");
  Reflect.deleteProperty(globalThis, "window");
});

describe("device lists", () => {
  it("start unknown (the server's neutral state), read storage on mount, dropping malformed entries", () => {
    browser.storage.setItem(SAVED_CAR_STORAGE_KEYS.favourites, JSON.stringify([favourite(1), { id: "2" }, null, favourite(3)]));
    const store = createStore();
    expect(store.get(favouritesAtom)).toBeNull();
    const stop = store.sub(favouritesAtom, () => {});
    expect(store.get(favouritesAtom)?.map((entry) => entry.id)).toEqual([1, 3]);
    stop();
  });

  it("a toggle keeps what the device held even when nothing on the page showed the list", () => {
    browser.storage.setItem(SAVED_CAR_STORAGE_KEYS.favourites, JSON.stringify([favourite(1)]));
    const store = createStore();
    store.set(toggleFavouriteAtom, favourite(2));
    expect(JSON.parse(browser.storage.getItem(SAVED_CAR_STORAGE_KEYS.favourites) ?? "")).toEqual([favourite(1), favourite(2)]);
    store.set(toggleFavouriteAtom, favourite(1));
    expect(store.get(favouritesAtom)).toEqual([favourite(2)]);
  });

  it("compare holds 4 cars: a 5th is refused with the message, a removal clears it", () => {
    const store = createStore();
    for (const id of [1, 2, 3, 4]) expect(store.set(toggleCompareAtom, id)).toBe("added");
    expect(store.set(toggleCompareAtom, 5)).toBe("full");
    expect(store.get(compareIdsAtom)).toEqual([1, 2, 3, 4]);
    expect(store.get(compareNoticeAtom)).toBe(COMPARE_LIMIT_MESSAGE);
    expect(store.set(toggleCompareAtom, 2)).toBe("removed");
    expect(store.get(compareNoticeAtom)).toBeNull();
    expect(store.set(toggleCompareAtom, 5)).toBe("added");
    expect(JSON.parse(browser.storage.getItem(SAVED_CAR_STORAGE_KEYS.compare) ?? "")).toEqual([1, 3, 4, 5]);
  });

  it("another tab's change arrives through the storage event", () => {
    const store = createStore();
    const stop = store.sub(compareIdsAtom, () => {});
    browser.storage.setItem(SAVED_CAR_STORAGE_KEYS.compare, JSON.stringify([7]));
    browser.events.dispatchEvent(Object.assign(new Event("storage"), { key: SAVED_CAR_STORAGE_KEYS.compare }));
    expect(store.get(compareIdsAtom)).toEqual([7]);
    stop();
  });

  it("viewed cars: most recent first, one record per car, the oldest dropped past the limit", () => {
    const store = createStore();
    for (let id = 1; id <= VIEWED_CARS_LIMIT + 2; id++) store.set(recordViewedCarAtom, viewed(id));
    store.set(recordViewedCarAtom, viewed(5));
    const ids = store.get(viewedCarsAtom)?.map((entry) => entry.id);
    expect(ids?.slice(0, 3)).toEqual([5, VIEWED_CARS_LIMIT + 2, VIEWED_CARS_LIMIT + 1]);
    expect(ids).toHaveLength(VIEWED_CARS_LIMIT);
    expect(new Set(ids).size).toBe(VIEWED_CARS_LIMIT);
  });
});
