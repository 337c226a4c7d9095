import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import type { SpinMedia } from "../props";
import { Hotspots } from "./Hotspots";

/** 20 px of drag per frame (spec). */
export const SPIN_PX_PER_FRAME = 20;

export type SpinViewerProps = { spin: SpinMedia; title: string };

/** The frame after dragging `dx` px from `startFrame`: dragging right turns the car the other way, wrapping round. */
export function frameAfterDrag(startFrame: number, dx: number, frameCount: number): number {
  const moved = Math.trunc(dx / SPIN_PX_PER_FRAME);
  return (((startFrame - moved) % frameCount) + frameCount) % frameCount;
}

/** Preloads every frame (with progress), then rotates by drag, arrow keys and a one-turn auto-rotate. */
export function SpinViewer({ spin, title }: SpinViewerProps) {
  const { frames, hotspots, autoRotateMs } = spin;
  const [loaded, setLoaded] = useState(0);
  const [frame, setFrame] = useState(0);
  const [rotating, setRotating] = useState(false);
  const drag = useRef<{ x: number; frame: number } | null>(null);
  const ready = loaded >= frames.length;

  useEffect(() => {
    let done = 0;
    const images = frames.map((src) => {
      const image = new Image();
      const settle = () => setLoaded(++done);
      image.onload = settle;
      image.onerror = () => {
        console.warn("[vehicle] spin frame failed to load", src);
        settle();
      };
      image.src = src;
      return image;
    });
    return () => {
      for (const image of images) image.onload = image.onerror = null;
    };
  }, [frames]);

  useEffect(() => {
    if (!rotating) return;
    let steps = 0;
    const timer = setInterval(() => {
      setFrame((current) => (current + 1) % frames.length);
      steps += 1;
      // One full turn, then it stops.
      if (steps >= frames.length) setRotating(false);
    }, autoRotateMs);
    return () => clearInterval(timer);
  }, [rotating, autoRotateMs, frames.length]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!ready) return;
    setRotating(false);
    drag.current = { x: event.clientX, frame };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setFrame(frameAfterDrag(drag.current.frame, event.clientX - drag.current.x, frames.length));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!ready || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    event.stopPropagation();
    setRotating(false);
    setFrame((current) => (current + (event.key === "ArrowRight" ? 1 : -1) + frames.length) % frames.length);
  };

  return (
    <div className="vehicle-spin vehicle-spin--live" data-ready={ready}>
      <div
        className="vehicle-spin__surface"
        role="slider"
        tabIndex={0}
        aria-label={`${title}, 360° view`}
        aria-valuemin={1}
        aria-valuemax={frames.length}
        aria-valuenow={frame + 1}
        aria-valuetext={`Angle ${frame + 1} of ${frames.length}`}
        aria-disabled={!ready}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
      >
        <img className="vehicle-spin__frame" src={frames[frame]} alt="" width={spin.first.width} height={spin.first.height} draggable={false} />
        {ready && <Hotspots hotspots={hotspots} frame={frame} />}
      </div>
      {ready ? (
        <button type="button" className="vehicle-spin__auto" aria-pressed={rotating} onClick={() => setRotating(!rotating)}>
          Auto-rotate
        </button>
      ) : (
        <div className="vehicle-spin__progress">
          <label htmlFor="vehicle-spin-progress">Loading 360° view</label>
          <progress id="vehicle-spin-progress" max={frames.length} value={loaded}>
            {`${loaded} of ${frames.length}`}
          </progress>
        </div>
      )}
    </div>
  );
}
