import { type ComponentType, type KeyboardEvent, useRef, useState } from "react";
import type { Slide } from "../props";
import type { FullscreenProps } from "./Fullscreen";
import { VideoPlayer } from "./VideoPlayer";


/** Left/right arrow keys step through slides; anything else is left alone. */
export function stepForKey(key: string): -1 | 1 | 0 {
  return key === "ArrowLeft" ? -1 : key === "ArrowRight" ? 1 : 0;
}

/** A slide's picture: its slot's width, height, srcset and sizes (full screen: the viewport's width), eager when it is the page's first. */
export function SlideMedia({ slide, index, active, firstIsLcp, sizes }: { slide: Slide; index: number; active: boolean; firstIsLcp: boolean; sizes?: string }) {
  if (slide.kind === "video") return <VideoPlayer video={slide} active={active} />;
  const lcp = index === 0 && firstIsLcp;
  return (
    <img
      className="vehicle-gallery__image"
      {...slide.image}
      {...(sizes ? { sizes } : {})}
      alt={slide.alt}
      loading={lcp ? "eager" : "lazy"}
      fetchPriority={lcp ? "high" : "auto"}
      decoding="async"
    />
  );
}

/**
 * Main slider (a scroll-snap track: touch swipe is the browser's own) and thumbnails over 3 slides, with the
 * selected index synced both ways. Fullscreen's code loads on first use.
 */
export function Gallery({ slides, thumbnails, title, firstIsLcp }: { slides: Slide[]; thumbnails: boolean; title: string; firstIsLcp: boolean }) {
  const [index, setIndex] = useState(0);
  const [Fullscreen, setFullscreen] = useState<ComponentType<FullscreenProps> | null>(null);
  const [fullscreenOpen, setFullscreenOpen] = useState(false);
  const trackRef = useRef<HTMLUListElement>(null);
  // The slide last asked for: quick presses add up even while the track is still scrolling.
  const targetRef = useRef(0);
  const openerRef = useRef<HTMLButtonElement>(null);
  const count = slides.length;
  if (count === 0) {
    return (
      <div className="vehicle-gallery vehicle-gallery--empty">
        <p className="vehicle-gallery__empty">No images available for this {title}.</p>
      </div>
    );
  }

  const show = (next: number) => {
    const target = (next + count) % count;
    targetRef.current = target;
    setIndex(target);
    const track = trackRef.current;
    if (track) track.scrollTo({ left: target * track.clientWidth });
  };
  // Where a swipe (or a scroll this code asked for) came to rest decides the index; mid-scroll positions do not.
  const onScrollEnd = () => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const settled = Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth)));
    targetRef.current = settled;
    setIndex(settled);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = stepForKey(event.key);
    if (!step || fullscreenOpen) return;
    event.preventDefault();
    show(targetRef.current + step);
  };
  const openFullscreen = () => {
    void import("./Fullscreen").then((module) => {
      setFullscreen(() => module.Fullscreen);
      setFullscreenOpen(true);
    });
  };
  const closeFullscreen = (last: number) => {
    setFullscreenOpen(false);
    show(last);
    openerRef.current?.focus();
  };

  return (
    <section className="vehicle-gallery" aria-roledescription="carousel" aria-label={`${title} images`} onKeyDown={onKeyDown}>
      <div className="vehicle-gallery__stage">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
        <ul className="vehicle-gallery__track" ref={trackRef} onScrollEnd={onScrollEnd} tabIndex={0} aria-label={`${title} images, use the arrow keys to browse`}>
          {slides.map((slide, slideIndex) => (
            <li key={slide.id} className="vehicle-gallery__slide" aria-roledescription="slide" aria-label={`${slideIndex + 1} of ${count}`} aria-hidden={slideIndex !== index}>
              <SlideMedia slide={slide} index={slideIndex} active={slideIndex === index} firstIsLcp={firstIsLcp} />
            </li>
          ))}
        </ul>
        {count > 1 && (
          <>
            <button type="button" className="vehicle-gallery__nav vehicle-gallery__nav--prev" aria-label="Previous image" onClick={() => show(targetRef.current - 1)}>
              ‹
            </button>
            <button type="button" className="vehicle-gallery__nav vehicle-gallery__nav--next" aria-label="Next image" onClick={() => show(targetRef.current + 1)}>
              ›
            </button>
          </>
        )}
        <button type="button" ref={openerRef} className="vehicle-gallery__fullscreen" onClick={openFullscreen}>
          View fullscreen
        </button>
        <p className="vehicle-gallery__counter" aria-live="polite">
          {`Image ${index + 1} of ${count}`}
        </p>
      </div>
      {thumbnails && (
        <ul className="vehicle-gallery__thumbs" aria-label="Thumbnails">
          {slides.map((slide, thumbIndex) => (
            <li key={slide.id} className="vehicle-gallery__thumb-item">
              <button
                type="button"
                className={`vehicle-gallery__thumb${thumbIndex === index ? " vehicle-gallery__thumb--active" : ""}`}
                aria-label={`Show ${slide.kind === "video" ? "video" : "image"} ${thumbIndex + 1}`}
                aria-current={thumbIndex === index ? "true" : undefined}
                onClick={() => show(thumbIndex)}
              >
                {slide.thumb ? <img {...slide.thumb} alt="" loading="lazy" decoding="async" /> : <span className="vehicle-gallery__thumb-video">▶</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {Fullscreen && fullscreenOpen && <Fullscreen slides={slides} title={title} start={index} onClose={closeFullscreen} />}
    </section>
  );
}
