export { DEMO_MEDIA_FILES } from "./demo-files";
export { createMediaRoutes, type MediaFile } from "./media-routes";
export { serveVideo } from "./video-route";
