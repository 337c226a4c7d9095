import { type KeyboardEvent, useState } from "react";
import type { GalleryImage } from "./props";

/** Thumbnails appear only with more than 3 images (spec). */
export const THUMBNAILS_MIN_IMAGES = 4;
/** Gallery image size of the spec; width/height attributes keep the layout from shifting. */
const MAIN_SIZE = { width: 600, height: 400 };
const THUMB_SIZE = { width: 120, height: 80 };

export function Gallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[index];
  if (!current) {
    return (
      <div className="vehicle-gallery vehicle-gallery--empty">
        <p className="vehicle-gallery__empty">No images available for this {title}.</p>
      </div>
    );
  }
  const show = (next: number) => setIndex((next + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowLeft") show(index - 1);
    else if (event.key === "ArrowRight") show(index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      className="vehicle-gallery"
      aria-roledescription="carousel"
      aria-label={`${title} images`}
      onKeyDown={onKeyDown}
    >
      <div className="vehicle-gallery__stage">
        <img
          className="vehicle-gallery__main"
          src={current.src}
          srcSet={current.srcSet}
          sizes="(min-width: 960px) 600px, 100vw"
          alt={current.alt}
          {...MAIN_SIZE}
          loading="eager"
          fetchPriority={index === 0 ? "high" : "auto"}
          decoding="async"
        />
        {count > 1 && (
          <>
            <button type="button" className="vehicle-gallery__nav vehicle-gallery__nav--prev" aria-label="Previous image" onClick={() => show(index - 1)}>
              ‹
            </button>
            <button type="button" className="vehicle-gallery__nav vehicle-gallery__nav--next" aria-label="Next image" onClick={() => show(index + 1)}>
              ›
            </button>
          </>
        )}
        <p className="vehicle-gallery__counter" aria-live="polite">
          {`Image ${index + 1} of ${count}`}
        </p>
      </div>
      {count >= THUMBNAILS_MIN_IMAGES && (
        <ul className="vehicle-gallery__thumbs">
          {images.map((image, thumbIndex) => (
            <li key={image.id} className="vehicle-gallery__thumb-item">
              <button
                type="button"
                className={`vehicle-gallery__thumb${thumbIndex === index ? " vehicle-gallery__thumb--active" : ""}`}
                aria-label={`Show image ${thumbIndex + 1}`}
                aria-current={thumbIndex === index ? "true" : undefined}
                onClick={() => setIndex(thumbIndex)}
              >
                <img src={image.thumbSrc} alt="" {...THUMB_SIZE} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
