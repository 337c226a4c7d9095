import { CompareToggle, FavouriteToggle } from "@dealer/shared/saved-cars";
import type { ResultCard } from "./result-card";

/** A card's favourite and compare toggles, where the button rules show them (state shared page-wide, ADR 0018). */
export function CardSavedToggles({ card }: { card: ResultCard }) {
  if (!card.favourite && !card.compare) return null;
  return (
    <div className="card__toggles">
      {card.favourite && <FavouriteToggle car={{ id: card.id, ...card.saved }} name={card.title} />}
      {card.compare && <CompareToggle id={card.id} name={card.title} />}
    </div>
  );
}
