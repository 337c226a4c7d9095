// The atoms come through their public name: the browser shares that module once per page (ADR 0002), so every
// remote's buttons read and write the same lists.
import { compareIdsAtom, type DeviceList, favouritesAtom, toggleCompareAtom, toggleFavouriteAtom } from "@dealer/shared/atoms";
import { useAtomValue, useSetAtom } from "jotai";
import { useSyncExternalStore } from "react";
import type { Favourite } from "../contract/user";

const subscribeToNothing = () => () => {};

/** False while React hydrates server markup (and on the server), true afterwards and in client-only renders. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}

/**
 * A device list as a component may show it: null on the server and while hydrating, so the markup matches what the
 * server sent even when another slot (hydrated earlier) has already read the device's storage; null also until read.
 */
export function useDeviceList<T>(list: DeviceList<T>): T[] | null {
  const value = useAtomValue(list);
  return useHydrated() ? value : null;
}

/**
 * The favourite and compare toggles of cards and the vehicle page (ADR 0018). Each is a plain button whose size does
 * not depend on its state, so reading the device's lists after hydration moves nothing on the page.
 */
/** `name` is the car as the button's surroundings call it (a card's title); the favourite record's name by default. */
export function FavouriteToggle({ car, name = car.name, className = "" }: { car: Favourite; name?: string; className?: string }) {
  const saved = useDeviceList(favouritesAtom)?.some((entry) => entry.id === car.id) ?? false;
  const toggle = useSetAtom(toggleFavouriteAtom);
  return (
    <button type="button" className={`saved-toggle saved-toggle--favourite ${className}`} aria-pressed={saved} aria-label={`Favourite ${name}`} onClick={() => toggle(car)}>
      <span aria-hidden="true">{saved ? "♥" : "♡"}</span> Favourite
    </button>
  );
}

export function CompareToggle({ id, name, className = "" }: { id: number; name: string; className?: string }) {
  const chosen = useDeviceList(compareIdsAtom)?.includes(id) ?? false;
  const toggle = useSetAtom(toggleCompareAtom);
  return (
    <button type="button" className={`saved-toggle saved-toggle--compare ${className}`} aria-pressed={chosen} aria-label={`Compare ${name}`} onClick={() => toggle(id)}>
      <span aria-hidden="true">{chosen ? "✓" : "+"}</span> Compare
    </button>
  );
}
