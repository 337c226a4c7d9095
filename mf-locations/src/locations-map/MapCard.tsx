import { Address, OpenStatus } from "../locations/LocationCard";
import type { LocationCardView } from "../locations/card";

/** The card a pin opens: the location's name, whether it is open now (the hours rule), its address and links. */
export function MapCard({ id, card, onClose }: { id: string; card: LocationCardView; onClose: () => void }) {
  return (
    <section id={id} className="map-card" aria-label={card.name}>
      <p className="map-card__name">{card.name}</p>
      <OpenStatus card={card} />
      <Address card={card} />
      <p className="map-card__links">
        <a href={card.detailsHref}>
          View details<span className="visually-hidden">{` of ${card.name}`}</span>
        </a>
        <a href={card.directionsUrl} target="_blank" rel="noopener noreferrer">
          Get directions<span className="visually-hidden">{` to ${card.name} (opens in a new tab)`}</span>
        </a>
      </p>
      <button type="button" className="map-card__close" aria-label={`Close ${card.name}`} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
