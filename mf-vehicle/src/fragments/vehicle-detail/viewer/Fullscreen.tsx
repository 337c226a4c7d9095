import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { IMAGE_SLOTS } from "@dealer/shared/media";
import type { Slide } from "../props";
import { SlideMedia, stepForKey } from "./Gallery";

export type FullscreenProps = { slides: Slide[]; title: string; start: number; onClose: (index: number) => void };

/** Modal fullscreen gallery; Escape or Close closes it and the gallery takes the index it ended on. */
export function Fullscreen({ slides, title, start, onClose }: FullscreenProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const slide = slides[index];
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const close = () => {
    // Closing the modal first lifts the page's inertness, so the gallery can take focus back.
    ref.current?.close();
    onClose(index);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const step = stepForKey(event.key);
    if (!step) return;
    event.preventDefault();
    setIndex((index + step + slides.length) % slides.length);
  };
  return (
    <dialog
      ref={ref}
      className="vehicle-fullscreen"
      aria-label={`${title} images, fullscreen`}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <button type="button" className="vehicle-fullscreen__close" onClick={close}>
        Close
      </button>
      {slide && <SlideMedia slide={slide} index={index} active firstIsLcp={false} sizes={IMAGE_SLOTS.fullscreen.sizes} />}
      <p className="vehicle-fullscreen__counter" aria-live="polite">{`Image ${index + 1} of ${slides.length}`}</p>
    </dialog>
  );
}
