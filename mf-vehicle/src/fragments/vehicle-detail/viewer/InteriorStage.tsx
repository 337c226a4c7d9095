import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import type { InteriorMedia } from "../props";
import { Hotspots } from "./Hotspots";
import { PANORAMA_STEP, panAfterDrag, panBy, panDegrees } from "./panorama";

/**
 * The interior panorama the shopper looks around in (ADR 0105): the picture twice side by side on a track moved by a
 * transform, so panning past either edge wraps. Drag (mouse or finger), the arrow keys on the focused view, or the
 * Look left / Look right buttons pan it; nothing moves by itself. Loaded when the shopper picks Interior (Viewer).
 */
export function InteriorStage({ interior, title }: { interior: InteriorMedia; title: string }) {
  // How far round the view has turned: a fraction of the picture's width, 0 (its left edge) up to 1.
  const [pan, setPan] = useState(0);
  const drag = useRef<{ x: number; pan: number; width: number } | null>(null);
  const tile = useRef<HTMLDivElement>(null);
  // The picture's own shape, once loaded (the slot's 3:2 until then): the hotspots' layer is as wide as the picture.
  const [aspect, setAspect] = useState(interior.image.width / interior.image.height);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, pan, width: tile.current?.offsetWidth ?? 1 };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setPan(panAfterDrag(drag.current.pan, event.clientX - drag.current.x, drag.current.width));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    setPan((current) => panBy(current, event.key === "ArrowRight" ? PANORAMA_STEP : -PANORAMA_STEP));
  };
  const degrees = panDegrees(pan);
  const transform = `translateX(${(-pan * 50).toFixed(3)}%)`;

  return (
    <div className="vehicle-viewer__stage vehicle-panorama">
      <div
        className="vehicle-panorama__surface"
        role="slider"
        tabIndex={0}
        aria-label={`${title}, interior panorama: drag or use the arrow keys to look around`}
        aria-valuemin={0}
        aria-valuemax={359}
        aria-valuenow={degrees}
        aria-valuetext={`Turned ${degrees}° of 360°`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
      >
        {/* Two copies: whatever the pan, the stage is covered, and the second takes over past the first's edge. */}
        <div className="vehicle-panorama__track" style={{ transform }}>
          <div className="vehicle-panorama__tile" ref={tile}>
            <img
              className="vehicle-panorama__image"
              {...interior.image}
              alt={`${title}, interior`}
              draggable={false}
              onLoad={(event) => setAspect(event.currentTarget.naturalWidth / event.currentTarget.naturalHeight)}
            />
          </div>
          <div className="vehicle-panorama__tile" aria-hidden="true">
            <img className="vehicle-panorama__image" {...interior.image} alt="" draggable={false} />
          </div>
        </div>
      </div>
      {/* The hotspots ride a track of their own over the view: buttons inside the slider would be controls in a control. */}
      {interior.hotspots.length > 0 && (
        <div className="vehicle-panorama__spots">
          <div className="vehicle-panorama__track" style={{ transform }}>
            <div className="vehicle-panorama__tile" style={{ aspectRatio: aspect }}>
              <Hotspots hotspots={interior.hotspots} frame={0} />
            </div>
          </div>
        </div>
      )}
      <button type="button" className="vehicle-gallery__nav vehicle-gallery__nav--prev" aria-label="Look left" onClick={() => setPan(panBy(pan, -PANORAMA_STEP))}>
        ‹
      </button>
      <button type="button" className="vehicle-gallery__nav vehicle-gallery__nav--next" aria-label="Look right" onClick={() => setPan(panBy(pan, PANORAMA_STEP))}>
        ›
      </button>
    </div>
  );
}
