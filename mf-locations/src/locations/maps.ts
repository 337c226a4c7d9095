import type { SiteConfig } from "@dealer/shared/config";
import type { Location } from "@dealer/shared/contract";
import { staticMapUrl } from "@dealer/shared/media";

/**
 * The map picture of a location: the platform's server-drawn map by default (no network, no key); a real
 * provider's static map where the site configures one with a key (the page's CSP must then allow its host).
 */
export function mapPicture(location: Pick<Location, "name" | "address">, maps: SiteConfig["maps"]): { src: string; alt: string } {
  const { lat, long } = location.address;
  const alt = `Map of ${location.name}, ${location.address.street}, ${location.address.city}`;
  if (maps.provider === "google" && maps.apiKey) {
    const query = new URLSearchParams({ center: `${lat},${long}`, zoom: "15", size: "600x400", markers: `${lat},${long}`, key: maps.apiKey });
    return { src: `https://maps.googleapis.com/maps/api/staticmap?${query}`, alt };
  }
  return { src: staticMapUrl(lat, long), alt };
}
