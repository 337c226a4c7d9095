import { randomUUID } from "node:crypto";
import { MEDIA_LIMITS, PHOTO_REASONS } from "@dealer/shared/media";
import { describe, expect, it } from "vitest";
import { PHOTO_SITES, photoRecord, storedCar } from "../support/photo-origin";
import { fetchSite } from "../support/platform";
import { stockApi } from "../support/stock-api";

/**
 * A walkaround video over the one-request limit, sent in parts (ADR 0084): the size is checked when the upload starts,
 * part 1's bytes decide WebM or MP4, every part has its size, what was received is listed (to resume), and the video
 * once completed is served in byte ranges across the parts' seams on the site's own host only. Bad input is a 4xx
 * naming the field. The file (47 MB, past the 45 MB of one request) is made part by part: the test holds one part.
 */
const PART = MEDIA_LIMITS.videoPartBytes;
const SIZE = 47 * 1024 * 1024 + 1234;
const PARTS = Math.ceil(SIZE / PART);
/** The file's byte at `offset`: a WebM's EBML magic, then a pattern no two nearby offsets share. */
const byteAt = (offset: number) => (offset < 4 ? ([0x1a, 0x45, 0xdf, 0xa3][offset] as number) : (offset * 31 + (offset >>> 11)) & 0xff);
function slice(from: number, to: number): Uint8Array {
  const bytes = new Uint8Array(to - from);
  for (let i = 0; i < bytes.length; i++) bytes[i] = byteAt(from + i);
  return bytes;
}
const part = (n: number) => slice((n - 1) * PART, Math.min(n * PART, SIZE));

type UploadState = { upload: string; size: number; type: string | null; part_bytes: number; parts: number; received: number[]; missing: number[] };
type Errors = { errors: Record<string, string[]> };

const auth = (key: string) => ({ authorization: `Bearer ${key}` });
const videoUploads = (stocknum: string) => `/api/stock/vehicles/${stocknum}/video/uploads`;
const start = (site: string, key: string, stocknum: string, body: unknown) =>
  fetchSite(site, videoUploads(stocknum), { method: "POST", headers: { ...auth(key), "content-type": "application/json" }, body: JSON.stringify(body) });
const sendPart = (site: string, key: string, stocknum: string, upload: string, n: number, bytes: Uint8Array) =>
  fetchSite(site, `${videoUploads(stocknum)}/${upload}/parts/${n}`, { method: "PUT", headers: { ...auth(key), "content-type": "application/octet-stream" }, body: bytes });
const errorsOf = async (response: Response) => [response.status, ((await response.json()) as Errors).errors];

describe("a walkaround video sent in parts", () => {
  it("takes a 47 MB WebM part by part, resumable, and serves it in byte ranges; bad input is a 4xx naming the field", async () => {
    const [site, key] = PHOTO_SITES[0];
    const [otherSite, otherKey] = PHOTO_SITES[1];
    const stocknum = `VP-${randomUUID().slice(0, 8)}`.toUpperCase();
    expect((await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(stocknum, [])] })).status).toBe(200);
    try {
      // The size is checked before any byte is sent.
      expect(await errorsOf(await start(site, key, stocknum, { size: MEDIA_LIMITS.maxChunkedVideoBytes + 1 }))).toEqual([400, { size: [PHOTO_REASONS.chunkedVideoTooLarge] }]);
      expect(await errorsOf(await start(site, key, stocknum, { size: "big" }))).toEqual([400, { size: [expect.any(String)] }]);
      expect((await start(site, key, "NO-SUCH-CAR", { size: SIZE })).status).toBe(404);

      const started = await start(site, key, stocknum, { size: SIZE });
      expect(started.status).toBe(201);
      const state = (await started.json()) as UploadState;
      expect(state).toMatchObject({ size: SIZE, type: null, part_bytes: PART, parts: PARTS, received: [], missing: [1, 2, 3] });
      const { upload } = state;

      // Part 1 comes first and must be a video; every part has its exact size.
      expect(await errorsOf(await sendPart(site, key, stocknum, upload, 2, part(2)))).toEqual([409, { part: [expect.stringContaining("part 1 first")] }]);
      const notVideo = part(1);
      notVideo.set(new TextEncoder().encode("<html>"));
      expect(await errorsOf(await sendPart(site, key, stocknum, upload, 1, notVideo))).toEqual([400, { video: [PHOTO_REASONS.notVideo] }]);
      expect(await errorsOf(await sendPart(site, key, stocknum, upload, 1, part(1).subarray(0, 1000)))).toEqual([400, { body: [`Part 1 of this upload is ${PART} bytes, not 1000.`] }]);
      expect(await errorsOf(await sendPart(site, key, stocknum, upload, PARTS + 1, part(PARTS)))).toEqual([400, { part: [`A part number from 1 to ${PARTS}.`] }]);

      expect((await sendPart(site, key, stocknum, upload, 1, part(1))).status).toBe(200);
      expect((await sendPart(site, key, stocknum, upload, 3, part(3))).status).toBe(200);
      // Another dealership's key does not know the upload.
      expect((await fetchSite(otherSite, `${videoUploads(stocknum)}/${upload}`, { headers: auth(otherKey) })).status).toBe(404);
      // Resuming: what arrived, what is missing; completing now names the missing part.
      const resumed = (await (await fetchSite(site, `${videoUploads(stocknum)}/${upload}`, { headers: auth(key) })).json()) as UploadState;
      expect(resumed).toMatchObject({ type: "webm", received: [1, 3], missing: [2] });
      const early = await fetchSite(site, `${videoUploads(stocknum)}/${upload}/complete`, { method: "POST", headers: auth(key) });
      expect(await errorsOf(early)).toEqual([400, { parts: ["Not received yet: part 2."] }]);
      expect(((await storedCar(site, key, stocknum)) as unknown as { video_url?: string | null }).video_url ?? null).toBeNull();

      expect((await sendPart(site, key, stocknum, upload, 2, part(2))).status).toBe(200);
      const done = await fetchSite(site, `${videoUploads(stocknum)}/${upload}/complete`, { method: "POST", headers: auth(key) });
      expect(done.status, await done.clone().text()).toBe(200);
      const url = `/cdn/video/${upload}.webm`;
      expect(((await done.json()) as { video_url: string }).video_url).toBe(url);
      expect(((await storedCar(site, key, stocknum)) as unknown as { video_url: string }).video_url).toBe(url);
      // Completed, the upload is gone.
      expect((await fetchSite(site, `${videoUploads(stocknum)}/${upload}`, { headers: auth(key) })).status).toBe(404);

      // Served in ranges: the start, across both seams between parts, the end; past the end 416.
      const ranged = (from: number, to: number) => fetchSite(site, url, { headers: { range: `bytes=${from}-${to}` } });
      for (const [from, to] of [
        [0, 15],
        [PART - 8, PART + 7],
        [2 * PART - 3, 2 * PART + 1000],
        [SIZE - 100, SIZE - 1],
      ] as [number, number][]) {
        const answer = await ranged(from, to);
        expect([answer.status, answer.headers.get("content-type"), answer.headers.get("content-range")]).toEqual([206, "video/webm", `bytes ${from}-${to}/${SIZE}`]);
        expect(Buffer.from(await answer.arrayBuffer()).equals(Buffer.from(slice(from, to + 1))), `bytes ${from}-${to}`).toBe(true);
      }
      expect((await fetchSite(site, url, { headers: { range: `bytes=${SIZE}-` } })).status).toBe(416);
      expect((await fetchSite(otherSite, url, { headers: { range: "bytes=0-15" } })).status).toBe(404);

      // An upload abandoned: aborted, then unknown.
      const second = (await (await start(site, key, stocknum, { size: SIZE })).json()) as UploadState;
      expect((await sendPart(site, key, stocknum, second.upload, 1, part(1))).status).toBe(200);
      expect((await fetchSite(site, `${videoUploads(stocknum)}/${second.upload}`, { method: "DELETE", headers: auth(key) })).status).toBe(204);
      expect((await sendPart(site, key, stocknum, second.upload, 2, part(2))).status).toBe(404);
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 240_000);
});
