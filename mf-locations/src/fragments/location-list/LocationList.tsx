import { type ChangeEvent, useId, useState } from "react";
import { LocationCard } from "../../locations/LocationCard";
import { LocationsMap } from "../../locations-map/LocationsMap";
import { Carousel, CarouselControls, CarouselTrack } from "../../ui/Carousel";
import type { LocationListProps, LocatorState } from "./props";

export type { LocationListProps } from "./props";

const DEPARTMENTS = [
  ["all", "All departments"],
  ["sales", "Sales"],
  ["service", "Service"],
  ["parts", "Parts"],
  ["service-and-parts", "Service and parts"],
] as const;

/** A choice in a select applies at once (Find stays for the postcode, and for the page before its script). */
const submitOnChange = (event: ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();

/** The dealer locator's filters: a plain GET form, so it works before the page's script has loaded. */
function LocatorForm({ locator }: { locator: LocatorState }) {
  const id = useId();
  return (
    <form className="locator" method="get" aria-label="Find a dealership">
      <input type="hidden" name="locator" value="true" />
      <p>
        <label htmlFor={`${id}-filter`}>Department</label>
        <select id={`${id}-filter`} name="filter" defaultValue={locator.filter} onChange={submitOnChange}>
          {DEPARTMENTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </p>
      <p>
        <label htmlFor={`${id}-state`}>State</label>
        <select id={`${id}-state`} name="state" defaultValue={locator.state} onChange={submitOnChange}>
          <option value="">All states</option>
          {locator.states.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </select>
      </p>
      <p>
        <label htmlFor={`${id}-postcode`}>Nearest to postcode</label>
        <input
          id={`${id}-postcode`}
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          defaultValue={locator.postcode}
          aria-invalid={locator.error ? true : undefined}
          aria-describedby={locator.error ? `${id}-error` : undefined}
        />
      </p>
      <button type="submit" className="locator__submit">
        Find
      </button>
      {locator.error ? (
        <p id={`${id}-error`} className="locator__error" role="alert">
          {locator.error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The location block: one location is a card with its map and details; several are a grid whose columns
 * follow the count; several dealerships' locations are a carousel with a swipe hint and previous/next.
 */
export default function LocationList({ heading, layout, columns, locations, locator, map, jsonLd }: LocationListProps) {
  const id = useId();
  // The location chosen on the map or with a card's "Show on map": its pin and its card are highlighted.
  const [selected, setSelected] = useState<number | null>(null);
  const mapId = `${id}-map`;
  const onMap = map ? { mapId, selected, onShowOnMap: setSelected } : {};
  return (
    <section className={`location-list location-list--${layout}`} aria-labelledby={`${id}-heading`}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON text (serialised safely in json-ld.ts) */}
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} /> : null}
      <h2 id={`${id}-heading`} className="location-list__heading">
        {heading}
      </h2>
      {locator ? <LocatorForm locator={locator} /> : null}
      {map && locations.length ? (
        <LocationsMap id={mapId} map={map} locations={locations} selected={selected} onSelect={setSelected} label={`Map of ${heading.toLowerCase()}`} />
      ) : null}
      {locations.length === 0 ? (
        <p className="location-list__empty">No locations to show.</p>
      ) : layout === "single" && locations[0] ? (
        <LocationCard card={locations[0]} {...onMap} />
      ) : layout === "carousel" ? (
        <Carousel label={heading} count={locations.length}>
          <CarouselTrack>
            {locations.map((location, index) => (
              <li key={location.id} className="carousel__item" aria-roledescription="slide" aria-label={`${index + 1} of ${locations.length}`}>
                <LocationCard card={location} {...onMap} />
              </li>
            ))}
          </CarouselTrack>
          <CarouselControls />
        </Carousel>
      ) : (
        <ul className={`location-list__grid location-list__grid--cols-${columns}`} data-columns={columns}>
          {locations.map((location) => (
            <li key={location.id}>
              <LocationCard card={location} distance={locator?.distances[location.id]} {...onMap} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
