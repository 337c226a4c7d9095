import { type ExifOrientation, exifOrientation, jpegSides, PHOTO_LIMITS, PHOTO_MIME, PHOTO_REASONS, type PhotoState, type PhotoType, type ReadyPhoto, sniffPhotoType } from "@dealer/shared/media";
import type { PhotoEnv } from "../../env";
import { mirrorPngRows, pngFirstPixel } from "./png-rows";

/**
 * The one check and store of a photo's bytes (ADR 0067, 0075), whether the queue fetched them from a dealer's URL or
 * the dealer uploaded them: the bytes decide the type, the sides are read from the header before any pixel is
 * decoded, the EXIF rotation is applied and every metadata block (GPS included) dropped by re-encoding, and the copy
 * is kept in R2 under {site}/{SHA-256 of the bytes as received}, so the same photo is stored once however it came.
 */
export type PhotoOutcome = { state: Extract<PhotoState, { status: "ready" }> } | { state: Extract<PhotoState, { status: "failed" }>; retry: boolean };
export const refusedPhoto = (reason: string): PhotoOutcome => ({ state: { status: "failed", reason }, retry: false });

export type Bytes = Uint8Array<ArrayBuffer>;
type ImagesStream = Parameters<ImagesBinding["info"]>[0];

/**
 * The bytes as a stream of one chunk (a copy: the reader may take it), for an Images binding call. The binding builds
 * its request body by reading its input chunk after chunk in one synchronous turn of the runtime (workerd's
 * streaming-forms): a Blob's stream came in many chunks, and a photo's turn was 3-7 ms of the one thread the pages
 * share locally (ADR 0119). One chunk is one step.
 */
export const oneChunk = (bytes: Bytes): ReadableStream<Bytes> =>
  new ReadableStream<Bytes>({
    start(controller) {
      controller.enqueue(bytes.slice());
      controller.close();
    },
  });
const streamOf = (bytes: Bytes) => oneChunk(bytes) as unknown as ImagesStream;

const bytesOf = async (stream: ReadableStream<Uint8Array> | import("@cloudflare/workers-types").ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream as ReadableStream<Uint8Array>).arrayBuffer());

async function sha256Hex(bytes: Bytes): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What a page shows until the photo loads: the whole picture shrunk to one pixel. */
async function dominantColour(images: ImagesBinding, bytes: Bytes): Promise<string> {
  const pixel = await (await images.input(streamOf(bytes)).transform({ width: 1, height: 1 }).output({ format: "image/png" })).image();
  return (await pngFirstPixel(await bytesOf(pixel)).catch(() => null)) ?? "#808080";
}

/** A mirrored photo is mirrored as a PNG of at most this many pixels a side, so its rows fit in a Worker's memory. */
const MIRROR_MAX_SIDE = 2400;

/**
 * A photo whose EXIF orientation mirrors, mirrored top to bottom (its turn follows in the binding): as a PNG from the
 * binding, its rows reversed (png-rows.ts). A PNG this cannot read goes on unmirrored, turned as before.
 */
async function mirrored(images: ImagesBinding, bytes: Bytes, info: { width: number; height: number }): Promise<Bytes> {
  const fit = info.width >= info.height ? { width: Math.min(info.width, MIRROR_MAX_SIDE) } : { height: Math.min(info.height, MIRROR_MAX_SIDE) };
  const png = await bytesOf(await (await images.input(streamOf(bytes)).transform(fit).output({ format: "image/png" })).image());
  return ((await mirrorPngRows(png)) as Bytes | null) ?? png;
}

/** A photo's bytes (at most PHOTO_LIMITS.maxBytes, read by the caller) checked, cleaned and kept; or the reason it is refused. */
export async function checkAndStorePhoto(env: PhotoEnv, site: string, bytes: Bytes): Promise<PhotoOutcome> {
  if (!env.PHOTOS || !env.IMAGES) throw new Error("The photo pipeline needs the PHOTOS (R2) and IMAGES bindings");
  if (bytes.byteLength > PHOTO_LIMITS.maxBytes) return refusedPhoto(PHOTO_REASONS.tooLarge);
  const sniffed = sniffPhotoType(bytes);
  if (!sniffed) return refusedPhoto(PHOTO_REASONS.notImage);
  const hash = await sha256Hex(bytes);
  const key = `${site}/${hash}`;
  const held = await env.PHOTOS.head(key);
  if (held?.customMetadata?.width) {
    const { width, height, colour } = held.customMetadata;
    return { state: { status: "ready", hash, width: Number(width), height: Number(height), colour: colour ?? "#808080" } };
  }
  // Sides from the header alone, before anything decodes the pixels (a decompression bomb claims 50,000 px): a JPEG's
  // read here (ADR 0116), any other's by the binding.
  const info = (sniffed === "jpeg" ? jpegSides(bytes) : null) ?? (await env.IMAGES.info(streamOf(bytes)).catch(() => null));
  if (!info || !("width" in info)) return refusedPhoto(sniffed === "heic" ? PHOTO_REASONS.heic : PHOTO_REASONS.undecodable);
  if (info.width > PHOTO_LIMITS.maxSide || info.height > PHOTO_LIMITS.maxSide) return refusedPhoto(PHOTO_REASONS.tooWide(info.width, info.height));
  if (info.width < PHOTO_LIMITS.minSide || info.height < PHOTO_LIMITS.minSide) return refusedPhoto(PHOTO_REASONS.tooSmall(info.width, info.height));
  const type: PhotoType = sniffed === "heic" ? "jpeg" : sniffed;
  const { rotate, mirror }: ExifOrientation = type === "jpeg" ? exifOrientation(bytes) : { rotate: 0, mirror: false };
  const turned = rotate === 90 || rotate === 270;
  let cleaned: Bytes;
  let photo: ReadyPhoto;
  try {
    const upright = mirror ? await mirrored(env.IMAGES, bytes, info) : bytes;
    const output = await env.IMAGES.input(streamOf(upright))
      .transform(rotate ? { rotate } : {})
      .output({ format: PHOTO_MIME[type], quality: 90 });
    cleaned = await bytesOf(output.image());
    // A truncated file may pass its header's checks and then decode to nothing.
    if (!cleaned.byteLength) return refusedPhoto(PHOTO_REASONS.undecodable);
    // A mirrored photo may have been made smaller (MIRROR_MAX_SIDE): its sides are read from the result.
    const sides = mirror ? await env.IMAGES.info(streamOf(cleaned)) : info;
    if (!("width" in sides)) return refusedPhoto(PHOTO_REASONS.undecodable);
    const [width, height] = turned && !mirror ? [info.height, info.width] : [sides.width, sides.height];
    photo = { hash, width, height, colour: await dominantColour(env.IMAGES, cleaned) };
  } catch {
    return refusedPhoto(PHOTO_REASONS.undecodable);
  }
  await env.PHOTOS.put(key, cleaned, {
    httpMetadata: { contentType: PHOTO_MIME[type] },
    customMetadata: { width: String(photo.width), height: String(photo.height), colour: photo.colour, type },
  });
  return { state: { status: "ready", ...photo } };
}
