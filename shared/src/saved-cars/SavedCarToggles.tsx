// The atoms come through their public name: the browser shares that module once per page (ADR 0002), so every
// remote's buttons read and write the same lists.
import { compareIdsAtom, favouritesAtom, toggleCompareAtom, toggleFavouriteAtom } from "@dealer/shared/atoms";
import { useAtomValue, useSetAtom } from "jotai";
import type { Favourite } from "../contract/user";

/**
 * The favourite and compare toggles of cards and the vehicle page (ADR 0018). Each is a plain button whose size does
 * not depend on its state, so reading the device's lists after hydration moves nothing on the page.
 */
export function FavouriteToggle({ car, className = "" }: { car: Favourite; className?: string }) {
  const saved = useAtomValue(favouritesAtom).some((entry) => entry.id === car.id);
  const toggle = useSetAtom(toggleFavouriteAtom);
  return (
    <button type="button" className={`saved-toggle saved-toggle--favourite ${className}`} aria-pressed={saved} aria-label={`Favourite ${car.name}`} onClick={() => toggle(car)}>
      <span aria-hidden="true">{saved ? "♥" : "♡"}</span> Favourite
    </button>
  );
}

export function CompareToggle({ id, name, className = "" }: { id: number; name: string; className?: string }) {
  const chosen = useAtomValue(compareIdsAtom).includes(id);
  const toggle = useSetAtom(toggleCompareAtom);
  return (
    <button type="button" className={`saved-toggle saved-toggle--compare ${className}`} aria-pressed={chosen} aria-label={`Compare ${name}`} onClick={() => toggle(id)}>
      <span aria-hidden="true">{chosen ? "✓" : "+"}</span> Compare
    </button>
  );
}
