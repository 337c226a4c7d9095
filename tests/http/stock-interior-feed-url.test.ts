import { randomUUID } from "node:crypto";
import { IMAGE_NOT_FOUND_PATH, PHOTO_REASONS, vehicleImageUrl } from "@dealer/shared/media";
import { PHOTO_PRIVATE_ADDRESS } from "@dealer/shared/outbound-guard";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_SITES, type PhotoOrigin, phonePanorama, photoRecord, settledReport, startPhotoOrigin, storedCar, uploadPanorama } from "../support/photo-origin";
import { fetchSite } from "../support/platform";
import { stockApi } from "../support/stock-api";

/**
 * A feed's `spin_interior_image` URL goes through the photo queue like the car's photos (ADR 0105): fetched, checked and
 * kept in R2, reported in the feed report (position -1) with its reason, the placeholder until held or when it failed,
 * and the car's Interior then shows the held copy's platform address. An uploaded panorama (ADR 0102) wins over it;
 * without the upload the car shows the feed's copy again.
 */
type Interior = { spin_interior_image?: string | null; spin_interior_source?: string };
const interiorOf = async (site: string, key: string, stocknum: string) => (await storedCar(site, key, stocknum)) as unknown as Interior & { slug: string };
const HELD = /^\/cdn\/image\/width=\d+,quality=\d+\/photos\/[0-9a-f]{64}$/;

let origin: PhotoOrigin;
beforeAll(async () => {
  origin = await startPhotoOrigin();
});
afterAll(() => origin.close());

describe("a feed's interior panorama by URL", () => {
  it.each(PHOTO_SITES)("%s fetches it through the photo queue, reports a bad one, and lets an upload win over it", async (site, key) => {
    const run = randomUUID().slice(0, 8);
    const [good, missing, privateUrl] = [origin.url(`/good/${site}-${run}-interior.jpg`), origin.url(`/missing/${run}-interior.jpg`), `http://10.20.30.40/${run}-interior.jpg`];
    const cars = [`PI-${run}-A`, `PI-${run}-B`, `PI-${run}-C`].map((stocknum) => stocknum.toUpperCase()) as [string, string, string];
    const records = [good, missing, privateUrl].map((url, index) => ({ ...photoRecord(cars[index] ?? "", [origin.url(`/good/${site}-${run}-${index}.jpg`)]), spin_interior_image: url }));
    try {
      const answer = await stockApi(site, key, "/vehicles/batch", { upsert: records });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { batch: string; records: { stocknum: string; pending: string[] }[] };
      // Queued, not fetched in the feed's request; until held the car shows the placeholder, never the dealer's URL.
      expect(body.records.find((entry) => entry.stocknum === cars[0])?.pending).toContain(good);
      expect((await interiorOf(site, key, cars[1])).spin_interior_image).toBe(vehicleImageUrl(IMAGE_NOT_FOUND_PATH));

      const report = await settledReport(site, key, body.batch);
      const interiors = Object.fromEntries(report.photos.filter((photo) => photo.position === -1).map((photo) => [photo.url, [photo.status, photo.reason]]));
      expect(interiors).toEqual({ [good]: ["ready", null], [missing]: ["failed", PHOTO_REASONS.http(404)], [privateUrl]: ["failed", PHOTO_PRIVATE_ADDRESS] });

      // The held copy's platform address, served on the site's own host; the feed's URL kept as its source.
      await expect.poll(async () => (await interiorOf(site, key, cars[0])).spin_interior_image ?? "", { timeout: 15_000 }).toMatch(HELD);
      const held = await interiorOf(site, key, cars[0]);
      expect(held.spin_interior_source).toBe(good);
      const copy = await fetchSite(site, held.spin_interior_image ?? "", { headers: { accept: "image/avif" } });
      expect([copy.status, copy.headers.get("content-type")]).toEqual([200, "image/avif"]);
      const page = await (await fetchSite(site, `/cars/${held.slug}`)).text();
      expect(page).toContain(held.spin_interior_image);
      expect(page).not.toContain(`/${good}`);

      // A failed URL: the placeholder (a picture that loads), the car page whole.
      const failed = await interiorOf(site, key, cars[1]);
      expect(failed.spin_interior_image).toBe(vehicleImageUrl(IMAGE_NOT_FOUND_PATH));
      expect((await fetchSite(site, failed.spin_interior_image ?? "")).status).toBe(200);
      const failedPage = await fetchSite(site, `/cars/${failed.slug}`);
      expect(failedPage.status).toBe(200);
      expect(await failedPage.text()).not.toContain(missing);

      // An upload wins over the feed's URL, and stays when the feed is sent again; removed, the feed's copy is back.
      const upload = await uploadPanorama(site, key, cars[0], await phonePanorama());
      expect(upload.status).toBe(200);
      const uploaded = ((await upload.json()) as Interior).spin_interior_image;
      expect(uploaded).toMatch(HELD);
      expect(uploaded).not.toBe(held.spin_interior_image);
      expect((await stockApi(site, key, "/vehicles/batch", { upsert: [records[0]] })).status).toBe(200);
      expect((await interiorOf(site, key, cars[0])).spin_interior_image).toBe(uploaded);
      const removed = await fetchSite(site, `/api/stock/vehicles/${cars[0]}/interior`, { method: "DELETE", headers: { authorization: `Bearer ${key}` } });
      expect([removed.status, await removed.json()]).toEqual([200, { stocknum: cars[0], spin_interior_image: held.spin_interior_image }]);
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: cars });
    }
  });
});
