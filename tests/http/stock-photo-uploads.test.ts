import { createHash, randomUUID } from "node:crypto";
import { PHOTO_LIMITS, PHOTO_REASONS, UPLOAD_SOURCE_PREFIX } from "@dealer/shared/media";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { phonePhoto, photoRecord, storedCar } from "../support/photo-origin";
import { fetchSite } from "../support/platform";
import { stockApi, uploadPhotos } from "../support/stock-api";

/**
 * Issue 30 goal 2 (ADR 0075): a dealer uploads a car's photos to the stock API. They pass the photo queue's own checks,
 * are kept in R2 by content hash and served on the site's host in AVIF/WebP at the asked width without EXIF; a delete
 * and a new order take effect on the car; a bad file is refused with its reason and leaves the car's photos as they were.
 */
const SITES = [
  ["harbour-city-motors", "write-harbour-city-motors"],
  ["ridge-motorcycles", "write-ridge-motorcycles"],
] as const;
/** The phone photo's pixels as stored: 1600 x 1200 turned upright by its EXIF orientation. */
const UPRIGHT = { width: 1200, height: 1600 };

type Photo = { position: number; hash: string; url: string; source: string; status: string; width: number; height: number; alt: string | null };
const photosOf = async (answer: Response) => ((await answer.json()) as { photos: Photo[] }).photos;
const hashes = (photos: { hash: string | null }[]) => photos.map((photo) => photo.hash);
const storedHashes = async (site: string, key: string, stocknum: string) => (await storedCar(site, key, stocknum)).images.map((entry) => entry.image.url.slice(-64));

describe("a car's photos by upload", () => {
  it.each(SITES)("%s takes uploads with position, primary and alt text, serves them clean, deletes and reorders", async (site, key) => {
    const stocknum = `UP-${randomUUID().slice(0, 8)}`.toUpperCase();
    const created = await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(stocknum, [])] });
    expect(created.status).toBe(200);
    try {
      const [front, side, rear] = await Promise.all([phonePhoto(), phonePhoto(), phonePhoto()]);
      const first = await uploadPhotos(site, key, stocknum, [
        { bytes: front, name: "front.jpg", alt: "Front three-quarter view" },
        { bytes: side, name: "side.jpg" },
      ]);
      expect(first.status, await first.clone().text()).toBe(201);
      const two = await photosOf(first);
      expect(two.map(({ status, width, height, alt }) => ({ status, width, height, alt }))).toEqual([
        { status: "ready", ...UPRIGHT, alt: "Front three-quarter view" },
        { status: "ready", ...UPRIGHT, alt: null },
      ]);
      // The hash is the SHA-256 of the bytes as sent: the same photo uploaded again is the same stored copy.
      expect(hashes(two)).toEqual([front, side].map((bytes) => createHash("sha256").update(bytes).digest("hex")));

      // A third, as the primary photo: first on the car, its card's picture.
      const primary = await uploadPhotos(site, key, stocknum, [{ bytes: rear, name: "rear.jpg", alt: "Rear" }], { primary: "true" });
      expect(primary.status).toBe(201);
      const three = await photosOf(primary);
      const rearHash = createHash("sha256").update(rear).digest("hex");
      expect(hashes(three)).toEqual([rearHash, ...hashes(two)]);
      const car = await storedCar(site, key, stocknum);
      expect(car.images.map((entry) => entry.photo?.source)).toEqual(hashes(three).map((hash) => `${UPLOAD_SOURCE_PREFIX}${hash}`));
      expect(car.primary_image_url).toBe(three[0]?.url);

      // The car page shows the three, the first with its alt text; each served as AVIF or WebP at the width asked, without EXIF.
      await expect.poll(async () => (await (await fetchSite(site, `/cars/${car.slug}`)).text()).includes(`Rear, image 1 of 3`), { timeout: 15_000 }).toBe(true);
      const html = await (await fetchSite(site, `/cars/${car.slug}`)).text();
      for (const hash of hashes(three)) expect(html).toContain(`/photos/${hash}`);
      const url = /\/cdn\/image\/width=(\d+),quality=\d+\/photos\/[0-9a-f]{64}/.exec(html);
      const width = Number(url?.[1]);
      for (const [accept, type, format] of [
        ["image/avif,image/webp,*/*", "image/avif", "heif"],
        ["image/webp,*/*", "image/webp", "webp"],
      ] as const) {
        const served = await fetchSite(site, url?.[0] ?? "", { headers: { accept } });
        expect(served.headers.get("content-type")).toBe(type);
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect(meta).toMatchObject({ format, width: Math.min(width, UPRIGHT.width) });
        expect(meta.height).toBe(Math.round((Math.min(width, UPRIGHT.width) * UPRIGHT.height) / UPRIGHT.width));
        expect(meta.exif).toBeUndefined();
      }

      // Reordered by hash and position, then one deleted: the car follows each.
      const reversed = [...hashes(three)].reverse();
      const reorder = await fetchSite(site, `/api/stock/vehicles/${stocknum}/photos/order`, {
        method: "PUT",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ order: [reversed[0], 1, reversed[2]] }),
      });
      expect(reorder.status, await reorder.clone().text()).toBe(200);
      expect(await storedHashes(site, key, stocknum)).toEqual(reversed);
      const removed = await fetchSite(site, `/api/stock/vehicles/${stocknum}/photos/${reversed[0]}`, { method: "DELETE", headers: { authorization: `Bearer ${key}` } });
      expect(removed.status).toBe(200);
      expect(await storedHashes(site, key, stocknum)).toEqual(reversed.slice(1));
      expect((await storedCar(site, key, stocknum)).primary_image_url).toContain(reversed[1]);
      await expect.poll(async () => (await (await fetchSite(site, `/cars/${car.slug}`)).text()).includes(`/photos/${reversed[0]}`), { timeout: 15_000 }).toBe(false);

      // An order that leaves a photo out, and a photo the car does not have: refused by field, nothing changed.
      const partial = await fetchSite(site, `/api/stock/vehicles/${stocknum}/photos/order`, {
        method: "PUT",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ order: [0] }),
      });
      expect(partial.status).toBe(400);
      expect(JSON.stringify(await partial.json())).toContain("Name each of the vehicle's 2 photos once.");
      expect((await fetchSite(site, `/api/stock/vehicles/${stocknum}/photos/${"0".repeat(64)}`, { method: "DELETE", headers: { authorization: `Bearer ${key}` } })).status).toBe(404);
      expect(await storedHashes(site, key, stocknum)).toEqual(reversed.slice(1));
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 180_000);

  it.each(SITES)("%s refuses bad files each with its reason, a body over the request limit with 413, and another site's key", async (site, key) => {
    const stocknum = `UB-${randomUUID().slice(0, 8)}`.toUpperCase();
    await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(stocknum, [])] });
    try {
      const good = await phonePhoto();
      const kept = await uploadPhotos(site, key, stocknum, [{ bytes: good, name: "kept.jpg" }]);
      expect(kept.status).toBe(201);
      const before = await storedHashes(site, key, stocknum);

      const onePixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#ffffff" } }).png().toBuffer();
      const tooBig = new Uint8Array(PHOTO_LIMITS.maxBytes + 1024);
      tooBig.set([0xff, 0xd8, 0xff, 0xe0]);
      const bad = await uploadPhotos(site, key, stocknum, [
        { bytes: new TextEncoder().encode("<!doctype html><title>Not a photo</title>"), name: "page.jpg" },
        { bytes: good.subarray(0, Math.floor(good.length / 2)), name: "truncated.jpg" },
        { bytes: tooBig, name: "huge.jpg" },
        { bytes: onePixel, name: "pixel.png" },
      ]);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { rejected: unknown[] }).rejected).toEqual([
        { index: 0, name: "page.jpg", reason: PHOTO_REASONS.notImage },
        { index: 1, name: "truncated.jpg", reason: PHOTO_REASONS.undecodable },
        { index: 2, name: "huge.jpg", reason: PHOTO_REASONS.tooLarge },
        { index: 3, name: "pixel.png", reason: PHOTO_REASONS.tooSmall(1, 1) },
      ]);
      expect(await storedHashes(site, key, stocknum)).toEqual(before);

      // Past the request's limit: 413 in the platform's words, before anything is read.
      const over = await uploadPhotos(site, key, stocknum, [
        { bytes: tooBig, name: "a.jpg" },
        { bytes: tooBig, name: "b.jpg" },
      ]);
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual({ message: PHOTO_REASONS.uploadTooLarge });

      // No file, text for a file, an unknown field, an alt text too long: 400 naming the field.
      const noFile = await uploadPhotos(site, key, stocknum, [], { primary: "maybe" });
      expect(noFile.status).toBe(400);
      expect(Object.keys(((await noFile.json()) as { errors: Record<string, unknown> }).errors).sort()).toEqual(["photo", "primary"]);
      const longAlt = await uploadPhotos(site, key, stocknum, [{ bytes: good, name: "x.jpg", alt: "a".repeat(PHOTO_LIMITS.maxAltText + 1) }]);
      expect(longAlt.status).toBe(400);
      expect(Object.keys(((await longAlt.json()) as { errors: Record<string, unknown> }).errors)).toEqual(["alt.0"]);

      // Another site's write key is no key here, and a car of no stock number is a 404.
      const other = SITES.find(([slug]) => slug !== site)?.[1] ?? "";
      expect((await uploadPhotos(site, other, stocknum, [{ bytes: good, name: "x.jpg" }])).status).toBe(401);
      expect((await uploadPhotos(site, key, `${stocknum}-NONE`, [{ bytes: good, name: "x.jpg" }])).status).toBe(404);
      expect(await storedHashes(site, key, stocknum)).toEqual(before);
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 180_000);
});
