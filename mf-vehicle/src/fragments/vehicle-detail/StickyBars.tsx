import { useEffect, useState } from "react";
import type { VehicleInteractiveProps } from "./props";

/** Sticky header after 500 px of scrolling; the phone bar opens after 900 px (spec constants). */
export const STICKY_HEADER_AFTER_PX = 500;
export const STICKY_BAR_OPEN_AFTER_PX = 900;

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [px]);
  return past;
}

type Sticky = VehicleInteractiveProps["sticky"];

export function StickyHeader({ title, sticky }: { title: string; sticky: Sticky }) {
  const shown = useScrolledPast(STICKY_HEADER_AFTER_PX);
  return (
    <div className="vehicle-sticky-header" hidden={!shown} data-testid="sticky-header">
      {sticky.image && <img className="vehicle-sticky-header__image" src={sticky.image} alt="" width={96} height={64} loading="lazy" />}
      <div className="vehicle-sticky-header__text">
        <p className="vehicle-sticky-header__name">{title}</p>
        {sticky.summary && <p className="vehicle-sticky-header__summary">{sticky.summary}</p>}
      </div>
      <p className="vehicle-sticky-header__price">
        {sticky.priceText}
        {sticky.priceType && <span className="vehicle-sticky-header__price-type"> {sticky.priceType}</span>}
        {sticky.weekly && <span className="vehicle-sticky-header__weekly">Finance from {sticky.weekly}</span>}
      </p>
      <div className="vehicle-sticky-header__actions">
        {sticky.financeHref && (
          <a className="vehicle-button vehicle-button--finance" href={sticky.financeHref}>
            Get Finance
          </a>
        )}
        {sticky.tradeInHref && (
          <a className="vehicle-button vehicle-button--tradeIn" href={sticky.tradeInHref}>
            Trade-In Valuation
          </a>
        )}
      </div>
    </div>
  );
}

/** Phones only (CSS): reserve, enquire and call within thumb reach. */
export function StickyBar({ sticky, phone }: { sticky: Sticky; phone: string | null }) {
  const open = useScrolledPast(STICKY_BAR_OPEN_AFTER_PX);
  return (
    <nav className={`vehicle-sticky-bar${open ? " vehicle-sticky-bar--open" : ""}`} aria-label="Quick actions">
      {sticky.reserve && (
        <a className="vehicle-sticky-bar__action" href={sticky.reserve.href}>
          {sticky.reserve.label}
        </a>
      )}
      <a className="vehicle-sticky-bar__action" href={sticky.enquireHref}>
        Enquire
      </a>
      {phone && (
        <a className="vehicle-sticky-bar__action" href={`tel:${phone.replace(/\s+/g, "")}`}>
          Call
        </a>
      )}
    </nav>
  );
}
