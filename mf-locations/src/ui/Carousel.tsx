import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from "react";

type CarouselState = {
  trackRef: React.RefObject<HTMLUListElement | null>;
  canPrev: boolean;
  canNext: boolean;
  scrollBy: (direction: -1 | 1) => void;
  trackId: string;
};

const CarouselContext = createContext<CarouselState | null>(null);

/** The spec's error for a carousel control used outside its carousel. */
export const USE_CAROUSEL_ERROR = "useCarousel must be used within a <Carousel />";

export function useCarousel(): CarouselState {
  const state = useContext(CarouselContext);
  if (!state) throw new Error(USE_CAROUSEL_ERROR);
  return state;
}

/**
 * A horizontally scrolling list (scroll-snap, so it swipes on touch screens) with previous and next buttons
 * that disable at the ends. Server-rendered at the start: previous disabled, next enabled when there is more.
 */
export function Carousel({ label, count, children }: { label: string; count: number; children: ReactNode }) {
  const trackRef = useRef<HTMLUListElement | null>(null);
  const trackId = useId();
  const [edges, setEdges] = useState({ canPrev: false, canNext: count > 1 });

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setEdges({
      canPrev: track.scrollLeft > 1,
      canNext: track.scrollLeft + track.clientWidth < track.scrollWidth - 1,
    });
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    measure();
    track.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      track.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
  }, [measure]);

  const scrollBy = useCallback((direction: -1 | 1) => {
    const track = trackRef.current;
    if (!track) return;
    const item = track.querySelector("li");
    const step = item ? item.getBoundingClientRect().width + 16 : track.clientWidth;
    track.scrollBy({ left: direction * step, behavior: "smooth" });
  }, []);

  return (
    <CarouselContext.Provider value={{ trackRef, ...edges, scrollBy, trackId }}>
      {/* biome-ignore lint/a11y/useSemanticElements: a carousel is a group of slides, not a form's fieldset */}
      <div className="carousel" role="group" aria-roledescription="carousel" aria-label={label}>
        {children}
      </div>
    </CarouselContext.Provider>
  );
}

export function CarouselTrack({ children }: { children: ReactNode }) {
  const { trackRef, trackId } = useCarousel();
  return (
    // A scrollable region must be reachable by keyboard even when its items hold no link.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <ul id={trackId} ref={trackRef} className="carousel__track" tabIndex={0}>
      {children}
    </ul>
  );
}

/** Previous / next buttons and the swipe hint shown on touch screens. */
export function CarouselControls() {
  const { canPrev, canNext, scrollBy, trackId } = useCarousel();
  return (
    <div className="carousel__controls">
      <p className="carousel__hint" aria-hidden="true">
        Swipe to see more
      </p>
      <button type="button" className="carousel__button" aria-controls={trackId} disabled={!canPrev} onClick={() => scrollBy(-1)}>
        <span aria-hidden="true">‹</span> Previous
      </button>
      <button type="button" className="carousel__button" aria-controls={trackId} disabled={!canNext} onClick={() => scrollBy(1)}>
        Next <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
