import { toViewport } from "@dealer/shared/rules";
import { MAP_PICTURE_SIZE } from "../locations/maps";
import type { MapViewProps } from "./types";

const percent = (value: number, of: number) => `${((value / of) * 100).toFixed(2)}%`;

/**
 * The map as a picture: what the page shows before the map's code arrives, without a script, and if a provider's
 * script cannot load. The platform's picture gets its pins laid over it (Google's static map draws its own).
 */
export function StaticMap({ map, locations, selected, priority = false }: MapViewProps & { priority?: boolean }) {
  const { width, height } = MAP_PICTURE_SIZE;
  return (
    <div className="locations-map__frame">
      <img
        className="locations-map__picture"
        src={map.picture.src}
        alt={map.picture.alt}
        width={width}
        height={height}
        // A location's own page shows its map in the first view: the picture is its largest paint.
        {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const })}
      />
      {map.provider === "platform"
        ? locations.map((location) => {
            const at = toViewport(location.position, map.view, MAP_PICTURE_SIZE);
            if (at.x < 0 || at.y < 0 || at.x > width || at.y > height) return null;
            return (
              <span
                key={location.id}
                className="map-pin map-pin--static"
                data-selected={selected === location.id ? "true" : undefined}
                style={{ left: percent(at.x, width), top: percent(at.y, height) }}
                aria-hidden="true"
              />
            );
          })
        : null}
    </div>
  );
}
