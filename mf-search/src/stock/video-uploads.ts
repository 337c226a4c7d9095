import { MEDIA_LIMITS, PHOTO_REASONS, sniffVideoType, VIDEO_MIME, type VideoType, videoUrl } from "@dealer/shared/media";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { PhotoEnv } from "../env";
import { jsonBody, notFound, readCar, writeCar } from "./photo-uploads";
import type { StockEnv } from "./write-key";

/**
 * A walkaround video too big for one request, sent in parts (issue 30 goal 2, ADR 0084), with the dealership's write key:
 *   POST   /vehicles/{stocknum}/video/uploads               { "size": bytes } -> 201 { upload, part_bytes, parts, … }
 *   PUT    /vehicles/{stocknum}/video/uploads/{id}/parts/{n} the file's bytes n (from 1), exactly `part_bytes` but the last
 *   GET    /vehicles/{stocknum}/video/uploads/{id}          what was received (to resume after a dropped connection)
 *   POST   /vehicles/{stocknum}/video/uploads/{id}/complete the car's walkaround is the video, written like any change
 *   DELETE /vehicles/{stocknum}/video/uploads/{id}          abandoned: its parts are dropped
 * Each part goes straight to an R2 multipart upload, so a Worker holds one part (16 MB), never the video. Part 1 comes
 * first: its bytes decide WebM or MP4 (the Content-Type R2 keeps), and R2's upload is made then. The video's key is a
 * random 64-hex id under the site (R2 cannot rename or hash a multipart object), served like an uploaded video.
 */
type StockContext = Context<StockEnv>;

type UploadRow = { id: string; size: number; type: VideoType | null; r2_upload_id: string | null; created_at: string };

const LIMITS = MEDIA_LIMITS;
const startSchema = z
  .object({
    size: z
      .number("the video's size in bytes, a number")
      .int("a whole number of bytes")
      .min(1, "at least 1 byte")
      .max(LIMITS.maxChunkedVideoBytes, PHOTO_REASONS.chunkedVideoTooLarge),
  })
  .strict();

const partCount = (size: number) => Math.ceil(size / LIMITS.videoPartBytes);
/** Bytes part n (from 1) of a video of `size` must have: every part is `videoPartBytes` but the last (R2's rule too). */
const partSize = (size: number, part: number) => (part < partCount(size) ? LIMITS.videoPartBytes : size - LIMITS.videoPartBytes * (partCount(size) - 1));
const videoKey = (site: string, id: string) => `${site}/${id}`;
const expiresAt = (row: Pick<UploadRow, "created_at">) => new Date(Date.parse(row.created_at) + LIMITS.videoUploadHours * 3_600_000).toISOString();

function randomId(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

const invalid = (c: StockContext, field: string, problem: string, status: 400 | 409 | 413 = 400) => c.json({ message: "Invalid video upload.", errors: { [field]: [problem] } }, status);
const noUpload = (c: StockContext) => c.json({ message: "This vehicle has no video upload with that id (completed, aborted or expired)." }, 404);

/** The upload named by the path, of this dealership's car; null for another's, an unknown or an expired one. */
async function readUpload(c: StockContext): Promise<UploadRow | null> {
  const writer = c.get("writer");
  const row = await c.env.DB.prepare("SELECT id, size, type, r2_upload_id, created_at FROM video_uploads WHERE id = ? AND dealership_id = ? AND stocknum = ?")
    .bind(c.req.param("id") ?? "", writer.dealershipId, c.req.param("stocknum") ?? "")
    .first<UploadRow>();
  return row && Date.parse(expiresAt(row)) > Date.now() ? row : null;
}

async function receivedParts(db: D1Database, id: string): Promise<{ part: number; etag: string }[]> {
  const { results } = await db.prepare("SELECT part, etag FROM video_upload_parts WHERE upload_id = ? ORDER BY part").bind(id).all<{ part: number; etag: string }>();
  return results;
}

/** What a client needs to send (or resume) the upload. */
function uploadState(row: UploadRow, received: number[]) {
  const parts = partCount(row.size);
  const have = new Set(received);
  return {
    upload: row.id,
    size: row.size,
    type: row.type,
    part_bytes: LIMITS.videoPartBytes,
    parts,
    received,
    missing: Array.from({ length: parts }, (_, i) => i + 1).filter((part) => !have.has(part)),
    expires_at: expiresAt(row),
  };
}

function bucket(env: PhotoEnv): R2Bucket {
  if (!env.PHOTOS) throw new Error("Videos need the PHOTOS (R2) binding");
  return env.PHOTOS;
}

/** Drops the upload's rows and its R2 parts (an upload never given part 1 has none). */
async function dropUpload(env: PhotoEnv & { DB: D1Database }, site: string, row: Pick<UploadRow, "id" | "r2_upload_id">): Promise<void> {
  if (row.r2_upload_id) {
    await bucket(env)
      .resumeMultipartUpload(videoKey(site, row.id), row.r2_upload_id)
      .abort()
      .catch((error: unknown) => console.warn(`[mf-search] ${site}: video upload ${row.id} not aborted in R2`, error));
  }
  await env.DB.batch([
    env.DB.prepare("DELETE FROM video_upload_parts WHERE upload_id = ?").bind(row.id),
    env.DB.prepare("DELETE FROM video_uploads WHERE id = ?").bind(row.id),
  ]);
}

/** The hourly sweep: chunked uploads never completed within `videoUploadHours` are aborted (their R2 parts go). */
export async function abortStaleVideoUploads(env: PhotoEnv & { DB: D1Database }, now: Date): Promise<number> {
  const before = new Date(now.getTime() - LIMITS.videoUploadHours * 3_600_000).toISOString();
  const { results } = await env.DB.prepare("SELECT id, site, r2_upload_id FROM video_uploads WHERE created_at < ? LIMIT 200")
    .bind(before)
    .all<{ id: string; site: string; r2_upload_id: string | null }>();
  for (const row of results) await dropUpload(env, row.site, row);
  return results.length;
}

/** The part's bytes read whole (one part, at most `videoPartBytes`), or the 4xx naming what is wrong. */
async function partBytes(c: StockContext, row: UploadRow, part: number): Promise<Uint8Array | Response> {
  const want = partSize(row.size, part);
  const declared = Number(c.req.header("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared !== want) return invalid(c, "body", `Part ${part} of this upload is ${want} bytes, not ${declared}.`);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  return bytes.byteLength === want ? bytes : invalid(c, "body", `Part ${part} of this upload is ${want} bytes, not ${bytes.byteLength}.`);
}

/** Part 1 decides the type and makes R2's multipart upload (one only, however many part-1 requests race). */
async function startInR2(c: StockContext, row: UploadRow, first: Uint8Array): Promise<UploadRow | Response> {
  const type = sniffVideoType(first);
  if (!type) return invalid(c, "video", PHOTO_REASONS.notVideo);
  if (row.r2_upload_id) return row.type === type ? row : invalid(c, "video", "Part 1 was already received as another kind of video: abort and start again.", 409);
  const site = c.get("writer").site;
  const made = await bucket(c.env).createMultipartUpload(videoKey(site, row.id), { httpMetadata: { contentType: VIDEO_MIME[type] }, customMetadata: { type: "video" } });
  const claimed = await c.env.DB.prepare("UPDATE video_uploads SET type = ?, r2_upload_id = ? WHERE id = ? AND r2_upload_id IS NULL").bind(type, made.uploadId, row.id).run();
  if (claimed.meta.changes === 1) return { ...row, type, r2_upload_id: made.uploadId };
  await made.abort();
  const now = await c.env.DB.prepare("SELECT id, size, type, r2_upload_id, created_at FROM video_uploads WHERE id = ?").bind(row.id).first<UploadRow>();
  return now ?? noUpload(c);
}

export function mountVideoUploads(app: Hono<StockEnv>) {
  app.post("/vehicles/:stocknum/video/uploads", async (c) => {
    const parsed = await jsonBody(c, startSchema, '{ "size": the video\'s size in bytes }', "Invalid video upload.");
    if ("error" in parsed) return parsed.error;
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    const writer = c.get("writer");
    const row: UploadRow = { id: randomId(), size: parsed.data.size, type: null, r2_upload_id: null, created_at: new Date().toISOString() };
    await c.env.DB.prepare("INSERT INTO video_uploads (id, site, dealership_id, stocknum, size, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(row.id, writer.site, writer.dealershipId, stored.car.stocknum, row.size, row.created_at)
      .run();
    return c.json(uploadState(row, []), 201);
  });

  app.get("/vehicles/:stocknum/video/uploads/:id", async (c) => {
    const row = await readUpload(c);
    return row ? c.json(uploadState(row, (await receivedParts(c.env.DB, row.id)).map((p) => p.part))) : noUpload(c);
  });

  app.put("/vehicles/:stocknum/video/uploads/:id/parts/:part", async (c) => {
    let row = await readUpload(c);
    if (!row) return noUpload(c);
    const part = Number(c.req.param("part"));
    if (!Number.isInteger(part) || part < 1 || part > partCount(row.size)) return invalid(c, "part", `A part number from 1 to ${partCount(row.size)}.`);
    if (part > 1 && !row.r2_upload_id) return invalid(c, "part", "Send part 1 first: its bytes say what kind of video this is.", 409);
    const bytes = await partBytes(c, row, part);
    if (bytes instanceof Response) return bytes;
    if (part === 1) {
      const started = await startInR2(c, row, bytes);
      if (started instanceof Response) return started;
      row = started;
    }
    const site = c.get("writer").site;
    const uploaded = await bucket(c.env)
      .resumeMultipartUpload(videoKey(site, row.id), row.r2_upload_id ?? "")
      .uploadPart(part, bytes);
    // A part sent again (a retry after a dropped answer) replaces the one R2 had.
    await c.env.DB.prepare("INSERT INTO video_upload_parts (upload_id, part, etag) VALUES (?, ?, ?) ON CONFLICT (upload_id, part) DO UPDATE SET etag = excluded.etag")
      .bind(row.id, part, uploaded.etag)
      .run();
    return c.json(uploadState(row, (await receivedParts(c.env.DB, row.id)).map((p) => p.part)));
  });

  app.post("/vehicles/:stocknum/video/uploads/:id/complete", async (c) => {
    const row = await readUpload(c);
    if (!row) return noUpload(c);
    const parts = await receivedParts(c.env.DB, row.id);
    const { missing } = uploadState(row, parts.map((p) => p.part));
    if (missing.length || !row.r2_upload_id || !row.type) return invalid(c, "parts", `Not received yet: part ${missing.join(", ")}.`);
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    const site = c.get("writer").site;
    await bucket(c.env)
      .resumeMultipartUpload(videoKey(site, row.id), row.r2_upload_id)
      .complete(parts.map(({ part, etag }) => ({ partNumber: part, etag })));
    await c.env.DB.batch([
      c.env.DB.prepare("DELETE FROM video_upload_parts WHERE upload_id = ?").bind(row.id),
      c.env.DB.prepare("DELETE FROM video_uploads WHERE id = ?").bind(row.id),
    ]);
    // A car changed meanwhile answers 409 and leaves the new copy to the sweep (it is named by no car).
    return writeCar(c, stored, { video_url: videoUrl(row.id, row.type) }, (car) => ({ stocknum: car.stocknum, video_url: car.video_url }));
  });

  app.delete("/vehicles/:stocknum/video/uploads/:id", async (c) => {
    const row = await readUpload(c);
    if (!row) return noUpload(c);
    await dropUpload(c.env, c.get("writer").site, row);
    return c.body(null, 204);
  });
}
