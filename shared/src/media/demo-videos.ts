/**
 * The demo's dealer-hosted walkaround videos (ADR 0054): WebM files the gateway serves itself under /media/demo/,
 * made by `npm run demo:video`. A car's `video_url` names one; the viewer plays it as a native looping muted video.
 */
export const DEMO_WALKAROUND_VIDEOS = {
  car: "/media/demo/walkaround-car.webm",
  motorcycle: "/media/demo/walkaround-motorcycle.webm",
} as const;
