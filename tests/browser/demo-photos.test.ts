import { type SlotImage, slotImage } from "@dealer/shared/media";
import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPhotoOrigin } from "../../db/demo/media";
import { PLATFORM_PORT } from "../../scripts/stack";
import { PHONE } from "../support/pages";
import { PHOTO_SITES } from "../support/photo-origin";
import { fetchSite, launchChromium, siteUrl, waitForHydration } from "../support/platform";
import { query } from "../support/db";
import { carImages } from "../support/vehicles";

/**
 * Issue 30 goal 4 (ADR 0094) in Chromium, on two sites: a demo car's card on /search and its page's lead photo are the
 * demo's JPEGs as the pipeline holds them: the stored car names the origin's URL as its source and a held copy, the
 * <img> carries the slot the rule computes from that copy, and the browser shows a raster picture (natural size over
 * 0) that the gateway served from /cdn/image on the site's host as AVIF or WebP, at the width its URL asks.
 */
const ORIGIN = demoPhotoOrigin(PLATFORM_PORT);
const carInStock = (site: string, slug: string) => query(`SELECT 1 FROM vehicles WHERE site = '${site}' AND slug = '${slug.replaceAll("'", "")}'`).length > 0;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A page that records each image answer's content type by URL. */
async function pageWithImageTypes(site: string, path: string): Promise<{ page: Page; types: Map<string, string> }> {
  const page = await browser.newPage(PHONE);
  const types = new Map<string, string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "image") types.set(response.url(), response.headers()["content-type"] ?? "");
  });
  await page.goto(siteUrl(site, path));
  await waitForHydration(page);
  return { page, types };
}

/** The <img> is the rule's slot for the held copy, loaded as a raster picture from /cdn/image in AVIF or WebP. */
async function expectRasterPhoto(site: string, image: Locator, types: Map<string, string>, expected: SlotImage, what: string) {
  await image.scrollIntoViewIfNeeded();
  const shown = await image.evaluate(async (element: HTMLImageElement) => {
    await element.decode().catch(() => undefined);
    return { src: element.getAttribute("src"), srcSet: element.getAttribute("srcset"), sizes: element.getAttribute("sizes"), width: element.width, height: element.height, current: element.currentSrc, natural: [element.naturalWidth, element.naturalHeight] };
  });
  expect({ src: shown.src, srcSet: shown.srcSet, sizes: shown.sizes }, what).toEqual({ src: expected.src, srcSet: expected.srcSet, sizes: expected.sizes });
  expect(shown.natural.every((side) => side > 0), what).toBe(true);
  const path = new URL(shown.current).pathname;
  const asked = Number(/^\/cdn\/image\/width=(\d+),quality=\d+\/photos\/[0-9a-f]{64}$/.exec(path)?.[1]);
  expect(asked, `${what}: ${path}`).toBeGreaterThan(0);
  await expect.poll(() => types.get(shown.current), { timeout: 10_000 }).toMatch(/^image\/(avif|webp)$/);
  // The bytes at that URL are a picture of the width it asks (the natural size above is the decoded one).
  const served = await fetchSite(site, path, { headers: { accept: types.get(shown.current) ?? "image/webp" } });
  const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  expect([served.status, meta.width], what).toEqual([200, asked]);
}

describe("the demo's cars show photographs through the photo pipeline", () => {
  it.each(PHOTO_SITES)("%s: a demo car's card and page photo are held copies of its origin JPEGs, served as AVIF or WebP", async (site) => {
    const search = await pageWithImageTypes(site, "/search");
    const card = search.page.locator(".card:has(.card__image)").first();
    const slugOf = async () => ((await card.locator("a.card__link").getAttribute("href")) ?? "").replace(/^\/cars\//, "");
    // A car the file before wrote and deleted can lead the newest-first search for a moment after its delete (the
    // search follows the stock within seconds): the page is read again until its first card is in the stock.
    const firstCardInStock = async () => {
      if (carInStock(site, await slugOf())) return true;
      await search.page.reload();
      await waitForHydration(search.page);
      return false;
    };
    await expect.poll(firstCardInStock, { timeout: 30_000 }).toBe(true);
    const slug = await slugOf();
    const images = carImages(site, slug);
    const [first] = images;
    // The feed named the demo origin's JPEG; the platform holds a copy of it and shows that.
    expect(images.length).toBeGreaterThan(0);
    for (const entry of images) {
      expect(entry.photo?.source).toMatch(new RegExp(`^${ORIGIN}/vehicles/[a-z]+/[a-z]+/[a-z-]+\\.jpg$`));
      expect(entry.photo?.status).toBe("ready");
      expect(entry.image.url).toMatch(/\/photos\/[0-9a-f]{64}$/);
    }
    await expectRasterPhoto(site, card.locator(".card__image"), search.types, slotImage("card", first?.image.url ?? "", first?.photo), "card");
    await search.page.close();

    const car = await pageWithImageTypes(site, `/cars/${slug}`);
    // The car page's lead picture is the gallery's first photo (a spin car's lead is its first uploaded frame).
    const lead = car.page.locator(".vehicle-gallery__image").first();
    await expectRasterPhoto(site, lead, car.types, slotImage("gallery", first?.image.url ?? "", first?.photo), "gallery's first photo");
    await car.page.close();
  }, 120_000);
});
