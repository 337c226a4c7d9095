import { COMPARE_LIMIT, compareIdsAtom, compareNoticeAtom, favouritesAtom } from "@dealer/shared/atoms";
import { useDeviceList } from "@dealer/shared/saved-cars";
import { useAtomValue } from "jotai";

export const FAVOURITES_PATH = "/favourites";
export const COMPARE_PATH = "/compare";

/**
 * The header's Favourites link and the compare tray (ADR 0018). Both count what this device saved, read after
 * hydration; the count badge keeps its room while empty and the tray is fixed to the viewport, so neither moves
 * the page when the counts arrive.
 */
export function SavedCarsLinks() {
  const favourites = useDeviceList(favouritesAtom)?.length ?? 0;
  const compare = useDeviceList(compareIdsAtom)?.length ?? 0;
  const notice = useAtomValue(compareNoticeAtom);
  return (
    <>
      <a className="shell-header__saved" href={FAVOURITES_PATH}>
        Favourites
        <span className="saved-count" data-empty={favourites === 0 ? "true" : "false"}>
          {favourites > 0 && <span className="visually-hidden">: </span>}
          {favourites || ""}
        </span>
      </a>
      <section className="compare-tray" hidden={compare === 0} aria-label="Compare list">
        <a className="compare-tray__link" href={COMPARE_PATH}>
          Compare {compare} of {COMPARE_LIMIT} cars
        </a>
        <p className="compare-tray__notice" role="status">
          {notice}
        </p>
      </section>
    </>
  );
}
