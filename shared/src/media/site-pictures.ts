import { vehicleImageUrl } from "./image-url";

/**
 * Generated site pictures at image-CDN-style URLs (no network, like the vehicle pictures):
 * a location's map, a brand's logo, a banner with a title, and the default image-not-found picture.
 */
export const IMAGE_NOT_FOUND_PATH = "site/image-not-found.svg";

/** Map picture centred on a point; coordinates are rounded so a location always gets the same URL. */
export function staticMapUrl(lat: number, long: number, width = 600): string {
  return vehicleImageUrl(`site/maps/${lat.toFixed(4)}/${long.toFixed(4)}.svg`, { width });
}

/** A tile of the platform's base map (ADR 0050); tiles are 256 px, so the width is part of the name. */
export function mapTileUrl(z: number, x: number, y: number): string {
  return vehicleImageUrl(`site/map-tiles/${z}/${x}/${y}.svg`, { width: 256 });
}

/** The base map's static picture of a view, 600 by 400 map pixels drawn at `width` (the locations map's fallback). */
export function mapAreaUrl(view: { lat: number; long: number; zoom: number }, width = 600): string {
  return vehicleImageUrl(`site/map-area/${view.zoom}/${view.lat.toFixed(5)}/${view.long.toFixed(5)}.svg`, { width });
}

export function brandLogoUrl(slug: string, width = 320): string {
  return vehicleImageUrl(`site/brands/${slug}.svg`, { width });
}

/** Banner heights at 1920 wide: the promotions slider's 540 and its 720 and 1080 variants. */
export const BANNER_HEIGHTS = [540, 720, 1080] as const;
export type BannerHeight = (typeof BANNER_HEIGHTS)[number];

/** A banner (promotions, blog, brand overview) drawn with its title in a tint chosen by the slug. */
export function bannerUrl(slug: string, width = 1920, height: BannerHeight = 540): string {
  return vehicleImageUrl(`site/banners/${height === 540 ? "" : `${height}/`}${slug}.svg`, { width });
}

/** The certified-used badge a certified car's card shows (spec §4 tag precedence: an image, not a text pill). */
export const CERTIFIED_BADGE_PATH = "site/certified-badge.svg";
export function certifiedBadgeUrl(width = 160): string {
  return vehicleImageUrl(CERTIFIED_BADGE_PATH, { width });
}

export function imageNotFoundUrl(width = 320): string {
  return vehicleImageUrl(IMAGE_NOT_FOUND_PATH, { width });
}

/** The spec's missing-logo rule: a missing or blank logo shows the default image-not-found picture. */
export function logoOrNotFound(logo: string | null | undefined, width = 320): string {
  return logo?.trim() ? logo : imageNotFoundUrl(width);
}
