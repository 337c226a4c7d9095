import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MEDIA_LIMITS, PHOTO_REASONS } from "@dealer/shared/media";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTO_SITES, photoRecord, quarteredPhoto, storedCar } from "../support/photo-origin";
import { ROOT } from "../../scripts/stack";
import { fetchSite } from "../support/platform";
import { stockApi } from "../support/stock-api";

/**
 * Issue 30 goal 2's spin frames and walkaround videos by upload (ADR 0080): frames pass the photo checks and are served
 * as photos; a video is checked by its bytes, kept in R2 and served on the site's own host in the byte ranges a
 * <video> asks (206 with Content-Range, 416 past the end, If-Range by ETag or date), never on another site's host; a
 * removed video's copy is pruned. Bad input is a 400 naming the field.
 */
type StoredMedia = { spin_images: string[]; video_url: string | null };

async function upload(site: string, key: string, stocknum: string, path: "spin" | "video", parts: [string, Uint8Array | string][], method = "PUT") {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), `${name}.bin`);
  }
  const encoded = new Request("http://upload.invalid/", { method: "POST", body: form });
  return fetchSite(site, `/api/stock/vehicles/${stocknum}/${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": encoded.headers.get("content-type") ?? "" },
    body: new Uint8Array(await encoded.arrayBuffer()),
  });
}
const remove = (site: string, key: string, stocknum: string, path: "spin" | "video") =>
  fetchSite(site, `/api/stock/vehicles/${stocknum}/${path}`, { method: "DELETE", headers: { authorization: `Bearer ${key}` } });

/** The demo's walkaround with this run's own bytes after it (a new content hash; players stop at the WebM's end). */
const video = () => new Uint8Array(Buffer.concat([readFileSync(join(ROOT, "edge/src/media/demo/walkaround-car.webm")), randomBytes(64)]));

describe("a car's spin and walkaround by upload", () => {
  it.each(PHOTO_SITES)("%s takes spin frames as photos and a video served in byte ranges, and refuses bad files by field", async (site, key) => {
    const stocknum = `MU-${randomUUID().slice(0, 8)}`.toUpperCase();
    expect((await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(stocknum, [])] })).status).toBe(200);
    try {
      // Spin: too few frames, a frame that is not an image, then four good ones in order.
      const frames = await Promise.all([1, 3, 6, 8].map((orientation) => quarteredPhoto(orientation)));
      const few = await upload(site, key, stocknum, "spin", [["frame", frames[0] as Buffer]]);
      expect(few.status).toBe(400);
      expect(Object.keys(((await few.json()) as { errors: object }).errors)).toEqual(["frame"]);
      const bad = await upload(site, key, stocknum, "spin", [...frames.slice(0, 3).map((f) => ["frame", f] as [string, Uint8Array]), ["frame", new TextEncoder().encode("<html>")]]);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { rejected: { index: number; reason: string }[] }).rejected).toEqual([expect.objectContaining({ index: 3, reason: PHOTO_REASONS.notImage })]);
      expect((await storedCar(site, key, stocknum)) as unknown as StoredMedia).toMatchObject({ spin_images: [] });
      const spin = await upload(site, key, stocknum, "spin", frames.map((f) => ["frame", f]));
      expect(spin.status, await spin.clone().text()).toBe(200);
      const { spin_images } = (await spin.json()) as StoredMedia;
      expect(spin_images.map((url) => url.slice(-64))).toEqual(frames.map((f) => createHash("sha256").update(f).digest("hex")));
      for (const url of spin_images) {
        const frame = await fetchSite(site, url, { headers: { accept: "image/webp" } });
        expect([frame.status, frame.headers.get("content-type")]).toEqual([200, "image/webp"]);
        expect((await sharp(Buffer.from(await frame.arrayBuffer())).metadata()).exif).toBeUndefined();
      }

      // Video: not a video, an unknown field, then a WebM.
      const text = await upload(site, key, stocknum, "video", [["video", new TextEncoder().encode("not a video at all")]]);
      expect([text.status, ((await text.json()) as { errors: Record<string, string[]> }).errors]).toEqual([400, { video: [PHOTO_REASONS.notVideo] }]);
      const extra = await upload(site, key, stocknum, "video", [["video", video()], ["title", "Walkaround"]]);
      expect([extra.status, Object.keys(((await extra.json()) as { errors: object }).errors)]).toEqual([400, ["title"]]);
      const bytes = video();
      const hash = createHash("sha256").update(bytes).digest("hex");
      const put = await upload(site, key, stocknum, "video", [["video", bytes]]);
      expect(put.status, await put.clone().text()).toBe(200);
      const url = `/cdn/video/${hash}.webm`;
      expect(((await put.json()) as StoredMedia).video_url).toBe(url);
      const car = (await storedCar(site, key, stocknum)) as unknown as StoredMedia & { slug: string };
      expect(car.video_url).toBe(url);
      await expect.poll(async () => (await (await fetchSite(site, `/cars/${car.slug}`)).text()).includes(url), { timeout: 15_000 }).toBe(true);

      // The whole file, then ranges as a <video> asks them.
      const size = bytes.byteLength;
      const whole = await fetchSite(site, url);
      expect([whole.status, whole.headers.get("content-type"), whole.headers.get("accept-ranges"), whole.headers.get("content-length")]).toEqual([200, "video/webm", "bytes", String(size)]);
      expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      const etag = whole.headers.get("etag") ?? "";
      expect(etag).toMatch(/^"/);
      const ranged = async (range: string, ifRange?: string) => fetchSite(site, url, { headers: { range, ...(ifRange ? { "if-range": ifRange } : {}) } });
      const part = await ranged("bytes=100-1123");
      expect([part.status, part.headers.get("content-range"), part.headers.get("content-length")]).toEqual([206, `bytes 100-1123/${size}`, "1024"]);
      expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(100, 1124)))).toBe(true);
      const tail = await ranged("bytes=-64");
      expect([tail.status, tail.headers.get("content-range")]).toEqual([206, `bytes ${size - 64}-${size - 1}/${size}`]);
      expect(Buffer.from(await tail.arrayBuffer()).equals(Buffer.from(bytes.subarray(size - 64)))).toBe(true);
      const past = await ranged(`bytes=${size}-`);
      expect([past.status, past.headers.get("content-range")]).toEqual([416, `bytes */${size}`]);
      // If-Range: the range while the client's copy is this one, else the whole file.
      expect((await ranged("bytes=0-9", etag)).status).toBe(206);
      const changed = await ranged("bytes=0-9", '"another-copy"');
      expect([changed.status, changed.headers.get("content-length")]).toEqual([200, String(size)]);
      expect((await ranged("bytes=0-9", `W/${etag}`)).status).toBe(200);
      // Only on its own site's host.
      const [otherSite] = PHOTO_SITES.find(([name]) => name !== site) ?? [];
      expect((await fetchSite(otherSite ?? "", url)).status).toBe(404);

      // Removed: the car has no video, and its copy goes (no other car shows it).
      expect((await remove(site, key, stocknum, "video")).status).toBe(200);
      expect(((await storedCar(site, key, stocknum)) as unknown as StoredMedia).video_url).toBeNull();
      await expect.poll(async () => (await fetchSite(site, url)).status, { timeout: 15_000, interval: 500 }).toBe(404);
      expect((await remove(site, key, stocknum, "spin")).status).toBe(200);
      expect(((await storedCar(site, key, stocknum)) as unknown as StoredMedia).spin_images).toEqual([]);
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 180_000);

  it("refuses a video over its limit by field, before reading it as a video", async () => {
    const [site, key] = PHOTO_SITES[0];
    const stocknum = `MU-${randomUUID().slice(0, 8)}`.toUpperCase();
    expect((await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(stocknum, [])] })).status).toBe(200);
    try {
      const big = new Uint8Array(MEDIA_LIMITS.maxVideoBytes + 1);
      big.set([0x1a, 0x45, 0xdf, 0xa3]);
      const answer = await upload(site, key, stocknum, "video", [["video", big]]);
      expect([answer.status, ((await answer.json()) as { errors: Record<string, string[]> }).errors]).toEqual([400, { video: [PHOTO_REASONS.videoTooLarge] }]);
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 60_000);
});
