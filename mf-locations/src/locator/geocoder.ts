import type { SiteConfig } from "@dealer/shared/config";
import type { LatLong } from "@dealer/shared/rules";
import { z } from "zod";
import { postcodeCoordinates } from "./postcodes";

/** Postcode -> coordinates; null is the spec's 'Invalid postcode'. */
export type Geocoder = (postcode: string) => Promise<LatLong | null>;

export const localGeocoder: Geocoder = async (postcode) => postcodeCoordinates(postcode);

const geocodeAnswerSchema = z.object({
  results: z.array(z.object({ geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }) })),
});

/** The spec's geocoding call: GET by postal code, limited to country AU; an empty answer is no result. */
export function httpGeocoder(apiKey: string, fetcher: typeof fetch = fetch, timeoutMs = 800): Geocoder {
  return async (postcode) => {
    const query = new URLSearchParams({ components: `postal_code:${postcode}|country:AU`, key: apiKey });
    try {
      const response = await fetcher(`https://maps.googleapis.com/maps/api/geocode/json?${query}`, { signal: AbortSignal.timeout(timeoutMs) });
      const parsed = geocodeAnswerSchema.safeParse(response.ok ? await response.json() : null);
      const first = parsed.success ? parsed.data.results[0] : undefined;
      return first ? { lat: first.geometry.location.lat, long: first.geometry.location.lng } : null;
    } catch {
      return null;
    }
  };
}

export function geocoderFor(maps: SiteConfig["maps"]): Geocoder {
  return maps.provider === "google" && maps.apiKey ? httpGeocoder(maps.apiKey) : localGeocoder;
}
