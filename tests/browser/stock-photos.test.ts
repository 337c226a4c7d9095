import { randomUUID } from "node:crypto";
import { IMAGE_NOT_FOUND_PATH } from "@dealer/shared/media";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DESKTOP } from "../support/pages";
import { browserWithPhotoOrigin, PHOTO_SITES, photoRecord, settledReport, storedCar } from "../support/photo-origin";
import { siteUrl, waitForHydration } from "../support/platform";
import { stockApi } from "../support/stock-api";

/**
 * Issue 30 (ADR 0067) in Chromium: a car posted with photo URLs shows its own photos on its search card, its page's
 * gallery and sticky header, and its print sheet, as AVIF (Chromium accepts it) at the width each slot asks, without
 * EXIF; a car whose photo cannot be had shows the placeholder. Two sites.
 */
const SITES = PHOTO_SITES;
const rig = browserWithPhotoOrigin();

type Served = { url: string; type: string | null; width: number | undefined; format: string | undefined; exif: boolean };

/** Every photo the page loads, as served: its type, pixel width and whether it carries EXIF. */
function watchPhotos(page: Page): Served[] {
  const served: Served[] = [];
  page.on("response", async (response) => {
    if (!response.url().includes("/photos/")) return;
    const meta = await sharp(await response.body()).metadata();
    served.push({ url: response.url(), type: response.headers()["content-type"] ?? null, width: meta.width, format: meta.format, exif: meta.exif !== undefined });
  });
  return served;
}

/** A desktop page on the site's path, hydrated, with the photos it loads recorded from its first request. */
async function openWatched(site: string, path: string): Promise<{ page: Page; photos: Served[] }> {
  const page = await rig.browser.newPage(DESKTOP);
  const photos = watchPhotos(page);
  await page.goto(siteUrl(site, path));
  await waitForHydration(page);
  return { page, photos };
}

/** The image is loaded (not broken) and its address is one of the car's photos. */
const loadedSrc = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate(async (image: HTMLImageElement) => {
    image.loading = "eager";
    await image.decode().catch(() => undefined);
    return { src: image.currentSrc, natural: image.naturalWidth };
  });

describe("a dealer's photos in the browser", () => {
  it.each(SITES)("%s shows a car's own photos on its card, gallery, sticky header and print sheet", async (site, key) => {
    const run = randomUUID().slice(0, 8);
    const model = `Photo${run}`;
    const [goodCar, badCar] = [`PB-${run}-A`.toUpperCase(), `PB-${run}-B`.toUpperCase()];
    const good = [1, 2].map((n) => rig.origin.url(`/good/browser-${site}-${run}-${n}.jpg`));
    try {
      const answer = (await (
        await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(goodCar, good, model), photoRecord(badCar, [rig.origin.url(`/missing/${run}.jpg`)], model)] })
      ).json()) as { batch: string };
      await settledReport(site, key, answer.batch);
      await expect.poll(async () => (await storedCar(site, key, goodCar)).images.map((entry) => entry.photo?.status), { timeout: 10_000 }).toEqual(["ready", "ready"]);
      const car = await storedCar(site, key, goodCar);
      const hashes = car.images.map((entry) => entry.image.url.slice(-64));
      const [first = ""] = hashes;

      // The search card: the first photo, as AVIF at the card's width.
      const search = await openWatched(site, `/search?query=${model}`);
      const onCard = search.photos;
      const card = search.page.locator(`.card:has(a[href="/cars/${car.slug}"])`);
      // Search takes a stock change in place about a second after it is written (ADR 0034): the photos' own write too.
      await expect
        .poll(
          async () => {
            if (await card.count()) return true;
            await search.page.reload();
            return false;
          },
          { timeout: 20_000, interval: 1000 },
        )
        .toBe(true);
      const cardImage = await loadedSrc(search.page, `.card:has(a[href="/cars/${car.slug}"]) .card__image`);
      expect(cardImage.src).toContain(first);
      expect(cardImage.natural).toBeGreaterThan(0);
      await expect.poll(() => onCard.length).toBeGreaterThan(0);
      const cardWidth = Number(/width=(\d+)/.exec(cardImage.src)?.[1]);
      expect(onCard[0]).toMatchObject({ type: "image/avif", format: "heif", width: Math.min(cardWidth, rig.origin.photo.width), exif: false });
      await search.page.close();

      // The car page: every gallery slide is one of its photos, loaded as AVIF without EXIF; the sticky header's too.
      const vehicle = await openWatched(site, `/cars/${car.slug}`);
      const onPage = vehicle.photos;
      const slides = await vehicle.page.locator(".vehicle-gallery__image").evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute("src") ?? ""));
      expect(slides.map((src) => src.slice(-64))).toEqual(hashes);
      const main = await loadedSrc(vehicle.page, ".vehicle-gallery__image");
      expect(main.src).toContain(first);
      // The picture served is as wide as its candidate says (naturalWidth is divided by the srcset's density).
      await expect.poll(() => onPage.find((photo) => photo.url === main.src)?.width).toBe(Math.min(Number(/width=(\d+)/.exec(main.src)?.[1]), rig.origin.photo.width));
      // Until it loads, each slide is filled with its photo's dominant colour.
      const colour = car.images[0]?.photo?.colour ?? "";
      const rgb = `rgb(${[1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16)).join(", ")})`;
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(await vehicle.page.locator(".vehicle-gallery__image").first().evaluate((image) => getComputedStyle(image).backgroundColor)).toBe(rgb);
      // The sticky header's code loads once the shopper scrolls past the top.
      await vehicle.page.mouse.wheel(0, 1500);
      expect((await loadedSrc(vehicle.page, ".vehicle-sticky-header__image")).src).toContain(first);
      await expect.poll(() => onPage.length).toBeGreaterThan(1);
      for (const photo of onPage) expect(photo, photo.url).toMatchObject({ type: "image/avif", format: "heif", exif: false });
      await vehicle.page.close();

      // The print sheet.
      const print = await openWatched(site, `/print?car_id=${car.slug}`);
      const printed = await loadedSrc(print.page, ".vehicle-print__image");
      expect(printed.src).toContain(first);
      expect(printed.natural).toBeGreaterThan(0);
      await print.page.close();

      // The car whose photo cannot be had is listed, its gallery showing the placeholder picture.
      const bad = await storedCar(site, key, badCar);
      const badPage = await openWatched(site, `/cars/${bad.slug}`);
      const placeholder = await loadedSrc(badPage.page, ".vehicle-gallery__image");
      expect(placeholder.src).toContain(IMAGE_NOT_FOUND_PATH);
      expect(placeholder.natural).toBeGreaterThan(0);
      await badPage.page.close();
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [goodCar, badCar] });
    }
  }, 240_000);
});
