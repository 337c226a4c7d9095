import { guardedGet, OutboundRefused, photoPolicy } from "@dealer/shared/outbound-guard";
import {
  type ExifOrientation,
  exifOrientation,
  PHOTO_LIMITS,
  PHOTO_MIME,
  PHOTO_REASONS,
  type PhotoState,
  type PhotoType,
  photoRetryDelaySeconds,
  type ReadyPhoto,
  sniffPhotoType,
} from "@dealer/shared/media";
import { z } from "zod";
import type { Env } from "../../env";
import type { PhotoMessage } from "./photo-message";
import { stockChangeNotifier } from "../../search-backend/push-messages";
import { refreshCarsShowing, type WriteCarsAsRead } from "./photo-store";
import { mirrorPngRows, pngFirstPixel } from "./png-rows";

/**
 * The photo queue's consumer (ADR 0067): fetches a dealer's photo URL through the SSRF guard, lets the bytes decide what
 * it is, refuses what is not a photo (with the reason the feed report shows), and keeps a cleaned copy in R2 under
 * {site}/{SHA-256 of the fetched bytes}: the same photo sent twice is stored once. Never in the feed's request.
 */
export const PHOTO_QUEUE_NAME = "dealer-photo-fetch";
/** Attempts of a URL that failed for a reason time may cure (an HTTP error, a timeout); a refusal is not retried. */
export const PHOTO_MAX_ATTEMPTS = 6;

const messageSchema = z.object({ site: z.string().min(1), url: z.string().min(1) });

type Outcome = { state: Extract<PhotoState, { status: "ready" }> } | { state: Extract<PhotoState, { status: "failed" }>; retry: boolean };
const refused = (reason: string): Outcome => ({ state: { status: "failed", reason }, retry: false });
const failed = (reason: string): Outcome => ({ state: { status: "failed", reason }, retry: true });

type Bytes = Uint8Array<ArrayBuffer>;
type ImagesStream = Parameters<ImagesBinding["info"]>[0];
const streamOf = (bytes: Bytes) => new Blob([bytes]).stream() as unknown as ImagesStream;
const bytesOf = async (stream: ReadableStream<Uint8Array> | import("@cloudflare/workers-types").ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream as ReadableStream<Uint8Array>).arrayBuffer());

/** The body, or null once it passes the byte limit (read no further: a slow or endless origin costs no more). */
async function readCapped(response: Response): Promise<Bytes | null> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > PHOTO_LIMITS.maxBytes) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > PHOTO_LIMITS.maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

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

/**
 * The photo behind a URL, checked and cleaned: its type from its bytes, its size and sides in range, its EXIF
 * rotation applied and every metadata block (GPS included) dropped by re-encoding in its own format.
 */
export async function fetchPhoto(env: Env, site: string, url: string, fetcher: typeof fetch = fetch): Promise<Outcome> {
  if (!env.PHOTOS || !env.IMAGES) throw new Error("The photo pipeline needs the PHOTOS (R2) and IMAGES bindings");
  let response: Response;
  try {
    response = await guardedGet(url, { signal: AbortSignal.timeout(PHOTO_LIMITS.fetchTimeoutMs), headers: { accept: "image/avif,image/webp,image/jpeg,image/png,*/*;q=0.5" } }, photoPolicy(env), fetcher);
  } catch (error) {
    if (error instanceof OutboundRefused) return refused(error.message);
    return failed(error instanceof Error && error.name === "TimeoutError" ? PHOTO_REASONS.timeout : PHOTO_REASONS.unreachable);
  }
  if (!response.ok) {
    await response.body?.cancel();
    return failed(PHOTO_REASONS.http(response.status));
  }
  const bytes = await readCapped(response).catch(() => undefined);
  if (bytes === undefined) return failed(PHOTO_REASONS.unreachable);
  if (bytes === null) return refused(PHOTO_REASONS.tooLarge);
  const sniffed = sniffPhotoType(bytes);
  if (!sniffed) return refused(PHOTO_REASONS.notImage);
  const hash = await sha256Hex(bytes);
  const key = `${site}/${hash}`;
  const held = await env.PHOTOS.head(key);
  if (held?.customMetadata?.width) {
    const { width, height, colour } = held.customMetadata;
    return { state: { status: "ready", hash, width: Number(width), height: Number(height), colour: colour ?? "#808080" } };
  }
  // Sides from the header alone, before anything decodes the pixels (a decompression bomb claims 50,000 px).
  const info = await env.IMAGES.info(streamOf(bytes)).catch(() => null);
  if (!info || !("width" in info)) return refused(sniffed === "heic" ? PHOTO_REASONS.heic : PHOTO_REASONS.undecodable);
  if (info.width > PHOTO_LIMITS.maxSide || info.height > PHOTO_LIMITS.maxSide) return refused(PHOTO_REASONS.tooWide(info.width, info.height));
  if (info.width < PHOTO_LIMITS.minSide || info.height < PHOTO_LIMITS.minSide) return refused(PHOTO_REASONS.tooSmall(info.width, info.height));
  const type: PhotoType = sniffed === "heic" ? "jpeg" : sniffed;
  const { rotate, mirror }: ExifOrientation = type === "jpeg" ? exifOrientation(bytes) : { rotate: 0, mirror: false };
  let cleaned: Bytes;
  try {
    const upright = mirror ? await mirrored(env.IMAGES, bytes, info) : bytes;
    const output = await env.IMAGES.input(streamOf(upright))
      .transform(rotate ? { rotate } : {})
      .output({ format: PHOTO_MIME[type], quality: 90 });
    cleaned = await bytesOf(output.image());
  } catch {
    return refused(PHOTO_REASONS.undecodable);
  }
  const turned = rotate === 90 || rotate === 270;
  const sides = mirror ? await env.IMAGES.info(streamOf(cleaned)) : info;
  if (!("width" in sides)) return refused(PHOTO_REASONS.undecodable);
  const photo: ReadyPhoto = {
    hash,
    width: turned && !mirror ? info.height : sides.width,
    height: turned && !mirror ? info.width : sides.height,
    colour: await dominantColour(env.IMAGES, cleaned),
  };
  await env.PHOTOS.put(key, cleaned, {
    httpMetadata: { contentType: PHOTO_MIME[type] },
    customMetadata: { width: String(photo.width), height: String(photo.height), colour: photo.colour, type },
  });
  return { state: { status: "ready", ...photo } };
}

/** One message: fetch the URL unless it is held already, record the outcome, bring the cars showing it up to date. */
async function consumeOne(message: Message<unknown>, env: Env, carsWriter: CarsWriter): Promise<void> {
  const parsed = messageSchema.safeParse(message.body);
  if (!parsed.success) return message.ack();
  const { site, url }: PhotoMessage = parsed.data;
  const row = await env.DB.prepare("SELECT status, attempts FROM photos WHERE site = ? AND url = ?").bind(site, url).first<{ status: string; attempts: number }>();
  if (!row || row.status === "ready") return message.ack();
  const outcome = await fetchPhoto(env, site, url);
  const now = new Date().toISOString();
  const { state } = outcome;
  await env.DB.prepare(
    `UPDATE photos SET status = ?3, hash = ?4, width = ?5, height = ?6, colour = ?7, reason = ?8, attempts = attempts + 1, updated_at = ?9
      WHERE site = ?1 AND url = ?2`,
  )
    .bind(site, url, state.status, ...(state.status === "ready" ? [state.hash, state.width, state.height, state.colour, null] : [null, null, null, null, state.reason]), now)
    .run();
  await refreshCarsShowing(env.DB, site, url, carsWriter(env.DB, now, stockChangeNotifier(env)));
  const attempts = row.attempts + 1;
  if ("retry" in outcome && outcome.retry && attempts < PHOTO_MAX_ATTEMPTS) message.retry({ delaySeconds: photoRetryDelaySeconds(attempts) });
  else message.ack();
}

type Message<Body> = MessageBatch<Body>["messages"][number];

/** The stock's write for a settled photo's cars, given by the worker (the stock imports photos, not the other way). */
export type CarsWriter = (db: D1Database, now: string, changed: ReturnType<typeof stockChangeNotifier>) => WriteCarsAsRead;

export async function consumePhotos(batch: MessageBatch<unknown>, env: Env, carsWriter: CarsWriter): Promise<void> {
  for (const message of batch.messages) {
    try {
      await consumeOne(message, env, carsWriter);
    } catch (error) {
      console.error("[mf-search] photo not processed", message.body, error);
      message.retry({ delaySeconds: photoRetryDelaySeconds(message.attempts) });
    }
  }
}
