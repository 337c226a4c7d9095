import { guardedGet, OutboundRefused, photoPolicy } from "@dealer/shared/outbound-guard";
import { PHOTO_LIMITS, PHOTO_REASONS, photoRetryDelaySeconds } from "@dealer/shared/media";
import { z } from "zod";
import type { Env } from "../../env";
import type { PhotoMessage } from "./photo-message";
import { stockChangeNotifier } from "../../search-backend/push-messages";
import { type Bytes, checkAndStorePhoto, type PhotoOutcome as Outcome, refusedPhoto as refused } from "./photo-check";
import { refreshCarsShowing, type WriteCarsAsRead } from "./photo-store";

/**
 * The photo queue's consumer (ADR 0067): fetches a dealer's photo URL through the SSRF guard, lets the bytes decide what
 * it is, refuses what is not a photo (with the reason the feed report shows), and keeps a cleaned copy in R2 under
 * {site}/{SHA-256 of the fetched bytes}: the same photo sent twice is stored once. Never in the feed's request.
 */
export const PHOTO_QUEUE_NAME = "dealer-photo-fetch";
/** Attempts of a URL that failed for a reason time may cure (an HTTP error, a timeout); a refusal is not retried. */
export const PHOTO_MAX_ATTEMPTS = 6;

const messageSchema = z.object({ site: z.string().min(1), url: z.string().min(1) });

const failed = (reason: string): Outcome => ({ state: { status: "failed", reason }, retry: true });

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

/**
 * The attempt's outcome, or `expired` once `ms` pass: the attempt's signal is then aborted and whatever it still waits
 * on (a body that never ends, a stalled Images call) no longer holds the caller. A late result is dropped.
 */
export async function withinDeadline<T>(attempt: (signal: AbortSignal) => Promise<T>, ms: number, expired: T): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException("The photo's deadline passed", "TimeoutError"));
      resolve(expired);
    }, ms);
  });
  try {
    return await Promise.race([attempt(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The photo behind a URL, read through the SSRF guard at most 25 MB, then checked and kept by the same code as an
 * upload (photo-check.ts), all within the photo's deadline (ADR 0080).
 */
export function fetchPhoto(env: Env, site: string, url: string, options: { fetcher?: typeof fetch; deadlineMs?: number } = {}): Promise<Outcome> {
  return withinDeadline((signal) => attemptPhoto(env, site, url, signal, options.fetcher ?? fetch), options.deadlineMs ?? PHOTO_LIMITS.deadlineMs, failed(PHOTO_REASONS.timeout));
}

async function attemptPhoto(env: Env, site: string, url: string, signal: AbortSignal, fetcher: typeof fetch): Promise<Outcome> {
  let response: Response;
  try {
    response = await guardedGet(url, { signal, headers: { accept: "image/avif,image/webp,image/jpeg,image/png,*/*;q=0.5" } }, photoPolicy(env), fetcher);
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
  return checkAndStorePhoto(env, site, bytes);
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
