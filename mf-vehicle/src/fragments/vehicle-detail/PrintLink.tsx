import { VEHICLE_EVENTS } from "../../analytics-events";

/** The printable page opens in a new tab (spec §2 routes); a plain link, so it needs no JavaScript. */
export function PrintLink({ href }: { href: string }) {
  return (
    <a className="vehicle-print-link" href={href} target="_blank" rel="noopener" data-analytics-event={VEHICLE_EVENTS.print}>
      Print<span className="visually-hidden"> this vehicle (opens in a new tab)</span>
    </a>
  );
}
