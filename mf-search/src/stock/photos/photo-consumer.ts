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

/**
 * The body, or null once it passes the byte limit (read no further: a slow or endless origin costs no more). A declared
 * length is read straight into one buffer of that size (ADR 0116: no chunk list and no second copy); a body without one
 * is gathered and copied once.
 */
async function readCapped(response: Response): Promise<Bytes | null> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > PHOTO_LIMITS.maxBytes) {
    await response.body?.cancel();
    return null;
  }
  const inPlace = new Uint8Array(declared);
  let filled = 0;
  const rest: Uint8Array[] = [];
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
    if (!rest.length && filled + value.byteLength <= inPlace.byteLength) {
      inPlace.set(value, filled);
      filled += value.byteLength;
    } else rest.push(value);
  }
  if (!rest.length) return filled === inPlace.byteLength ? inPlace : inPlace.slice(0, filled);
  // No length declared, or more sent than declared: what was read in place, then the rest, in one copy.
  const bytes = new Uint8Array(size);
  bytes.set(inPlace.subarray(0, filled));
  let offset = filled;
  for (const chunk of rest) {
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

/** Milliseconds a photo's check and store took (not its wait on the origin): what its slot rests after it (ADR 0116). */
export type PhotoWork = { ms: number };

/**
 * The photo behind a URL, read through the SSRF guard at most 25 MB, then checked and kept by the same code as an
 * upload (photo-check.ts), all within the photo's deadline (ADR 0080). `work` is given the check and store's time.
 */
export function fetchPhoto(env: Env, site: string, url: string, options: { fetcher?: typeof fetch; deadlineMs?: number; work?: PhotoWork } = {}): Promise<Outcome> {
  return withinDeadline(
    (signal) => attemptPhoto(env, site, url, signal, options.fetcher ?? fetch, options.work ?? { ms: 0 }),
    options.deadlineMs ?? PHOTO_LIMITS.deadlineMs,
    failed(PHOTO_REASONS.timeout),
  );
}

async function attemptPhoto(env: Env, site: string, url: string, signal: AbortSignal, fetcher: typeof fetch, work: PhotoWork): Promise<Outcome> {
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
  const started = Date.now();
  try {
    return await checkAndStorePhoto(env, site, bytes);
  } finally {
    work.ms = Date.now() - started;
  }
}

/** Photos of a consumer batch fetched and checked at once: most of a photo's time is waiting on its origin and on Images. */
export const PHOTOS_AT_ONCE = 2;
/**
 * Background work yields to the pages (ADR 0116): after each photo, its slot rests this many times as long as the
 * photo's check and store took before it takes the next one, so a slot works at most 1 / (1 + this) of the time and
 * the pages' requests find the machine (locally: workerd's one thread, and the cores sharp shares) free that often.
 */
export const PHOTO_REST_PER_WORK = 3;

type Message<Body> = MessageBatch<Body>["messages"][number];
/** One URL of a batch and every message naming it: the same URL queued twice (two feeds before either was fetched) is one photo. */
type Photo = PhotoMessage & { messages: Message<unknown>[] };
/** A photo's outcome once fetched, or null when it was held already (a retried or duplicate message: nothing to record). */
type Settled = { photo: Photo; outcome: Outcome | null; attempts: number };

/** A photo's key in a batch: its site and URL. */
const photoKey = (site: string, url: string) => JSON.stringify([site, url]);

/** Each message's photo, one per site and URL; a message naming no photo is acked (nothing will ever make it one). */
function photosOf(messages: readonly Message<unknown>[]): Photo[] {
  const photos = new Map<string, Photo>();
  for (const message of messages) {
    const parsed = messageSchema.safeParse(message.body);
    if (!parsed.success) {
      message.ack();
      continue;
    }
    const key = photoKey(parsed.data.site, parsed.data.url);
    const photo = photos.get(key) ?? { ...parsed.data, messages: [] };
    photo.messages.push(message);
    photos.set(key, photo);
  }
  return [...photos.values()];
}

/**
 * Each item through `work`, at most `limit` at a time, in order of the items; a slot that has another item to take
 * first rests for the milliseconds its last `work` answered (`rest`).
 */
export async function pacedAtMost<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<{ result: R; rest: number }>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    let rest = 0;
    while (next < items.length) {
      if (rest > 0) {
        await new Promise((resolve) => setTimeout(resolve, rest));
        rest = 0;
        continue;
      }
      const index = next++;
      const done = await work(items[index] as T);
      results[index] = done.result;
      rest = done.rest;
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const retryEach = (photo: Photo) => {
  for (const message of photo.messages) message.retry({ delaySeconds: photoRetryDelaySeconds(message.attempts) });
};

/** The stock's write for a settled photo's cars, given by the worker (the stock imports photos, not the other way). */
export type CarsWriter = (db: D1Database, now: string, changed: ReturnType<typeof stockChangeNotifier>) => WriteCarsAsRead;

const recordOutcome = `UPDATE photos SET status = ?3, hash = ?4, width = ?5, height = ?6, colour = ?7, reason = ?8, attempts = attempts + 1, updated_at = ?9,
  claimed_until = NULL WHERE site = ?1 AND url = ?2`;

/**
 * How long a batch holds the URLs it fetches (ADR 0102): its slowest possible run, every photo at its deadline and
 * its slot's rest after it (ADR 0116) PHOTOS_AT_ONCE at a time over a full batch (20, wrangler.jsonc), and a margin
 * for the writes. A consumer that dies holding URLs holds them no longer than this.
 */
export const PHOTO_CLAIM_MS = Math.ceil(20 / PHOTOS_AT_ONCE) * PHOTO_LIMITS.deadlineMs * (1 + PHOTO_REST_PER_WORK) + 30_000;

const BATCH_URLS = "SELECT value ->> '$[0]', value ->> '$[1]' FROM json_each(?1)";
/** The batch's rows as they were before it claimed any (a held URL is settled without a fetch). */
const readRows = `SELECT site, url, status, attempts, claimed_until FROM photos WHERE (site, url) IN (${BATCH_URLS})`;
/** The URLs this batch fetches: those not held and claimed by no live batch. */
const claimRows = `UPDATE photos SET claimed_until = ?2 WHERE (site, url) IN (${BATCH_URLS}) AND status <> 'ready'
  AND (claimed_until IS NULL OR claimed_until <= ?3) RETURNING site, url`;

/**
 * A batch (ADR 0088, 0095, 0102, 0116): its photos, one per URL however many messages name it, read and claimed in one
 * round trip; those not held and not another batch's fetched PHOTOS_AT_ONCE at a time, each slot resting after each
 * photo (another batch's wait out its claim);
 * their outcomes recorded in one write that frees the claims; then each site's cars showing any of them
 * rewritten once. Each message is acked or retried by its photo's one outcome, only after its cars are written: if a
 * write fails, the messages come again and settle the same URLs again (a photo already in R2 is not fetched twice).
 */
export async function consumePhotos(batch: MessageBatch<unknown>, env: Env, carsWriter: CarsWriter): Promise<void> {
  const photos = photosOf(batch.messages);
  if (!photos.length) return;
  const keys = JSON.stringify(photos.map(({ site, url }) => [site, url]));
  const started = Date.now();
  // Read and claim in one round trip: the claim is the write that keeps two batches from fetching one URL at once.
  const [read, claim] = await env.DB.batch<{ site: string; url: string; status: string; attempts: number; claimed_until: string | null }>([
    env.DB.prepare(readRows).bind(keys),
    env.DB.prepare(claimRows).bind(keys, new Date(started + PHOTO_CLAIM_MS).toISOString(), new Date(started).toISOString()),
  ]);
  const rowOf = new Map((read?.results ?? []).map((row) => [photoKey(row.site, row.url), row]));
  const claimed = new Set((claim?.results ?? []).map((row) => photoKey(row.site, row.url)));
  const wanted = photos.flatMap((photo) => {
    const key = photoKey(photo.site, photo.url);
    const row = rowOf.get(key);
    // No row: the URL is no longer named by any car (pruned); nothing to fetch.
    if (!row) for (const message of photo.messages) message.ack();
    // Another batch is fetching it: these messages come back once its lease ends and settle by its outcome then.
    else if (row.status !== "ready" && !claimed.has(key)) {
      const wait = Math.max(1, Math.ceil((Date.parse(row.claimed_until ?? "") - started) / 1000) || 1);
      for (const message of photo.messages) message.retry({ delaySeconds: wait });
      return [];
    }
    return row ? [{ photo, row }] : [];
  });
  // A URL found held is still settled (its cars refreshed): a message retried after its batch's stock write failed, or one
  // sent again by a later feed (a read, no write).
  const settled = await pacedAtMost(wanted, PHOTOS_AT_ONCE, async ({ photo, row }): Promise<{ result: Settled | null; rest: number }> => {
    if (row.status === "ready") return { result: { photo, outcome: null, attempts: row.attempts }, rest: 0 };
    const work: PhotoWork = { ms: 0 };
    try {
      const outcome = await fetchPhoto(env, photo.site, photo.url, { work });
      return { result: { photo, outcome, attempts: row.attempts + 1 }, rest: work.ms * PHOTO_REST_PER_WORK };
    } catch (error) {
      console.error("[mf-search] photo not processed", photo.site, photo.url, error);
      retryEach(photo);
      return { result: null, rest: work.ms * PHOTO_REST_PER_WORK };
    }
  }).then((all) => all.filter((one): one is Settled => one !== null));
  const fetched = settled.filter((one) => one.outcome !== null);
  if (fetched.length) {
    const now = new Date().toISOString();
    const record = env.DB.prepare(recordOutcome);
    try {
      // One write for the batch's outcomes, not one a photo: every write holds the database the pages read.
      await env.DB.batch(
        fetched.map(({ photo, outcome }) => {
          const state = (outcome as Outcome).state;
          const held = state.status === "ready" ? [state.hash, state.width, state.height, state.colour, null] : [null, null, null, null, state.reason];
          return record.bind(photo.site, photo.url, state.status, ...held, now);
        }),
      );
    } catch (error) {
      console.error("[mf-search] photo outcomes not recorded", error);
      for (const { photo } of settled) retryEach(photo);
      return;
    }
  }
  const bySite = new Map<string, Settled[]>();
  for (const done of settled) bySite.set(done.photo.site, [...(bySite.get(done.photo.site) ?? []), done]);
  for (const [site, done] of bySite) {
    try {
      await refreshCarsShowing(
        env.DB,
        site,
        done.map(({ photo }) => photo.url),
        carsWriter(env.DB, new Date().toISOString(), stockChangeNotifier(env)),
      );
    } catch (error) {
      console.error("[mf-search] cars of settled photos not written", site, error);
      for (const { photo } of done) retryEach(photo);
      continue;
    }
    for (const { photo, outcome, attempts } of done) {
      const retry = outcome !== null && "retry" in outcome && outcome.retry && attempts < PHOTO_MAX_ATTEMPTS;
      for (const message of photo.messages) {
        if (retry) message.retry({ delaySeconds: photoRetryDelaySeconds(attempts) });
        else message.ack();
      }
    }
  }
}
