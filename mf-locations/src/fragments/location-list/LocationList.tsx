import { useId, useState } from "react";
import type { HoursText, LocationCard, LocationListProps } from "./props";

export type { LocationListProps } from "./props";

function Hours({ hours }: { hours: HoursText }) {
  return hours.href ? <a href={hours.href}>{hours.text}</a> : hours.text;
}

export function Location({ location }: { location: LocationCard }) {
  const id = useId();
  const [showWeek, setShowWeek] = useState(false);
  const { address } = location;
  return (
    <li className="location-card">
      <h3 className="location-card__name">{location.name}</h3>
      <address className="location-card__address">
        {location.address.street}
        <br />
        {`${address.city} ${address.state} ${address.postcode}`}
      </address>
      <p className="location-card__phone">
        <a href={`tel:${location.phone.replace(/[^\d+]/g, "")}`}>{location.phone}</a>
      </p>
      <p className="location-card__today">
        <span className="location-card__today-label">{location.today.holiday ? `Today (${location.today.holiday}): ` : "Today: "}</span>
        <Hours hours={location.today.hours} />
      </p>
      <button type="button" className="location-card__hours-toggle" aria-expanded={showWeek} aria-controls={`${id}-week`} onClick={() => setShowWeek(!showWeek)}>
        {showWeek ? "Hide hours" : "Show all hours"}
      </button>
      <dl id={`${id}-week`} className="location-card__week" hidden={!showWeek}>
        {location.week.map((line) => (
          <div key={line.days} className="location-card__week-row">
            <dt>{line.days}</dt>
            <dd>
              <Hours hours={line.hours} />
            </dd>
          </div>
        ))}
      </dl>
      <a className="location-card__directions" href={location.directionsUrl} target="_blank" rel="noopener noreferrer">
        Get directions<span className="visually-hidden">{` to ${location.name} (opens in a new tab)`}</span>
      </a>
    </li>
  );
}

export default function LocationList({ heading, locations }: LocationListProps) {
  const id = useId();
  return (
    <section className="location-list" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="location-list__heading">
        {heading}
      </h2>
      {locations.length === 0 ? (
        <p className="location-list__empty">No locations to show.</p>
      ) : (
        <ul className={`location-list__grid location-list__grid--${Math.min(locations.length, 4)}`}>
          {locations.map((location) => (
            <Location key={location.id} location={location} />
          ))}
        </ul>
      )}
    </section>
  );
}
