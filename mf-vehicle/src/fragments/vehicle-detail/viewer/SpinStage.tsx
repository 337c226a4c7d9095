import { type ComponentType, useState } from "react";
import type { SpinMedia } from "../props";
import type { SpinViewerProps } from "./SpinViewer";

/**
 * The first spin frame from the server; the spin's code and its frames load when the shopper reaches for it
 * (pointer, touch or keyboard focus), so a page view that never spins costs no spin JavaScript.
 */
export function SpinStage({ spin, title, firstIsLcp }: { spin: SpinMedia; title: string; firstIsLcp: boolean }) {
  const [Spin, setSpin] = useState<ComponentType<SpinViewerProps> | null>(null);
  const load = () => {
    if (Spin) return;
    void import("./SpinViewer").then((module) => setSpin(() => module.SpinViewer));
  };
  if (Spin) return <Spin spin={spin} title={title} />;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: reaching for the stage only starts loading; the button is the control
    <div className="vehicle-spin" onPointerEnter={load} onTouchStart={load} onFocus={load}>
      <img className="vehicle-spin__frame" {...spin.first} alt={`${title}, 360° view`} loading={firstIsLcp ? "eager" : "lazy"} fetchPriority={firstIsLcp ? "high" : "auto"} />
      <button type="button" className="vehicle-spin__start" onClick={load}>
        Drag to spin 360°
      </button>
    </div>
  );
}
