import { LocationCard } from "../../locations/LocationCard";
import type { LocationCardView } from "../../locations/card";

export type VehicleLocationProps = { location: LocationCardView | null };

/** Where the car is, at the page's #vehicle-map anchor: the location's card (address, phone, hours, directions). */
export default function VehicleLocation({ location }: VehicleLocationProps) {
  if (!location) return null;
  return (
    <section id="vehicle-map" className="vehicle-location location-list" aria-labelledby="vehicle-location-title">
      <h2 id="vehicle-location-title">Vehicle location</h2>
      <ul className="location-list__items">
        <li>
          <LocationCard card={location} />
        </li>
      </ul>
    </section>
  );
}
