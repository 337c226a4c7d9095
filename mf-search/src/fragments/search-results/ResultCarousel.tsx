import { type ComponentProps, useEffect, useRef, useState } from "react";
import { ResultGrid } from "./ResultGrid";

/** The results' carousel variant: one row that scrolls sideways, Previous and Next disabled at its ends. */
export function ResultCarousel(props: ComponentProps<typeof ResultGrid>) {
  const track = useRef<HTMLDivElement>(null);
  // Until the row is measured, Next is live whenever there is more than one card: a tap before the code arrives is
  // held and replayed (the page loads it on first use), and without JavaScript the row scrolls by swipe or scroll bar.
  const [ends, setEnds] = useState({ start: true, end: props.cards.length <= 1 });
  const measure = () => {
    const el = track.current;
    if (!el) return;
    setEnds({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  };
  // New results start at the row's beginning; the first render keeps where a shopper may already have swiped to.
  const shownCards = useRef(props.cards);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the cards change.
  useEffect(() => {
    measure();
    if (shownCards.current !== props.cards) track.current?.scrollTo({ left: 0 });
    shownCards.current = props.cards;
  }, [props.cards]);
  const move = (direction: 1 | -1) => {
    const el = track.current;
    el?.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: "smooth" });
  };
  return (
    <section className="result-carousel" aria-label="Results carousel">
      <div className="result-carousel__controls">
        <button type="button" className="button" aria-label="Previous results" disabled={ends.start} onClick={() => move(-1)}>
          ‹
        </button>
        <button type="button" className="button" aria-label="Next results" disabled={ends.end} onClick={() => move(1)}>
          ›
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the row scrolls, so a keyboard must be able to reach it. */}
      <div ref={track} className="result-carousel__track" onScroll={measure} tabIndex={0}>
        <ResultGrid {...props} className="search-results__grid result-carousel__row" />
      </div>
    </section>
  );
}
