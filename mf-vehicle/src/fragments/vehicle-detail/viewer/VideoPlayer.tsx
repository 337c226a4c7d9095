import { useEffect, useRef } from "react";
import type { VideoSlide } from "../props";

/** Embedded only with the video service's embed prefix; otherwise a native muted looping video, playing while shown. */
export function VideoPlayer({ video, active }: { video: VideoSlide; active: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (active) element.play().catch((error: unknown) => console.warn("[vehicle] video did not start", error));
    else element.pause();
  }, [active]);
  if (video.player === "embed") {
    return <iframe className="vehicle-viewer__video" src={video.src} title={video.alt} loading="lazy" allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />;
  }
  return (
    <video ref={ref} className="vehicle-viewer__video" src={video.src} muted loop playsInline controls preload="metadata" aria-label={video.alt}>
      <track kind="captions" />
    </video>
  );
}
