/**
 * npm run demo:video — the demo's native walkaround videos (ADR 0054), drawn without ffmpeg: the gateway's own 360
 * spin pictures (edge/src/images) turn once on a canvas in Debian's headless Chromium, which records the canvas with
 * MediaRecorder as WebM (VP9). Chromium's recorder finishes the file (Duration and Cues), which is checked here: a
 * file without them would show no length and seek poorly. Run it again to remake the files.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_WALKAROUND_VIDEOS, SPIN_FRAME_COUNT, type VehicleImageBody, type VehicleImageColour } from "@dealer/shared/media";
import { buildSpinFrame } from "../../edge/src/images/vehicle-svg";
import { ensureChromium, launchChromium } from "../chromium";

const OUT_DIR = join(import.meta.dirname, "../../edge/src/media/demo");
/** The gallery's 3:2 size; the spin pictures are drawn for it. */
const SIZE = { width: 600, height: 400 };
const FPS = 24;
/** One full turn in this many seconds, then the video loops back to where it began. */
const SECONDS = 5;
const BITS_PER_SECOND = 300_000;

const VIDEOS: Record<keyof typeof DEMO_WALKAROUND_VIDEOS, { body: VehicleImageBody; colour: VehicleImageColour }> = {
  car: { body: "suv", colour: "silver" },
  motorcycle: { body: "motorcycle", colour: "red" },
};

/** The SVG pictures of one turn, a fraction of a spin frame apart so the turn is smooth. */
function turnFrames(body: VehicleImageBody, colour: VehicleImageColour): string[] {
  const count = FPS * SECONDS;
  return Array.from({ length: count }, (_, i) => buildSpinFrame({ body, colour, width: SIZE.width, quality: 75, frame: (i * SPIN_FRAME_COUNT) / count }));
}

type Recording = { bytes: number[]; seconds: number; seekableTo: number };

/** Runs in the page: draws each picture in real time on a canvas recorded by MediaRecorder; the WebM and what a player reads of it. */
async function recordInPage(args: { frames: string[]; fps: number; width: number; height: number; bitsPerSecond: number }): Promise<Recording> {
  const canvas = document.createElement("canvas");
  canvas.width = args.width;
  canvas.height = args.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2D canvas");
  const pictures = await Promise.all(
    args.frames.map(async (svg) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await image.decode();
      return image;
    }),
  );
  const stream = canvas.captureStream(0);
  const [track] = stream.getVideoTracks() as CanvasCaptureMediaStreamTrack[];
  if (!track) throw new Error("no canvas track");
  const recorder = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp9", videoBitsPerSecond: args.bitsPerSecond });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => recorder.addEventListener("stop", resolve));
  recorder.start();
  // Each picture at its own time from the start (frames are stamped with their capture time); the last one is held a frame.
  // (No named helper functions in here: the page runs this function's source, without tsx's helpers.)
  const start = performance.now();
  for (let i = 0; i <= pictures.length; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + (i * 1000) / args.fps - performance.now())));
    const picture = pictures[i];
    if (!picture) break;
    context.drawImage(picture, 0, 0);
    track.requestFrame();
  }
  recorder.stop();
  await stopped;
  const blob = new Blob(chunks, { type: "video/webm" });
  const video = document.createElement("video");
  video.muted = true;
  video.src = URL.createObjectURL(blob);
  await new Promise((resolve) => video.addEventListener("loadedmetadata", resolve, { once: true }));
  const seekableTo = video.seekable.length ? video.seekable.end(0) : 0;
  return { bytes: [...new Uint8Array(await blob.arrayBuffer())], seconds: video.duration, seekableTo };
}

ensureChromium();
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  for (const [name, { body, colour }] of Object.entries(VIDEOS)) {
    const recording = await page.evaluate(recordInPage, { frames: turnFrames(body, colour), fps: FPS, ...SIZE, bitsPerSecond: BITS_PER_SECOND });
    if (!Number.isFinite(recording.seconds) || recording.seekableTo < recording.seconds - 0.1) {
      throw new Error(`${name}: the recording has no Duration or is not seekable (${recording.seconds} s, seekable to ${recording.seekableTo} s); this Chromium's MediaRecorder does not finish its WebM, use a newer one`);
    }
    const file = new Uint8Array(recording.bytes);
    const path = join(OUT_DIR, DEMO_WALKAROUND_VIDEOS[name as keyof typeof VIDEOS].split("/").at(-1) ?? "");
    writeFileSync(path, file);
    console.log(`${path}: ${(file.length / 1024).toFixed(0)} KB, ${recording.seconds.toFixed(2)} s, ${SIZE.width}x${SIZE.height} VP9`);
  }
} finally {
  await browser.close();
}
