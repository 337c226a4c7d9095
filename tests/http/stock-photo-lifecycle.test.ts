import { createHash, randomUUID } from "node:crypto";
import { UPLOAD_SOURCE_PREFIX } from "@dealer/shared/media";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_SITES, type PhotoOrigin, phonePhoto, photoRecord as record, settledReport, startPhotoOrigin, storedCar } from "../support/photo-origin";
import { fetchSite } from "../support/platform";
import { stockApi, uploadPhotos } from "../support/stock-api";

/**
 * A car's photos over their life (ADR 0080): a feed that sends `images` replaces the feed's photos and keeps the ones the
 * dealer uploaded where they were; a photo's R2 copy is deleted once no car of its site shows it, and not before (another
 * car of the site showing it, another site's copy of the same bytes).
 */
let origin: PhotoOrigin;
beforeAll(async () => {
  origin = await startPhotoOrigin();
});
afterAll(() => origin.close());

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const sources = async (site: string, key: string, stocknum: string) => (await storedCar(site, key, stocknum)).images.map((entry) => entry.photo?.source);
/** Each probe asks a size never asked before, so the edge cache cannot answer for R2. */
let quality = 1;
const copyStatus = async (site: string, hash: string) => (await fetchSite(site, `/cdn/image/width=120,quality=${(quality++ % 99) + 1}/photos/${hash}`)).status;
const removePhoto = (site: string, key: string, stocknum: string, ref: string) =>
  fetchSite(site, `/api/stock/vehicles/${stocknum}/photos/${ref}`, { method: "DELETE", headers: { authorization: `Bearer ${key}` } });

describe("a feed beside a dealer's uploads", () => {
  it.each(PHOTO_SITES)("%s keeps the uploaded photos where they were when a feed sends images, or none", async (site, key) => {
    const run = randomUUID().slice(0, 8);
    const stocknum = `PL-${run}`.toUpperCase();
    try {
      expect((await stockApi(site, key, "/vehicles/batch", { upsert: [record(stocknum, [])] })).status).toBe(200);
      const bytes = await phonePhoto();
      expect((await uploadPhotos(site, key, stocknum, [{ bytes, name: "lot.jpg", alt: "On the lot" }])).status).toBe(201);
      const upload = `${UPLOAD_SOURCE_PREFIX}${sha256(bytes)}`;

      const feed = [origin.url(`/good/${run}-1.jpg`), origin.url(`/good/${run}-2.jpg`)];
      const answer = (await (await stockApi(site, key, "/vehicles/batch", { upsert: [record(stocknum, feed)] })).json()) as { batch: string };
      await settledReport(site, key, answer.batch);
      // The upload stays first (its stored place), the feed's photos fill the rest in the feed's order.
      await expect.poll(() => sources(site, key, stocknum), { timeout: 15_000 }).toEqual([upload, ...feed]);
      const car = await storedCar(site, key, stocknum);
      expect(car.images.map((entry) => entry.photo?.status)).toEqual(["ready", "ready", "ready"]);

      // A feed that sends no photos drops the feed's, never the upload.
      expect((await stockApi(site, key, "/vehicles/batch", { upsert: [record(stocknum, [])] })).status).toBe(200);
      expect(await sources(site, key, stocknum)).toEqual([upload]);
      expect((await storedCar(site, key, stocknum)).images[0]?.photo).toMatchObject({ alt: "On the lot", status: "ready" });
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 180_000);
});

describe("a photo's stored copy", () => {
  it("is deleted once no car of its site shows it, and kept while another car or another site does", async () => {
    const [[siteA, keyA], [siteB, keyB]] = PHOTO_SITES;
    const run = randomUUID().slice(0, 8).toUpperCase();
    const [first, second, other] = [`PR-${run}-1`, `PR-${run}-2`, `PR-${run}-3`];
    const bytes = await phonePhoto();
    const hash = sha256(bytes);
    try {
      for (const [site, key, stocknum] of [[siteA, keyA, first], [siteA, keyA, second], [siteB, keyB, other]] as const) {
        expect((await stockApi(site, key, "/vehicles/batch", { upsert: [record(stocknum, [])] })).status).toBe(200);
        expect((await uploadPhotos(site, key, stocknum, [{ bytes, name: "shared.jpg" }])).status).toBe(201);
      }
      expect([await copyStatus(siteA, hash), await copyStatus(siteB, hash)]).toEqual([200, 200]);

      // The photo deleted from one car: the other car of the site still shows it.
      expect((await removePhoto(siteA, keyA, first, hash)).status).toBe(200);
      expect(await sources(siteA, keyA, first)).toEqual([]);
      expect(await copyStatus(siteA, hash)).toBe(200);

      // The second car deleted: no car of the site shows it, its copy goes; the other site's copy stays.
      expect((await stockApi(siteA, keyA, "/vehicles/batch", { delete: [second] })).status).toBe(200);
      await expect.poll(() => copyStatus(siteA, hash), { timeout: 15_000, interval: 500 }).toBe(404);
      expect(await copyStatus(siteB, hash)).toBe(200);
      const shown = await storedCar(siteB, keyB, other);
      expect((await fetchSite(siteB, shown.images[0]?.image.url ?? "")).status).toBe(200);
    } finally {
      await stockApi(siteA, keyA, "/vehicles/batch", { delete: [first, second] });
      await stockApi(siteB, keyB, "/vehicles/batch", { delete: [other] });
    }
  }, 180_000);
});
