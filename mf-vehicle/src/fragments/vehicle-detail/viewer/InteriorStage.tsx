import type { InteriorMedia } from "../props";
import { Hotspots } from "./Hotspots";

/** The interior view with its hotspots; loaded when the shopper picks it (Viewer), like the spin's code. */
export function InteriorStage({ interior, title }: { interior: InteriorMedia; title: string }) {
  return (
    <div className="vehicle-viewer__stage">
      <img className="vehicle-viewer__image" {...interior.image} alt={`${title}, interior`} />
      <Hotspots hotspots={interior.hotspots} frame={0} />
    </div>
  );
}
