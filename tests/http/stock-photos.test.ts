import { randomUUID } from "node:crypto";
import { IMAGE_NOT_FOUND_PATH, PHOTO_LIMITS, PHOTO_REASONS } from "@dealer/shared/media";
import { PHOTO_PRIVATE_ADDRESS } from "@dealer/shared/outbound-guard";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PhotoOrigin, photoRecord as record, settledReport, startPhotoOrigin, storedCar } from "../support/photo-origin";
import { fetchSite } from "../support/platform";
import { stockApi } from "../support/stock-api";

/**
 * Issue 30, goal 1 (ADR 0067): a dealer's photo URLs from the feed are fetched by the photo queue, kept in R2 and served
 * on the site's own host in AVIF, WebP or JPEG at the asked width, without EXIF; a bad URL shows the placeholder and
 * its reason in the batch's feed report; a car's old photos stay until its new ones are held.
 */
const SITES = [
  ["harbour-city-motors", "write-harbour-city-motors"],
  ["ridge-motorcycles", "write-ridge-motorcycles"],
] as const;

let origin: PhotoOrigin;
beforeAll(async () => {
  origin = await startPhotoOrigin();
});
afterAll(() => origin.close());

const photoUrls = (html: string) => [...new Set(html.match(/\/cdn\/image\/width=\d+,quality=\d+\/photos\/[0-9a-f]{64}/g) ?? [])];
const hashOf = (url: string) => url.slice(-64);

async function served(site: string, path: string, accept?: string) {
  const answer = await fetchSite(site, path, { headers: accept ? { accept } : {} });
  expect(answer.status, path).toBe(200);
  const bytes = Buffer.from(await answer.arrayBuffer());
  return { type: answer.headers.get("content-type"), cache: answer.headers.get("cache-control"), meta: await sharp(bytes).metadata() };
}

describe("a dealer's photos by URL", () => {
  it.each(SITES)("%s fetches, cleans and serves a car's photos, and reports each bad one with its reason", async (site, key) => {
    const run = randomUUID().slice(0, 8);
    const good = [1, 2, 3].map((n) => origin.url(`/good/${site}-${run}-${n}.jpg`));
    const bad = {
      [origin.url(`/missing/${run}.jpg`)]: PHOTO_REASONS.http(404),
      [origin.url(`/page/${run}.jpg`)]: PHOTO_REASONS.notImage,
      [`http://10.20.30.40/${run}.jpg`]: PHOTO_PRIVATE_ADDRESS,
      [origin.url(`/redirect/${run}.jpg`)]: `Redirect refused: ${PHOTO_PRIVATE_ADDRESS}`,
      [origin.url(`/wide/${run}.png`)]: PHOTO_REASONS.tooWide(12_001, 100),
      [origin.url(`/huge/${run}.jpg`)]: PHOTO_REASONS.tooLarge,
    };
    const [goodCar, badCar] = [`PH-${run}-A`.toUpperCase(), `PH-${run}-B`.toUpperCase()];
    try {
      const answer = await stockApi(site, key, "/vehicles/batch", { upsert: [record(goodCar, good), record(badCar, Object.keys(bad))] });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { batch: string; upserted: number; records: { stocknum: string; pending: string[] }[] };
      expect(body.upserted).toBe(2);
      // The feed's request only queues the photos: every one is pending in its answer, the refused private address too.
      expect(body.records.find((r) => r.stocknum === goodCar)?.pending).toEqual(good);
      expect(body.records.find((r) => r.stocknum === badCar)?.pending).toEqual(Object.keys(bad));

      const report = await settledReport(site, key, body.batch);
      for (const photo of report.photos.filter((p) => p.stocknum === goodCar)) {
        expect(photo).toMatchObject({ status: "ready", reason: null, ...origin.photo });
      }
      expect(Object.fromEntries(report.photos.filter((p) => p.stocknum === badCar).map((p) => [p.url, [p.status, p.reason]]))).toEqual(
        Object.fromEntries(Object.entries(bad).map(([url, reason]) => [url, ["failed", reason]])),
      );

      // The stored car: its photos' own sizes (EXIF rotation applied), the card's picture its first photo.
      await expect.poll(async () => (await storedCar(site, key, goodCar)).images.map((entry) => entry.photo?.status), { timeout: 10_000 }).toEqual(["ready", "ready", "ready"]);
      const car = await storedCar(site, key, goodCar);
      expect(car.images.map((entry) => entry.photo?.source)).toEqual(good);
      expect(car.images[0]?.photo).toMatchObject(origin.photo);
      expect(car.primary_image_url).toBe(car.images[0]?.image.url);

      // Its page and print sheet show the three photos, at the gallery's widths.
      const page = await fetchSite(site, `/cars/${car.slug}`);
      const html = await page.text();
      const urls = photoUrls(html);
      expect(new Set(urls.map(hashOf))).toEqual(new Set(car.images.map((entry) => hashOf(entry.image.url))));
      const print = await (await fetchSite(site, `/print?car_id=${car.slug}`)).text();
      expect(photoUrls(print).map(hashOf)).toContain(hashOf(car.images[0]?.image.url ?? ""));

      // Every size the page names, in AVIF for a browser that takes it: the width asked (never more than the photo's), no EXIF.
      for (const url of urls.filter((u) => u.includes(hashOf(urls[0] ?? "")))) {
        const width = Number(/width=(\d+)/.exec(url)?.[1]);
        const avif = await served(site, url, "image/avif,image/webp,*/*");
        expect(avif.type).toBe("image/avif");
        expect(avif.cache).toContain("immutable");
        expect(avif.meta).toMatchObject({ format: "heif", width: Math.min(width, origin.photo.width) });
        expect(avif.meta.height).toBe(Math.round((Math.min(width, origin.photo.width) * origin.photo.height) / origin.photo.width));
        expect(avif.meta.exif).toBeUndefined();
      }
      const photo = urls[0] ?? "";
      const webp = await served(site, photo, "image/webp,*/*");
      expect([webp.type, webp.meta.format, webp.meta.exif]).toEqual(["image/webp", "webp", undefined]);
      const jpeg = await served(site, photo);
      expect([jpeg.type, jpeg.meta.format, jpeg.meta.exif, jpeg.meta.orientation]).toEqual(["image/jpeg", "jpeg", undefined, undefined]);

      // The car with bad photos is listed, its slots show the placeholder.
      const badStored = await storedCar(site, key, badCar);
      expect(badStored.images.every((entry) => entry.image.url.endsWith(IMAGE_NOT_FOUND_PATH))).toBe(true);
      const badPage = await fetchSite(site, `/cars/${badStored.slug}`);
      expect(badPage.status).toBe(200);
      expect((await badPage.text()).includes(IMAGE_NOT_FOUND_PATH)).toBe(true);

      // A new photo list: the car keeps its held photos until the new ones are, then shows them.
      const next = [origin.url(`/good/${site}-${run}-4.jpg`), good[0] ?? ""];
      const resend = (await (await stockApi(site, key, "/vehicles/batch", { upsert: [record(goodCar, next)] })).json()) as { batch: string; unchanged: number };
      expect(resend.unchanged).toBe(1);
      const before = car.images.map((entry) => entry.image.url);
      expect((await storedCar(site, key, goodCar)).images.map((entry) => entry.image.url)).toEqual(before);
      await settledReport(site, key, resend.batch);
      await expect.poll(async () => (await storedCar(site, key, goodCar)).images.map((entry) => entry.photo?.source), { timeout: 10_000 }).toEqual(next);
      expect((await storedCar(site, key, goodCar)).images[1]?.image.url).toBe(before[0]);
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [goodCar, badCar] });
    }
    // Two batches through the queue, 14 fetches and every size of a photo encoded: minutes on a busy 2-core machine.
  }, 240_000);

  it.each(SITES)("%s refuses more than 100 photos a car by field, and answers 404 for a batch it did not send", async (site, key) => {
    const stocknum = `PH-${randomUUID().slice(0, 8)}`.toUpperCase();
    const many = Array.from({ length: PHOTO_LIMITS.perCar + 1 }, (_, n) => origin.url(`/good/${stocknum}-${n}.jpg`));
    const answer = await stockApi(site, key, "/vehicles/batch", { upsert: [record(stocknum, many)] });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain(`At most ${PHOTO_LIMITS.perCar} photos a vehicle.`);
    expect((await stockApi(site, key, `/batches/${randomUUID()}`)).status).toBe(404);
  });

  it("turns and mirrors a photo as its EXIF orientation says, the mirrored ones (2, 4, 5, 7) too", async () => {
    const [site, key] = SITES[0];
    const run = randomUUID().slice(0, 8);
    const orientations = [2, 4, 5, 6, 7];
    const paths = orientations.map((orientation) => `/oriented/${orientation}/${run}.jpg`);
    const stocknum = `PH-${run}-O`.toUpperCase();
    try {
      const answer = (await (await stockApi(site, key, "/vehicles/batch", { upsert: [record(stocknum, paths.map((path) => origin.url(path)))] })).json()) as { batch: string };
      const report = await settledReport(site, key, answer.batch);
      expect(report.photos.map((photo) => photo.status)).toEqual(orientations.map(() => "ready"));
      const car = await storedCar(site, key, stocknum);
      for (const [index, path] of paths.entries()) {
        // What the photo looks like upright, by sharp's own reading of the tag.
        const upright = await sharp(origin.served(path)).rotate().raw().toBuffer({ resolveWithObject: true });
        const { width, height } = upright.info;
        expect(car.images[index]?.photo, path).toMatchObject({ width, height });
        const stored = await fetchSite(site, `/cdn/image/width=${width},quality=100,format=png/photos/${hashOf(car.images[index]?.image.url ?? "")}`);
        const shown = await sharp(Buffer.from(await stored.arrayBuffer())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        expect([shown.info.width, shown.info.height], path).toEqual([width, height]);
        // The middle of each quarter, in both: within JPEG's error of each other.
        for (const [fx, fy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
          const at = (Math.floor(fy * height) * width + Math.floor(fx * width)) * 3;
          const difference = [0, 1, 2].map((c) => Math.abs((shown.data[at + c] ?? 0) - (upright.data[at + c] ?? 0)));
          expect(Math.max(...difference), `${path} at ${fx},${fy}`).toBeLessThan(40);
        }
      }
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 180_000);
});
