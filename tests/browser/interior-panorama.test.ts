import { createHash, randomUUID } from "node:crypto";
import { IMAGE_CDN_PREFIX, vehicleImagePath, vehicleImageUrl } from "@dealer/shared/media";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interiorShown, PHOTO_SITES, phonePanorama, photoRecord, storedCar, uploadPanorama } from "../support/photo-origin";
import { fetchSite, launchChromium } from "../support/platform";
import { stockApi } from "../support/stock-api";

/**
 * ADR 0102 in Chromium: the car page's Interior view shows the gateway's drawing the feed named until the dealer uploads
 * a panorama, then the dealer's picture, a raster photo served through /cdn/image on the site's own host. Two sites.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("an uploaded interior panorama on the car page", () => {
  it.each(PHOTO_SITES)("%s shows the drawing the feed named, then the dealer's panorama from /cdn/image", async (site, key) => {
    const stocknum = `PV-${randomUUID().slice(0, 8)}`.toUpperCase();
    const drawing = vehicleImageUrl(vehicleImagePath("suv", "blue", "interior"));
    expect((await stockApi(site, key, "/vehicles/batch", { upsert: [{ ...photoRecord(stocknum, []), spin_interior_image: drawing }] })).status).toBe(200);
    try {
      const { slug } = await storedCar(site, key, stocknum);
      // Without an upload: the feed's picture, as before.
      const before = await interiorShown(browser, site, slug);
      expect(new URL(before.src).pathname).toContain("/vehicles/suv/blue/interior.svg");

      const panorama = await phonePanorama();
      const hash = createHash("sha256").update(panorama).digest("hex");
      const put = await uploadPanorama(site, key, stocknum, panorama);
      expect(put.status, await put.clone().text()).toBe(200);
      await expect
        .poll(async () => new URL((await interiorShown(browser, site, slug)).src).pathname, { timeout: 30_000, interval: 1_000 })
        .toMatch(new RegExp(`^${IMAGE_CDN_PREFIX}/width=\\d+,quality=\\d+/photos/${hash}$`));
      const after = await interiorShown(browser, site, slug);
      expect(after.natural).toBeGreaterThan(0);
      // What the browser was given is a raster photo in a modern format, at the width its address asks.
      const served = await fetchSite(site, new URL(after.src).pathname, { headers: { accept: "image/avif,image/webp,*/*" } });
      expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/avif"]);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.width, meta.exif]).toEqual([Number(/width=(\d+)/.exec(after.src)?.[1]), undefined]);
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 150_000);
});
