import { type ComponentType, useEffect, useRef, useState } from "react";
import { StaticMap } from "./StaticMap";
import type { MapViewProps } from "./types";

/** How close (px) the map may come to the viewport before its code is fetched. */
const APPROACH_MARGIN_PX = 200;

/** Calls `start` once the element is near the viewport; returns the clean-up. */
function whenNear(el: Element, start: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    start();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: `${APPROACH_MARGIN_PX}px` },
  );
  observer.observe(el);
  return () => observer.disconnect();
}

// Each map is its own chunk: the page's first load carries only the picture and this loader.
const loadMap = (provider: MapViewProps["map"]["provider"]): Promise<ComponentType<MapViewProps>> =>
  provider === "google"
    ? import(/* webpackChunkName: "locations-map-google" */ "./GoogleMap").then((module) => module.GoogleMap)
    : import(/* webpackChunkName: "locations-map" */ "./InteractiveMap").then((module) => module.InteractiveMap);

/**
 * The locations map (ADR 0050): the static picture as the server sends it (and as it stays without a script);
 * the interactive map replaces it when the shopper scrolls near it.
 */
export function LocationsMap({ id, priority, ...props }: MapViewProps & { id: string; priority?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const [Live, setLive] = useState<ComponentType<MapViewProps> | null>(null);
  const provider = props.map.provider;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    return whenNear(el, () => {
      loadMap(provider).then(
        (map) => setLive(() => map),
        (error: unknown) => console.warn("[mf-locations] the map's code did not load; the picture stays", error),
      );
    });
  }, [provider]);
  return (
    <div ref={ref} id={id} className="locations-map" data-map-provider={provider} data-map-state={Live ? "live" : "static"}>
      {Live ? <Live {...props} /> : <StaticMap {...props} priority={priority} />}
    </div>
  );
}
