import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP } from "../support/pages";
import { phonePhoto, photoRecord, storedCar } from "../support/photo-origin";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";
import { stockApi, uploadPhotos } from "../support/stock-api";

/**
 * Issue 30 goal 2 (ADR 0075) in Chromium: a photo a dealer uploads shows in the car page's gallery, loaded as AVIF
 * without EXIF, with the alt text sent with it. Two sites.
 */
const SITES = [
  ["harbour-city-motors", "write-harbour-city-motors"],
  ["ridge-motorcycles", "write-ridge-motorcycles"],
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("an uploaded photo in the browser", () => {
  it.each(SITES)("%s shows an uploaded photo on the car page", async (site, key) => {
    const stocknum = `UV-${randomUUID().slice(0, 8)}`.toUpperCase();
    await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(stocknum, [])] });
    try {
      const alt = `Uploaded front view ${stocknum}`;
      const uploaded = await uploadPhotos(site, key, stocknum, [{ bytes: await phonePhoto(), name: "front.jpg", alt }]);
      expect(uploaded.status).toBe(201);
      const [photo] = ((await uploaded.json()) as { photos: { hash: string; width: number }[] }).photos;
      const car = await storedCar(site, key, stocknum);

      const page = await browser.newPage(DESKTOP);
      const served: { type: string | undefined; format: string | undefined; width: number | undefined; exif: boolean }[] = [];
      page.on("response", async (response) => {
        if (!response.url().includes(`/photos/${photo?.hash}`)) return;
        const meta = await sharp(await response.body()).metadata();
        served.push({ type: response.headers()["content-type"], format: meta.format, width: meta.width, exif: meta.exif !== undefined });
      });
      await page.goto(siteUrl(site, `/cars/${car.slug}`));
      await waitForHydration(page);
      const image = page.locator(".vehicle-gallery__image").first();
      const shown = await image.evaluate(async (element: HTMLImageElement) => {
        await element.decode().catch(() => undefined);
        return { src: element.currentSrc, alt: element.alt };
      });
      expect(shown.src).toContain(`/photos/${photo?.hash}`);
      expect(shown.alt).toBe(`${alt}, image 1 of 1`);
      // The bytes' own width: with a srcset, naturalWidth is scaled by the chosen candidate's density (ADR 0071).
      const asked = Number(/width=(\d+)/.exec(shown.src)?.[1]);
      await expect.poll(() => served.length).toBeGreaterThan(0);
      expect(served[0]).toMatchObject({ type: "image/avif", format: "heif", exif: false, width: Math.min(asked, photo?.width ?? 0) });
      await page.close();
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 120_000);
});
