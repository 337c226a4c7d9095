import { useId, useState } from "react";
import { DialogButton } from "../ui/Dialog";
import type { HoursLine, HoursText, LocationCardView } from "./card";

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export function Hours({ hours }: { hours: HoursText }) {
  return hours.href ? <a href={hours.href}>{hours.text}</a> : hours.text;
}

export function HoursTable({ lines, caption }: { lines: HoursLine[]; caption: string }) {
  return (
    <table className="hours-table">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.days}>
            <th scope="row">{line.days}</th>
            <td>
              <Hours hours={line.hours} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HolidayHours({ card }: { card: Pick<LocationCardView, "name" | "holidays"> }) {
  if (!card.holidays.length) return null;
  return (
    <DialogButton label="Holiday Hours" title={`Holiday Hours: ${card.name}`} className="location-card__link-button">
      <table className="hours-table">
        <tbody>
          {card.holidays.map((day) => (
            <tr key={day.date}>
              <th scope="row">
                {day.label}
                {day.name ? <span className="hours-table__note"> ({day.name})</span> : null}
              </th>
              <td>{day.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </DialogButton>
  );
}

/** "Open now · closes 5:30 PM", or when it opens next (the hours rule, on the location's clock). */
export function OpenStatus({ card }: { card: Pick<LocationCardView, "status"> }) {
  if (!card.status) return null;
  return (
    <p className="location-card__status" data-open={card.status.open ? "true" : "false"}>
      {card.status.text}
    </p>
  );
}

export function Address({ card }: { card: Pick<LocationCardView, "address"> }) {
  const { address } = card;
  return (
    <address className="location-card__address">
      {address.street}
      <br />
      {`${address.city} ${address.state} ${address.postcode}`}
    </address>
  );
}

export function Phones({ card }: { card: Pick<LocationCardView, "phone" | "landline"> }) {
  // A location without a phone shows no empty call link (an unnamed link fails WCAG 2.4.4).
  if (!card.phone && !card.landline) return null;
  return (
    <p className="location-card__phone">
      {card.phone ? <a href={telHref(card.phone)}>{card.phone}</a> : null}
      {card.landline ? (
        <>
          {" "}
          <span>
            Landline: <a href={telHref(card.landline)}>{card.landline}</a>
          </span>
        </>
      ) : null}
    </p>
  );
}

export function Licences({ card }: { card: Pick<LocationCardView, "licences"> }) {
  if (!card.licences.length) return null;
  return (
    <dl className="location-card__licences">
      {card.licences.map((licence) => (
        <div key={licence.label}>
          <dt>{licence.label}</dt>
          <dd>{licence.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where a list with a map shows it: the card's "Show on map" link selects the location there. */
type OnMap = { mapId?: string; selected?: number | null; onShowOnMap?: (id: number) => void };

/**
 * A location's card: map, address, phone, today's hours in its own time zone, the week behind a toggle,
 * holiday hours in a dialog, licence numbers where the dealer shows them, directions and details links.
 */
export function LocationCard({ card, distance, mapId, selected, onShowOnMap }: { card: LocationCardView; distance?: number | undefined } & OnMap) {
  const id = useId();
  const [showWeek, setShowWeek] = useState(false);
  return (
    <article className="location-card" aria-labelledby={`${id}-name`} data-selected={selected === card.id ? "true" : undefined}>
      <img className="location-card__map" src={card.map.src} alt={card.map.alt} width={600} height={400} loading="lazy" decoding="async" />
      <h3 id={`${id}-name`} className="location-card__name">
        {card.name}
      </h3>
      {distance !== undefined ? <p className="location-card__distance">{`${distance.toLocaleString("en-AU")} km away`}</p> : null}
      <OpenStatus card={card} />
      <Address card={card} />
      <Phones card={card} />
      <p className="location-card__today">
        <span className="location-card__today-label">{card.today.holiday ? `Today (${card.today.holiday}): ` : "Today: "}</span>
        <Hours hours={card.today.hours} />
      </p>
      <button type="button" className="location-card__hours-toggle" aria-expanded={showWeek} aria-controls={`${id}-week`} onClick={() => setShowWeek(!showWeek)}>
        {showWeek ? "Hide hours" : "Show all hours"}
      </button>
      <div id={`${id}-week`} className="location-card__week" hidden={!showWeek}>
        <HoursTable lines={card.week} caption={`Opening hours of ${card.name}`} />
      </div>
      <HolidayHours card={card} />
      <Licences card={card} />
      <p className="location-card__links">
        <a className="location-card__directions" href={card.directionsUrl} target="_blank" rel="noopener noreferrer">
          Get directions<span className="visually-hidden">{` to ${card.name} (opens in a new tab)`}</span>
        </a>
        <a className="location-card__details" href={card.detailsHref}>
          View details<span className="visually-hidden">{` of ${card.name}`}</span>
        </a>
        {mapId ? (
          // A link, so without a script it still takes the shopper to the map.
          <a className="location-card__show-on-map" href={`#${mapId}`} onClick={() => onShowOnMap?.(card.id)}>
            Show on map<span className="visually-hidden">{`: ${card.name}`}</span>
          </a>
        ) : null}
      </p>
    </article>
  );
}
