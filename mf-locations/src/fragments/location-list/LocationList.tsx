import { useId } from "react";
import { LocationCard } from "../../locations/LocationCard";
import { Carousel, CarouselControls, CarouselTrack } from "../../ui/Carousel";
import type { LocationListProps } from "./props";

export type { LocationListProps } from "./props";

/**
 * The location block: one location is a card with its map and details; several are a grid whose columns
 * follow the count; several dealerships' locations are a carousel with a swipe hint and previous/next.
 */
export default function LocationList({ heading, layout, columns, locations }: LocationListProps) {
  const id = useId();
  return (
    <section className={`location-list location-list--${layout}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="location-list__heading">
        {heading}
      </h2>
      {locations.length === 0 ? (
        <p className="location-list__empty">No locations to show.</p>
      ) : layout === "single" && locations[0] ? (
        <LocationCard card={locations[0]} />
      ) : layout === "carousel" ? (
        <Carousel label={heading} count={locations.length}>
          <CarouselTrack>
            {locations.map((location, index) => (
              <li key={location.id} className="carousel__item" aria-roledescription="slide" aria-label={`${index + 1} of ${locations.length}`}>
                <LocationCard card={location} />
              </li>
            ))}
          </CarouselTrack>
          <CarouselControls />
        </Carousel>
      ) : (
        <ul className={`location-list__grid location-list__grid--cols-${columns}`} data-columns={columns}>
          {locations.map((location) => (
            <li key={location.id}>
              <LocationCard card={location} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
