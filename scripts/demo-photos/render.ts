import {
  isVehicleImageAngle,
  isVehicleImageBody,
  isVehicleImageColour,
  type VehicleImageAngle,
  type VehicleImageBody,
  type VehicleImageColour,
} from "@dealer/shared/media";
import sharp from "sharp";
import { createRng, hashSeed } from "../../db/demo/prng";
import { buildVehiclePicture } from "../../edge/src/images/vehicle-svg";

/**
 * The demo's car photographs (issue 30 goal 4, ADR 0083): the platform's own vehicle drawing rendered to a JPEG over a
 * mottled backdrop with sensor-like grain, so it compresses like a photo (a flat drawing would be a few KB in any
 * format and say nothing about a dealer's photos). 3:2 at 1200 px: wider than any slot draws it at 1x, and a photo's
 * width caps its srcset (ADR 0071), so the gallery's 2x rungs are still real.
 */
export const DEMO_PHOTO = { width: 1200, height: 800, quality: 82 } as const;

export interface DemoPicture {
  body: VehicleImageBody;
  colour: VehicleImageColour;
  angle: VehicleImageAngle;
}

/** The origin's path of a demo photo: vehicles/{body}/{colour}/{angle}.jpg. */
export const demoPhotoPath = ({ body, colour, angle }: DemoPicture): string => `vehicles/${body}/${colour}/${angle}.jpg`;

const PATH = /^vehicles\/([a-z]+)\/([a-z]+)\/([a-z-]+)\.jpg$/;

/** The picture a path names, or null for anything else (the origin answers 404). */
export function parseDemoPhotoPath(path: string): DemoPicture | null {
  const [, body = "", colour = "", angle = ""] = PATH.exec(path) ?? [];
  return isVehicleImageBody(body) && isVehicleImageColour(colour) && isVehicleImageAngle(angle) ? { body, colour, angle } : null;
}

/** Octaves of the texture: cells across the picture and strength. The finer ones survive a card's downscale. */
const OCTAVES = [
  { cells: 24, strength: 70 },
  { cells: 150, strength: 50 },
  { cells: 400, strength: 56 },
  { cells: 600, strength: 40 },
] as const;

/** The picture a gateway drawing's URL shows (`…/vehicles/{body}/{colour}/{angle}.svg`), or null (a spin frame, a logo). */
export function pictureOfDrawing(url: string): DemoPicture | null {
  const path = /\/(vehicles\/[a-z]+\/[a-z]+\/[a-z-]+)\.svg$/.exec(url)?.[1];
  return path ? parseDemoPhotoPath(`${path}.jpg`) : null;
}

/**
 * A grey texture centred on mid-grey: smooth random fields from uneven light down to fine surface detail, plus
 * per-pixel grain, scaled by `strength`, seeded so the same picture always has the same bytes (and so the same
 * content hash in R2 on every run).
 */
async function makeTexture(seed: string, strength: number): Promise<Buffer> {
  const { width, height } = DEMO_PHOTO;
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

/** The JPEG of one demo picture: deterministic bytes, no metadata. */
export async function renderDemoPhoto(picture: DemoPicture): Promise<Buffer> {
  const { width, height, quality } = DEMO_PHOTO;
  const seed = demoPhotoPath(picture);
  const bay = await sharp(Buffer.from(BAY))
    .composite([{ input: await sharedTexture(seed, "bay"), blend: "overlay" }])
    .png()
    .toBuffer();
  const drawing = await sharp(Buffer.from(buildVehiclePicture({ ...picture, width, quality: 100, backdrop: false })))
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
