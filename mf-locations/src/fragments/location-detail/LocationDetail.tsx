import { useId, useState } from "react";
import { Address, HolidayHours, Hours, HoursTable, Licences, Phones } from "../../locations/LocationCard";
import { LocationsMap } from "../../locations-map/LocationsMap";
import { StarRating } from "../../ui/StarRating";
import type { LocationDetailProps } from "./props";

export type { LocationDetailProps } from "./props";

/** /our-location/{slug}: the location's details, map, rating, and its hours per department. */
export default function LocationDetail({ card, departments, initialType, rating, map, jsonLd }: LocationDetailProps) {
  const id = useId();
  const [type, setType] = useState(initialType);
  const [selected, setSelected] = useState<number | null>(null);
  const shown = departments.find((department) => department.type === type) ?? departments[0];
  return (
    <article className="location-detail" aria-labelledby={`${id}-name`}>
      {/* A data block, never executed: built by locationJsonLd, which escapes "<". */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON text */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <h1 id={`${id}-name`}>{card.name}</h1>
      {rating ? (
        <p className="location-detail__rating">
          <StarRating rating={rating.average} /> <strong>{rating.average.toFixed(1)}</strong> {`from ${rating.count.toLocaleString("en-AU")} reviews`}
        </p>
      ) : null}
      <div className="location-detail__columns">
        <div>
          <Address card={card} />
          <Phones card={card} />
          <Licences card={card} />
          <section aria-labelledby={`${id}-hours`} className="location-detail__hours">
            <h2 id={`${id}-hours`}>Opening hours</h2>
            {departments.length > 1 ? (
              <p>
                <label htmlFor={`${id}-type`}>Department </label>
                <select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value)}>
                  {departments.map((department) => (
                    <option key={department.type} value={department.type}>
                      {department.label}
                    </option>
                  ))}
                </select>
              </p>
            ) : null}
            {shown ? (
              <>
                <p className="location-card__today">
                  <span className="location-card__today-label">{card.today.holiday ? `Today (${card.today.holiday}): ` : "Today: "}</span>
                  <Hours hours={shown.today} />
                </p>
                <HoursTable lines={shown.lines} caption={`${shown.label} opening hours`} />
              </>
            ) : (
              <p>Closed</p>
            )}
            <HolidayHours card={card} />
          </section>
          <p className="location-card__links">
            <a className="location-card__directions" href={card.directionsUrl} target="_blank" rel="noopener noreferrer">
              Get directions<span className="visually-hidden">{` to ${card.name} (opens in a new tab)`}</span>
            </a>
          </p>
        </div>
        <LocationsMap id={`${id}-map`} map={map} locations={[card]} selected={selected} onSelect={setSelected} label={`Map of ${card.name}`} priority />
      </div>
    </article>
  );
}
