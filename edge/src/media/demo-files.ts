import { DEMO_WALKAROUND_VIDEOS } from "@dealer/shared/media";
// Bundled as Data modules (edge/wrangler.jsonc rules): made by `npm run demo:video` (ADR 0054).
import car from "./demo/walkaround-car.webm";
import motorcycle from "./demo/walkaround-motorcycle.webm";
import type { MediaFile } from "./media-routes";

/** The demo's walkaround videos, by the address the demo cars' video_url names. */
export const DEMO_MEDIA_FILES: Record<string, MediaFile> = {
  [DEMO_WALKAROUND_VIDEOS.car]: { bytes: car, type: "video/webm" },
  [DEMO_WALKAROUND_VIDEOS.motorcycle]: { bytes: motorcycle, type: "video/webm" },
};
