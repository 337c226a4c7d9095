import type { VehicleInteractiveProps } from "./props";
import { STICKY_BAR_OPEN_AFTER_PX, useScrolledPast } from "./StickyBars";

export type StickyBarProps = { sticky: VehicleInteractiveProps["sticky"]; phone: string | null };

/** Phones only (CSS): reserve, enquire and call within thumb reach. */
export function StickyBar({ sticky, phone }: StickyBarProps) {
  const open = useScrolledPast(STICKY_BAR_OPEN_AFTER_PX);
  // The first action (reserve, else enquire) is the primary button; the others outlined.
  const action = (primary: boolean) => `button${primary ? " button--primary" : ""} vehicle-sticky-bar__action`;
  return (
    <nav className={`vehicle-sticky-bar${open ? " vehicle-sticky-bar--open" : ""}`} aria-label="Quick actions">
      {sticky.reserve && (
        <a className={action(true)} href={sticky.reserve.href}>
          {sticky.reserve.label}
        </a>
      )}
      <a className={action(!sticky.reserve)} href={sticky.enquireHref}>
        Enquire
      </a>
      {phone && (
        <a className={action(false)} href={`tel:${phone.replace(/\s+/g, "")}`}>
          Call
        </a>
      )}
    </nav>
  );
}
