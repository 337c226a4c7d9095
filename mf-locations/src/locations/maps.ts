import type { SiteConfig } from "@dealer/shared/config";
import type { Location } from "@dealer/shared/contract";
import { mapAreaUrl, staticMapUrl } from "@dealer/shared/media";
import { fitView, googleMapsKey, type LatLong, type MapView } from "@dealer/shared/rules";

/**
 * The map picture of a location: the platform's server-drawn map by default (no network, no key); a real
 * provider's static map where the site configures one with a key (the page's CSP then allows its host).
 */
export function mapPicture(location: Pick<Location, "name" | "address">, maps: SiteConfig["maps"]): { src: string; alt: string } {
  const { lat, long } = location.address;
  const alt = `Map of ${location.name}, ${location.address.street}, ${location.address.city}`;
  const key = googleMapsKey(maps);
  if (key) {
    const query = new URLSearchParams({ center: `${lat},${long}`, zoom: "15", size: "600x400", markers: `${lat},${long}`, key });
    return { src: `https://maps.googleapis.com/maps/api/staticmap?${query}`, alt };
  }
  return { src: staticMapUrl(lat, long), alt };
}

/** The static picture's size in map pixels: the view is fitted to it, and its pins are placed in it. */
export const MAP_PICTURE_SIZE = { width: 600, height: 400 } as const;
/** Room a fitted view keeps free: a pin's height above its point, the zoom buttons at the top right. */
export const MAP_INSETS = { top: 44, right: 64, bottom: 12, left: 20 } as const;
/** A pin's marker (and a cluster's): markers closer than this share one. */
export const PIN_BOX = { width: 34, height: 36 } as const;

/** The locations map (ADR 0050): a static picture first (and without a script); its interactive code loads on approach. */
export type LocationsMapProps = {
  /** `platform`: the platform's own tiles and map code (no network, no key); `google`: Google Maps with the site's key. */
  provider: "platform" | "google";
  picture: { src: string; alt: string };
  /** The view the picture shows; the interactive map starts from the same places, fitted to its own size. */
  view: MapView;
  /** Google Maps' script with the site's key; null for the platform's map. */
  scriptUrl: string | null;
};

/** The function Google Maps' script calls once it has loaded (its `callback` parameter). */
export const GOOGLE_MAPS_CALLBACK = "dealerMapsReady";

export function googleMapsScriptUrl(key: string): string {
  return `https://maps.googleapis.com/maps/api/js?${new URLSearchParams({ key, loading: "async", callback: GOOGLE_MAPS_CALLBACK })}`;
}

/** The map of a list of locations, or null without any. Coordinates are rounded as the picture's URL rounds them. */
export function locationsMap(points: readonly LatLong[], names: readonly string[], maps: SiteConfig["maps"]): LocationsMapProps | null {
  return points.length ? mapOf(points, names, maps) : null;
}

/** The map of one location (its own page). */
export function locationMap(location: Pick<Location, "name" | "address">, maps: SiteConfig["maps"]): LocationsMapProps {
  return mapOf([{ lat: location.address.lat, long: location.address.long }], [location.name], maps);
}

function mapOf(points: readonly LatLong[], names: readonly string[], maps: SiteConfig["maps"]): LocationsMapProps {
  const fitted = fitView(points, MAP_PICTURE_SIZE, MAP_INSETS);
  const view = { lat: Number(fitted.lat.toFixed(5)), long: Number(fitted.long.toFixed(5)), zoom: fitted.zoom };
  const alt = names.length === 1 ? `Map of ${names[0]}` : `Map of ${names.length} locations: ${names.join(", ")}`;
  const key = googleMapsKey(maps);
  if (key) {
    const query = new URLSearchParams({ center: `${view.lat},${view.long}`, zoom: String(view.zoom), size: "600x400", key });
    for (const point of points) query.append("markers", `${point.lat},${point.long}`);
    return { provider: "google", picture: { src: `https://maps.googleapis.com/maps/api/staticmap?${query}`, alt }, view, scriptUrl: googleMapsScriptUrl(key) };
  }
  return { provider: "platform", picture: { src: mapAreaUrl(view, MAP_PICTURE_SIZE.width), alt }, view, scriptUrl: null };
}
