import type { ViewerMode } from "@dealer/shared/rules";
import { lazy, Suspense, useState } from "react";
import type { VehicleInteractiveProps } from "../props";
import { Gallery } from "./Gallery";
import { SpinStage } from "./SpinStage";
import { VideoPlayer } from "./VideoPlayer";

const InteriorStage = lazy(() => import("./InteriorStage").then((module) => ({ default: module.InteriorStage })));

const MODE_LABELS: Record<ViewerMode, string> = { spinner: "360° Spin", walkaround: "Walkaround", gallery: "Gallery", interior: "Interior" };

/** Spinner (default), walkaround video, gallery or interior; switching away from the gallery resets its index. */
export function Viewer({ media, title }: { media: VehicleInteractiveProps["media"]; title: string }) {
  const [mode, setMode] = useState<ViewerMode>(media.initialMode);
  const initial = mode === media.initialMode;
  return (
    <div className="vehicle-viewer">
      {media.modes.length > 1 && (
        <fieldset className="vehicle-viewer__modes">
          <legend className="visually-hidden">View</legend>
          {media.modes.map((option) => (
            <button key={option} type="button" className="vehicle-viewer__mode" aria-pressed={option === mode} onClick={() => setMode(option)}>
              {MODE_LABELS[option]}
            </button>
          ))}
        </fieldset>
      )}
      {mode === "gallery" && <Gallery slides={media.slides} thumbnails={media.thumbnails} title={title} firstIsLcp={initial} />}
      {mode === "spinner" && media.spin && <SpinStage spin={media.spin} title={title} firstIsLcp={initial} />}
      {mode === "walkaround" && media.walkaround && (
        <div className="vehicle-viewer__stage">
          <VideoPlayer video={media.walkaround} active />
        </div>
      )}
      {mode === "interior" && media.interior && (
        // An empty stage of the same size holds the place while the interior's code arrives.
        <Suspense fallback={<div className="vehicle-viewer__stage vehicle-viewer__stage--loading" />}>
          <InteriorStage interior={media.interior} title={title} />
        </Suspense>
      )}
    </div>
  );
}
