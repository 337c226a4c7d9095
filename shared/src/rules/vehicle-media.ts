import type { Car } from "../contract/car";
import type { SiteConfig } from "../config/site-config";

export const VIDEO_EMBED_PREFIXES = ["https://www.youtube.com/embed/", "https://www.youtube-nocookie.com/embed/"] as const;
export const THUMBNAILS_MIN_IMAGES = 3;

/** Embedded only with a video-sharing embed prefix; otherwise a native looping muted video. */
export function videoKind(url: string): "embed" | "native" {
  return VIDEO_EMBED_PREFIXES.some((prefix) => url.startsWith(prefix)) ? "embed" : "native";
}

/** Gallery thumbnails appear only with more than 3 images. */
export const showGalleryThumbnails = (imageCount: number) => imageCount > THUMBNAILS_MIN_IMAGES;

export type ViewerMode = SiteConfig["vehicle"]["defaultViewerMode"];

/** The viewer modes a car has media for; gallery always. */
export function viewerModes(car: Pick<Car, "spin_images" | "video_url" | "external_video_url" | "spin_interior_image">): ViewerMode[] {
  const modes: ViewerMode[] = [];
  if (car.spin_images.length) modes.push("spinner");
  if (car.video_url || car.external_video_url) modes.push("walkaround");
  modes.push("gallery");
  if (car.spin_interior_image) modes.push("interior");
  return modes;
}

/** The configured default mode (spinner, or gallery on one configuration) when the car supports it. */
export function initialViewerMode(car: Parameters<typeof viewerModes>[0], vehicle: Pick<SiteConfig["vehicle"], "defaultViewerMode">): ViewerMode {
  return viewerModes(car).includes(vehicle.defaultViewerMode) ? vehicle.defaultViewerMode : "gallery";
}

/** Where the stock video goes among a car's images: start, second (default), middle or end (the gallery's slide index). */
export function videoSlideIndex(imageCount: number, position: SiteConfig["vehicle"]["stockVideoPosition"]): number {
  return { start: 0, second: Math.min(1, imageCount), middle: Math.floor(imageCount / 2), end: imageCount }[position];
}
