import { exifRotation, PHOTO_LIMITS, PHOTO_MIME, PHOTO_REASONS, type PhotoState, type PhotoType, type ReadyPhoto, sniffPhotoType } from "@dealer/shared/media";
import type { PhotoEnv } from "../../env";

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
const streamOf = (bytes: Bytes) => new Blob([bytes]).stream() as unknown as ImagesStream;
const bytesOf = async (stream: ReadableStream<Uint8Array> | import("@cloudflare/workers-types").ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream as ReadableStream<Uint8Array>).arrayBuffer());

async function sha256Hex(bytes: Bytes): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The first pixel of a 1-pixel PNG (every PNG row filter leaves a row's first pixel as stored): "#rrggbb". */
async function pngFirstPixel(png: Bytes): Promise<string | null> {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const colourType = png[25];
  const idat: Uint8Array[] = [];
  for (let offset = 8; offset + 8 <= png.length; ) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    if (type === "IDAT") idat.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = await bytesOf(new Blob(idat as Bytes[]).stream().pipeThrough(new DecompressionStream("deflate")));
  const hex = (values: number[]) => `#${values.map((value) => value.toString(16).padStart(2, "0")).join("")}`;
  // Byte 0 is the row's filter type; then grey (0, 4) or RGB (2, 6) samples of 8 bits.
  if (colourType === 2 || colourType === 6) return hex([raw[1] ?? 0, raw[2] ?? 0, raw[3] ?? 0]);
  if (colourType === 0 || colourType === 4) return hex([raw[1] ?? 0, raw[1] ?? 0, raw[1] ?? 0]);
  return null;
}

/** What a page shows until the photo loads: the whole picture shrunk to one pixel. */
async function dominantColour(images: ImagesBinding, bytes: Bytes): Promise<string> {
  const pixel = await (await images.input(streamOf(bytes)).transform({ width: 1, height: 1 }).output({ format: "image/png" })).image();
  return (await pngFirstPixel(await bytesOf(pixel)).catch(() => null)) ?? "#808080";
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
  // Sides from the header alone, before anything decodes the pixels (a decompression bomb claims 50,000 px).
  const info = await env.IMAGES.info(streamOf(bytes)).catch(() => null);
  if (!info || !("width" in info)) return refusedPhoto(sniffed === "heic" ? PHOTO_REASONS.heic : PHOTO_REASONS.undecodable);
  if (info.width > PHOTO_LIMITS.maxSide || info.height > PHOTO_LIMITS.maxSide) return refusedPhoto(PHOTO_REASONS.tooWide(info.width, info.height));
  if (info.width < PHOTO_LIMITS.minSide || info.height < PHOTO_LIMITS.minSide) return refusedPhoto(PHOTO_REASONS.tooSmall(info.width, info.height));
  const type: PhotoType = sniffed === "heic" ? "jpeg" : sniffed;
  const rotate = type === "jpeg" ? exifRotation(bytes) : 0;
  const turned = rotate === 90 || rotate === 270;
  let cleaned: Bytes;
  let photo: ReadyPhoto;
  try {
    const output = await env.IMAGES.input(streamOf(bytes))
      .transform(rotate ? { rotate } : {})
      .output({ format: PHOTO_MIME[type], quality: 90 });
    cleaned = await bytesOf(output.image());
    // A truncated file may pass its header's checks and then decode to nothing.
    if (!cleaned.byteLength) return refusedPhoto(PHOTO_REASONS.undecodable);
    photo = { hash, width: turned ? info.height : info.width, height: turned ? info.width : info.height, colour: await dominantColour(env.IMAGES, cleaned) };
  } catch {
    return refusedPhoto(PHOTO_REASONS.undecodable);
  }
  await env.PHOTOS.put(key, cleaned, {
    httpMetadata: { contentType: PHOTO_MIME[type] },
    customMetadata: { width: String(photo.width), height: String(photo.height), colour: photo.colour, type },
  });
  return { state: { status: "ready", ...photo } };
}
