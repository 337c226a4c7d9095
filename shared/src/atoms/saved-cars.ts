import { atom, type Getter, type Setter, type WritableAtom } from "jotai";
import type { Favourite, ViewedCar } from "../contract/user";

/**
 * Favourites, the compare list and the viewed-car records: kept on the shopper's device (localStorage), shared by
 * every slot on the page through one store, and the same in every tab (the storage event).
 *
 * The server cannot know what a device saved, so these atoms start null (unknown: the server renders the neutral
 * state) and read storage when the first component that shows them mounts, i.e. after hydration. A slot that hydrates
 * later must still hydrate the neutral state: components read them through useDeviceList (@dealer/shared/saved-cars).
 * The browser bundle stays zod-free, so stored entries are checked by hand and anything malformed is dropped.
 */
export const COMPARE_LIMIT = 4;
export const COMPARE_LIMIT_MESSAGE = `You can compare up to ${COMPARE_LIMIT} cars. Remove one from the compare list to add another.`;
/** Most recent first; older records fall off. */
export const VIEWED_CARS_LIMIT = 12;

export const SAVED_CAR_STORAGE_KEYS = { favourites: "favourites", compare: "compareCars", viewed: "viewedCars" } as const;

type Load = { load: true };
/** null until this page has read the device's storage. */
export type DeviceList<T> = WritableAtom<T[] | null, [T[] | Load], void>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isId = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value > 0;
const isText = (value: unknown): value is string => typeof value === "string";
const optionalText = (value: unknown): string | null => (typeof value === "string" ? value : null);

export function readFavourite(entry: unknown): Favourite | null {
  if (!isRecord(entry) || !isId(entry.id) || !isText(entry.name) || !isText(entry.slug) || !isText(entry.make) || !isText(entry.model)) return null;
  return { id: entry.id, name: entry.name, slug: entry.slug, make: entry.make, model: entry.model, primary_image_url: optionalText(entry.primary_image_url) };
}

export function readViewedCar(entry: unknown): ViewedCar | null {
  if (!isRecord(entry) || !isId(entry.id) || !isText(entry.stocknum) || !isText(entry.make) || !isText(entry.model)) return null;
  return { id: entry.id, stocknum: entry.stocknum, make: entry.make, model: entry.model, body: optionalText(entry.body), simple_body: optionalText(entry.simple_body) };
}

const readCompareId = (entry: unknown): number | null => (isId(entry) ? entry : null);

function readStored<T>(key: string, readEntry: (entry: unknown) => T | null, limit: number): T[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(stored) ? stored.flatMap((entry) => readEntry(entry) ?? []).slice(0, limit) : [];
  } catch {
    return [];
  }
}

/** A list kept under one storage key: null until mounted, then the device's, then every tab's latest. */
function deviceListAtom<T>(key: string, readEntry: (entry: unknown) => T | null, limit: number): DeviceList<T> {
  const listAtom = atom<T[] | null>(null);
  const deviceAtom: DeviceList<T> = atom(
    (get) => get(listAtom),
    (_get, set, next) => {
      if ("load" in next) return set(listAtom, readStored(key, readEntry, limit));
      set(listAtom, next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch (error) {
        // Storage full or off (private mode): the page keeps the change until it is left.
        console.warn(`[saved-cars] could not store ${key}`, error);
      }
    },
  );
  deviceAtom.onMount = (set) => {
    set({ load: true });
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) set({ load: true });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  };
  return deviceAtom;
}

export const favouritesAtom = deviceListAtom(SAVED_CAR_STORAGE_KEYS.favourites, readFavourite, Number.POSITIVE_INFINITY);
/** Car ids, in the order they were added. */
export const compareIdsAtom = deviceListAtom(SAVED_CAR_STORAGE_KEYS.compare, readCompareId, COMPARE_LIMIT);
export const viewedCarsAtom = deviceListAtom(SAVED_CAR_STORAGE_KEYS.viewed, readViewedCar, VIEWED_CARS_LIMIT);

/** A list to change: read from the device first if nothing on the page has shown it yet, so no change drops what it held. */
function current<T>(get: Getter, set: Setter, list: DeviceList<T>): T[] {
  if (get(list) === null) set(list, { load: true });
  return get(list) ?? [];
}

/** The compare limit message while it applies; cleared by the next compare change. */
export const compareNoticeAtom = atom<string | null>(null);

export const toggleFavouriteAtom = atom(null, (get, set, favourite: Favourite) => {
  const list = current(get, set, favouritesAtom);
  const saved = list.some((entry) => entry.id === favourite.id);
  set(favouritesAtom, saved ? list.filter((entry) => entry.id !== favourite.id) : [...list, favourite]);
});

export type CompareToggle = "added" | "removed" | "full";

/** Adds or removes a car; a fifth car is refused with the limit message. */
export const toggleCompareAtom = atom(null, (get, set, id: number): CompareToggle => {
  const list = current(get, set, compareIdsAtom);
  if (list.includes(id)) {
    set(compareIdsAtom, list.filter((entry) => entry !== id));
    set(compareNoticeAtom, null);
    return "removed";
  }
  if (list.length >= COMPARE_LIMIT) {
    set(compareNoticeAtom, COMPARE_LIMIT_MESSAGE);
    return "full";
  }
  set(compareIdsAtom, [...list, id]);
  set(compareNoticeAtom, null);
  return "added";
});

/** The vehicle page records each view: most recent first, one record per car. */
export const recordViewedCarAtom = atom(null, (get, set, record: ViewedCar) => {
  // Always from storage: another tab may have recorded a view since this page read the list.
  set(viewedCarsAtom, { load: true });
  const list = current(get, set, viewedCarsAtom);
  set(viewedCarsAtom, [record, ...list.filter((entry) => entry.id !== record.id)].slice(0, VIEWED_CARS_LIMIT));
});
