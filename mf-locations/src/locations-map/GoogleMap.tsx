import { useEffect, useId, useRef, useState } from "react";
import { GOOGLE_MAPS_CALLBACK } from "../locations/maps";
import { MapCard } from "./MapCard";
import { StaticMap } from "./StaticMap";
import type { MapViewProps } from "./types";

/** The few parts of Google Maps' JavaScript API this map uses. */
type LatLngLiteral = { lat: number; lng: number };
type GoogleMaps = {
  Map: new (el: HTMLElement, options: { center: LatLngLiteral; zoom: number }) => { fitBounds: (bounds: object) => void };
  Marker: new (options: { position: LatLngLiteral; map: object; title: string }) => { addListener: (event: "click", handler: () => void) => void };
  LatLngBounds: new () => { extend: (point: LatLngLiteral) => void };
};
type GoogleWindow = { google?: { maps: GoogleMaps } } & Record<string, unknown>;

let loading: Promise<GoogleMaps> | null = null;

/**
 * Loads Google Maps' script once per page. The page's CSP allows its hosts only on a site with a key (ADR 0050);
 * the script takes the nonce of the page's own scripts for what it adds itself.
 */
function loadGoogleMaps(url: string): Promise<GoogleMaps> {
  loading ??= new Promise((resolve, reject) => {
    const page = window as unknown as GoogleWindow;
    page[GOOGLE_MAPS_CALLBACK] = () => (page.google ? resolve(page.google.maps) : reject(new Error("Google Maps loaded without its API")));
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce) script.nonce = nonce;
    script.onerror = () => {
      loading = null;
      reject(new Error("Google Maps' script did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

/** Google Maps, where the site configures it with a key; the static picture stays if its script cannot load. */
export function GoogleMap(props: MapViewProps) {
  const { map, locations, selected, onSelect, label } = props;
  const id = useId();
  const el = useRef<HTMLElement>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!map.scriptUrl) return setFailed(true);
    let cancelled = false;
    loadGoogleMaps(map.scriptUrl).then(
      (maps) => {
        if (cancelled || !el.current) return;
        const live = new maps.Map(el.current, { center: { lat: map.view.lat, lng: map.view.long }, zoom: map.view.zoom });
        const bounds = new maps.LatLngBounds();
        for (const location of locations) {
          const position = { lat: location.position.lat, lng: location.position.long };
          bounds.extend(position);
          new maps.Marker({ position, map: live, title: location.name }).addListener("click", () => select.current(location.id));
        }
        if (locations.length > 1) live.fitBounds(bounds);
      },
      (error: unknown) => {
        console.warn("[mf-locations] map", error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [map, locations]);

  if (failed) return <StaticMap {...props} />;
  const chosen = locations.find((location) => location.id === selected);
  return (
    <>
      <div className="locations-map__frame">
        <section ref={el} className="locations-map__surface" aria-label={label} />
      </div>
      {chosen ? <MapCard id={`${id}-card`} card={chosen} onClose={() => onSelect(null)} /> : null}
    </>
  );
}
