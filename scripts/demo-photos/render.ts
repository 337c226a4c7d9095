import { SPIN_FRAME_COUNT, isVehicleImageAngle, isVehicleImageBody, isVehicleImageColour, type VehicleImageBody, type VehicleImageColour } from "@dealer/shared/media";
import { type CarInput, photoUrlOf } from "@dealer/shared/contract";
import { type DemoPicture, demoPhotoPath, demoSpinFramePath } from "../../db/demo/media";
import { createRng, hashSeed } from "../../db/demo/prng";
import { buildSpinFrame, buildVehiclePicture } from "../../edge/src/images/vehicle-svg";

/**
 * The demo's car photographs (issue 30 goal 4, ADR 0083): the platform's own vehicle drawing rendered to a JPEG over a
 * mottled backdrop with sensor-like grain, so it compresses like a photo (a flat drawing would be a few KB in any
 * format and say nothing about a dealer's photos). 3:2 at 1200 px: wider than any slot draws it at 1x, and a photo's
 * width caps its srcset (ADR 0071), so the gallery's 2x rungs are still real.
 */
export const DEMO_PHOTO = { width: 1200, height: 800, quality: 82 } as const;

export type { DemoPicture } from "../../db/demo/media";
/** One frame of a demo car's 360 spin (ADR 0094), uploaded as a dealer's spin is. */
export interface DemoSpinFrame {
  body: VehicleImageBody;
  colour: VehicleImageColour;
  frame: number;
}
export type DemoShot = DemoPicture | DemoSpinFrame;

/** The origin's path of a gallery photo or a spin frame. */
export const demoShotPath = (shot: DemoShot): string => ("angle" in shot ? demoPhotoPath(shot) : demoSpinFramePath(shot.body, shot.colour, shot.frame));

const PATH = /^vehicles\/([a-z]+)\/([a-z]+)\/(?:spin\/(0|[1-9]\d?)|([a-z-]+))\.jpg$/;

/** The picture a path names, or null for anything else (the origin answers 404). */
export function parseDemoPhotoPath(path: string): DemoShot | null {
  const [, body = "", colour = "", frame, angle = ""] = PATH.exec(path) ?? [];
  if (!isVehicleImageBody(body) || !isVehicleImageColour(colour)) return null;
  if (frame !== undefined) return Number(frame) < SPIN_FRAME_COUNT ? { body, colour, frame: Number(frame) } : null;
  return isVehicleImageAngle(angle) ? { body, colour, angle } : null;
}

/** The gallery photo or spin frame an origin URL names (any origin), or null. */
export const shotOfUrl = (url: string): DemoShot | null => (URL.canParse(url) ? parseDemoPhotoPath(new URL(url).pathname.slice(1)) : null);

/** Every picture the demo stock names (its galleries' photos, then its spin cars' frames and panoramas), each once. */
export function demoShots(vehicles: Pick<CarInput, "images">[], spinCars: Pick<CarInput, "images">[]): DemoShot[] {
  const urls = vehicles.flatMap((car) => (car.images ?? []).map(photoUrlOf));
  const shots = new Map<string, DemoShot>();
  for (const shot of urls.map(shotOfUrl)) if (shot) shots.set(demoShotPath(shot), shot);
  for (const car of spinCars) {
    const interior = demoInteriorShot(car);
    for (const shot of [...demoSpinFrames(car), ...(interior ? [interior] : [])]) shots.set(demoShotPath(shot), shot);
  }
  return [...shots.values()];
}

/** The body and paint of a demo car, as its first gallery photo shows them. */
function carShot(car: Pick<CarInput, "images">): DemoShot | null {
  const first = car.images?.[0];
  return first ? shotOfUrl(photoUrlOf(first)) : null;
}

/** A spin car's frames: its body and paint, as its first gallery photo shows them. */
export function demoSpinFrames(car: Pick<CarInput, "images">): DemoSpinFrame[] {
  const shot = carShot(car);
  if (!shot) return [];
  return Array.from({ length: SPIN_FRAME_COUNT }, (_, frame) => ({ body: shot.body, colour: shot.colour, frame }));
}

/** A spin car's interior panorama (ADR 0102): the drawing's interior view of its body and paint, as a photograph. */
export function demoInteriorShot(car: Pick<CarInput, "images">): DemoPicture | null {
  const shot = carShot(car);
  return shot ? { body: shot.body, colour: shot.colour, angle: "interior" } : null;
}

/**
 * sharp (libvips: about 19 MB of the process) loaded on the first render only: a later start's origin serves its
 * cache on disk and never renders (ADR 0121).
 */
const loadSharp = () => import("sharp").then((module) => module.default);

/** Octaves of the texture: cells across the picture and strength. The finer ones survive a card's downscale. */
const OCTAVES = [
  { cells: 24, strength: 70 },
  { cells: 150, strength: 50 },
  { cells: 400, strength: 56 },
  { cells: 600, strength: 40 },
] as const;

/**
 * A grey texture centred on mid-grey: smooth random fields from uneven light down to fine surface detail, plus
 * per-pixel grain, scaled by `strength`, seeded so the same picture always has the same bytes (and so the same
 * content hash in R2 on every run).
 */
async function makeTexture(seed: string, strength: number): Promise<Buffer> {
  const { width, height } = DEMO_PHOTO;
  const sharp = await loadSharp();
  const rng = createRng(seed);
  const sum = new Float32Array(width * height);
  for (const octave of OCTAVES) {
    const size = { width: octave.cells, height: Math.round((octave.cells * height) / width) };
    const noise = Buffer.from(Array.from({ length: size.width * size.height }, () => 128 + Math.round((rng.next() - 0.5) * octave.strength)));
    const field = await sharp(noise, { raw: { ...size, channels: 1 } }).resize(width, height, { kernel: "cubic" }).raw().toBuffer();
    for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] ?? 0) + (field[i] ?? 128) - 128;
  }
  const grey = Buffer.alloc(sum.length);
  for (let i = 0; i < sum.length; i++) grey[i] = Math.max(0, Math.min(255, Math.round(128 + strength * ((sum[i] ?? 0) + (rng.next() - 0.5) * 30))));
  return sharp(grey, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

/** Textures are costly to make (about a second each): a few are made once and shared, picked by the picture. */
const TEXTURES = 6;
const made = new Map<string, Promise<Buffer>>();
function sharedTexture(picture: string, use: "bay" | "grain"): Promise<Buffer> {
  const key = `${use}-${hashSeed(picture) % TEXTURES}`;
  const texture = made.get(key) ?? makeTexture(key, use === "bay" ? 1 : 0.8);
  made.set(key, texture);
  return texture;
}

/** A dealer's photo bay: a lit wall over a concrete floor that the car stands on (the floor line above its wheels). */
const BAY =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_PHOTO.width}" height="${DEMO_PHOTO.height}" viewBox="0 0 600 400">` +
  `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9ced6"/><stop offset="1" stop-color="#e9ebee"/></linearGradient>` +
  `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a9acb0"/><stop offset="1" stop-color="#74787d"/></linearGradient></defs>` +
  `<rect width="600" height="235" fill="url(#wall)"/><rect y="235" width="600" height="165" fill="url(#floor)"/>` +
  `<rect y="232" width="600" height="4" fill="#8c9096"/></svg>`;

/** The JPEG of one demo picture or spin frame: deterministic bytes, no metadata. */
export async function renderDemoPhoto(shot: DemoShot): Promise<Buffer> {
  const { width, height, quality } = DEMO_PHOTO;
  const seed = demoShotPath(shot);
  const sharp = await loadSharp();
  const bay = await sharp(Buffer.from(BAY))
    .composite([{ input: await sharedTexture(seed, "bay"), blend: "overlay" }])
    .png()
    .toBuffer();
  const options = { body: shot.body, colour: shot.colour, width, quality: 100, backdrop: false };
  const svg = "angle" in shot ? buildVehiclePicture({ ...options, angle: shot.angle }) : buildSpinFrame({ ...options, frame: shot.frame });
  const drawing = await sharp(Buffer.from(svg))
    .resize(width, height)
    // A lens is never as sharp as a vector edge.
    .blur(0.7)
    .png()
    .toBuffer();
  return sharp(bay)
    .composite([{ input: drawing }, { input: await sharedTexture(seed, "grain"), blend: "soft-light" }])
    .jpeg({ quality, chromaSubsampling: "4:2:0" })
    .toBuffer();
}
