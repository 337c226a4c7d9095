import { createHash, randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLOT_CACHE_TTL_MS } from "../../edge/src/page/slot-cache";
import { listenDemoPhotoOrigin } from "../../scripts/demo-photos/origin";
import { demoPhotoPath } from "../../db/demo/media";
import { DEMO_PHOTO, type DemoPicture, renderDemoPhoto } from "../../scripts/demo-photos/render";
import { PHOTO_SITES, photoRecord, settledReport, storedCar } from "../support/photo-origin";
import { fetchSite } from "../support/platform";
import { stockApi } from "../support/stock-api";

/**
 * Issue 30 goal 4 (ADR 0083): the demo's photographs, rendered by the project and served by its local origin, go the
 * dealer's way on two sites: fetched by the queue, kept in R2 under the SHA-256 of the bytes the origin sent (one
 * content hash on both sites, each its own copy), and shown on the car's card and page from /cdn/image on the site's
 * host as AVIF or WebP by Accept, JPEG otherwise, with no metadata.
 */
const PICTURES: DemoPicture[] = [
  { body: "suv", colour: "silver", angle: "three-quarter" },
  { body: "suv", colour: "silver", angle: "interior" },
];
let origin: Awaited<ReturnType<typeof listenDemoPhotoOrigin>>;
beforeAll(async () => {
  origin = await listenDemoPhotoOrigin();
});
afterAll(() => origin.close());

const ACCEPTS = [
  ["image/avif,image/webp,*/*", "image/avif", "heif"],
  ["image/webp,*/*", "image/webp", "webp"],
  ["*/*", "image/jpeg", "jpeg"],
] as const;

describe("the demo's photographs through the photo pipeline", () => {
  it.each(PHOTO_SITES)("%s holds them under the hash of the origin's bytes and serves them by Accept, without metadata", async (site, key) => {
    const hashes = await Promise.all(PICTURES.map(async (picture) => createHash("sha256").update(await renderDemoPhoto(picture)).digest("hex")));
    // A fresh query string per run: the site has never seen the URL, so it is fetched (a held URL would not be).
    const run = randomUUID().slice(0, 8);
    const urls = PICTURES.map((picture) => `${origin.base}/${demoPhotoPath(picture)}?run=${run}`);
    const stocknum = `DP-${run}`.toUpperCase();
    try {
      const answer = (await (await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(stocknum, urls)] })).json()) as { batch: string };
      const report = await settledReport(site, key, answer.batch);
      expect(report.photos.map((photo) => [photo.status, photo.width, photo.height])).toEqual(PICTURES.map(() => ["ready", DEMO_PHOTO.width, DEMO_PHOTO.height]));
      await expect.poll(async () => (await storedCar(site, key, stocknum)).images.map((entry) => entry.image.url.slice(-64)), { timeout: 10_000 }).toEqual(hashes);
      const car = await storedCar(site, key, stocknum);

      // The car page's gallery and the /search card (the newest car leads the default order) show them from this host.
      const page = await (await fetchSite(site, `/cars/${car.slug}`)).text();
      for (const hash of hashes) expect(page).toMatch(new RegExp(`src(?:set)?="/cdn/image/width=\\d+,quality=\\d+/photos/${hash}`));
      // A /search kept before the photos settled shows the placeholder until its kept slot ends (ADR 0123).
      await expect
        .poll(async () => (await (await fetchSite(site, "/search")).text()).match(new RegExp(`/cdn/image/width=\\d+,quality=\\d+/photos/${hashes[0]}`)) !== null, {
          timeout: SLOT_CACHE_TTL_MS + 20_000,
          interval: 1000,
        })
        .toBe(true);

      for (const [accept, type, format] of ACCEPTS) {
        const served = await fetchSite(site, `/cdn/image/width=480,quality=75/photos/${hashes[0]}`, { headers: { accept } });
        expect([served.status, served.headers.get("content-type")]).toEqual([200, type]);
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([format, 480, (480 * DEMO_PHOTO.height) / DEMO_PHOTO.width, undefined]);
      }
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 180_000);
});
