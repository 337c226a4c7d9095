import { Location } from "../location-list/LocationList";
import type { LocationCard } from "../location-list/props";

export type VehicleLocationProps = { location: LocationCard | null };

/** Where the car is, at the page's #vehicle-map anchor: address, phone, today's hours and directions. */
export default function VehicleLocation({ location }: VehicleLocationProps) {
  if (!location) return null;
  return (
    <section id="vehicle-map" className="vehicle-location" aria-labelledby="vehicle-location-title">
      <h2 id="vehicle-location-title">Vehicle location</h2>
      <ul className="location-list__items">
        <Location location={location} />
      </ul>
    </section>
  );
}
