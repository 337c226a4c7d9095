import { useState } from "react";
import type { Hotspot } from "../props";

/** The hotspots placed on this angle; each opens its description. */
export function Hotspots({ hotspots, frame }: { hotspots: Hotspot[]; frame: number }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      {hotspots.map((spot) => {
        const at = spot.positions[String(frame)];
        if (!at) return null;
        const expanded = open === spot.id;
        const descriptionId = `hotspot-${spot.id}-description`;
        return (
          <div key={spot.id} className="vehicle-hotspot" style={{ left: `${at.x}%`, top: `${at.y}%` }}>
            <button
              type="button"
              className="vehicle-hotspot__button"
              aria-label={`Hotspot: ${spot.description}`}
              aria-expanded={expanded}
              aria-controls={descriptionId}
              onClick={() => setOpen(expanded ? null : spot.id)}
              onPointerDown={(event) => event.stopPropagation()}
            >
              +
            </button>
            <p id={descriptionId} className="vehicle-hotspot__description" hidden={!expanded}>
              {spot.description}
            </p>
          </div>
        );
      })}
    </>
  );
}
