import { useState } from "react";

/** 'Located at {city}' with Get Directions, when the car is away from the primary location; X dismisses it. */
export type AnnouncementBarProps = { text: string; directionsHref: string | null };

export function AnnouncementBar({ text, directionsHref }: AnnouncementBarProps) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <section className="vehicle-announcement" aria-label="Vehicle location notice">
      <p className="vehicle-announcement__text">
        {text}
        {directionsHref && (
          <>
            {" "}
            <a href={directionsHref} target="_blank" rel="noopener noreferrer">
              Get Directions
            </a>
          </>
        )}
      </p>
      <button type="button" className="vehicle-announcement__close" aria-label="Dismiss" onClick={() => setOpen(false)}>
        ×
      </button>
    </section>
  );
}
