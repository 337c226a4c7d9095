import { randomUUID } from "node:crypto";
import { IMAGE_SLOTS, type ImageSlot, type SlotImage, slotImage } from "@dealer/shared/media";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { query } from "../support/db";
import { carImages } from "../support/vehicles";
import { DESKTOP, PHONE } from "../support/pages";
import { browserWithPhotoOrigin, PHOTO_SITES, photoRecord, settledReport, storedCar } from "../support/photo-origin";
import { fetchSite, siteUrl, waitForHydration } from "../support/platform";
import { stockApi } from "../support/stock-api";

/**
 * Issue 30 goal 5 (ADR 0071) in Chromium, on two sites, for a dealer's photos and the demo's photographs (both through
 * the pipeline) alike: every car picture carries its slot's width, height, srcset and sizes (card, gallery, thumbnails,
 * sticky header, compare, print), as the rule computes them from the stored car; the car page's head preloads its
 * first picture with the same candidates at high priority and the rest load lazily; a photo's dominant colour fills
 * its card until it loads; and every width a srcset names answers with a picture of that width.
 */
const SITES = PHOTO_SITES;
const rig = browserWithPhotoOrigin();

type Attributes = { src: string; srcSet: string; sizes: string; width: number; height: number; background: string; loading: string; fetchPriority: string };

/** What the page's <img> carries, as attributes (not what CSS makes of them). */
const attributesOf = (image: Locator): Promise<Attributes> =>
  image.evaluate((element: HTMLImageElement) => ({
    src: element.getAttribute("src") ?? "",
    srcSet: element.getAttribute("srcset") ?? "",
    sizes: element.getAttribute("sizes") ?? "",
    width: Number(element.getAttribute("width")),
    height: Number(element.getAttribute("height")),
    background: element.style.backgroundColor,
    loading: element.getAttribute("loading") ?? "",
    fetchPriority: element.getAttribute("fetchpriority") ?? "",
  }));

const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(", ")})`;

/** The <img> carries exactly the rule's attributes for its slot. */
function expectSlot(found: Attributes, expected: SlotImage, what: string) {
  expect({ src: found.src, srcSet: found.srcSet, sizes: found.sizes, width: found.width, height: found.height }, what).toEqual({
    src: expected.src,
    srcSet: expected.srcSet,
    sizes: expected.sizes,
    width: expected.width,
    height: expected.height,
  });
  expect(found.background, what).toBe(expected.style ? rgbOf(expected.style.backgroundColor) : "");
}

/** Every candidate of a srcset answers with a picture of its stated width (a photo decoded; a drawing's own width). */
async function expectServedWidths(site: string, srcSet: string) {
  for (const [url = "", descriptor = ""] of srcSet.split(", ").map((candidate) => candidate.split(" "))) {
    // WebP: as real as AVIF for sizes, and quicker to encode on a busy machine.
    const answer = await fetchSite(site, url, { headers: { accept: "image/webp,*/*" } });
    expect(answer.status, url).toBe(200);
    const bytes = Buffer.from(await answer.arrayBuffer());
    const width = answer.headers.get("content-type")?.startsWith("image/svg") ? Number(/<svg[^>]*\swidth="(\d+)"/.exec(bytes.toString())?.[1]) : (await sharp(bytes).metadata()).width;
    expect(`${width}w`, url).toBe(descriptor);
  }
}

async function open(site: string, path: string, device = DESKTOP): Promise<Page> {
  const page = await rig.browser.newPage(device);
  await page.goto(siteUrl(site, path));
  await waitForHydration(page);
  return page;
}

/** The car's card on a search, once search has taken the car in (about a second after its write, ADR 0034). */
async function cardOf(page: Page, slug: string): Promise<Locator> {
  const card = page.locator(`.card:has(a[href="/cars/${slug}"])`);
  await expect
    .poll(
      async () => {
        if (await card.count()) return true;
        await page.reload();
        await waitForHydration(page);
        return false;
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toBe(true);
  return card;
}

/** The head's image preload: its candidates, sizes and priority. */
const headPreload = (page: Page) =>
  page.evaluate(() => {
    const links = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    return links.map((link) => ({ srcSet: link.getAttribute("imagesrcset"), sizes: link.getAttribute("imagesizes"), priority: link.getAttribute("fetchpriority"), href: link.getAttribute("href") }));
  });

describe("car pictures by slot", () => {
  it.each(SITES)("%s: a dealer's photos carry each slot's srcset, sizes and box, the first preloaded, the colour until loaded", async (site, key) => {
    const run = randomUUID().slice(0, 8);
    const model = `Slots${run}`;
    const stocknum = `PS-${run}`.toUpperCase();
    // Four photos: the gallery shows thumbnails over three.
    const urls = [1, 2, 3, 4].map((n) => rig.origin.url(`/good/slots-${site}-${run}-${n}.jpg`));
    try {
      const answer = (await (await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(stocknum, urls, model)] })).json()) as { batch: string };
      await settledReport(site, key, answer.batch);
      await expect.poll(async () => (await storedCar(site, key, stocknum)).images.map((entry) => entry.photo?.status), { timeout: 10_000 }).toEqual(urls.map(() => "ready"));
      const car = await storedCar(site, key, stocknum);
      const expected = (slot: ImageSlot, index = 0) => slotImage(slot, car.images[index]?.image.url ?? "", car.images[index]?.photo);
      // A stored photo is 1200 px wide: no candidate is wider.
      expect(expected("gallery").srcSet).not.toContain("1600w");

      // The search card, at a phone's width: its slot's attributes, and the photo's colour behind it.
      // One device for the card and /compare, which reads the device's list.
      const device = await rig.browser.newContext(PHONE);
      const search = await device.newPage();
      await search.goto(siteUrl(site, `/search?query=${model}`));
      await waitForHydration(search);
      const card = await cardOf(search, car.slug);
      expectSlot(await attributesOf(card.locator(".card__image")), expected("card"), "card");
      expect(expected("card").style?.backgroundColor).toBe(car.images[0]?.photo?.colour);
      await expectServedWidths(site, expected("card").srcSet);
      // Chromium picks a candidate at least as wide as the card is drawn (a phone's 3x screen: the widest).
      const chosen = await card.locator(".card__image").evaluate(async (image: HTMLImageElement) => {
        await image.decode().catch(() => undefined);
        return { src: image.currentSrc, drawn: image.getBoundingClientRect().width * devicePixelRatio };
      });
      expect(Number(/width=(\d+)/.exec(chosen.src)?.[1])).toBeGreaterThanOrEqual(Math.min(chosen.drawn, IMAGE_SLOTS.card.max) - 1);
      await card.locator(".saved-toggle--compare").click();
      await card.locator('.saved-toggle--compare[aria-pressed="true"]').waitFor();
      const compare = await device.newPage();
      await compare.goto(siteUrl(site, "/compare"));
      await waitForHydration(compare);
      await compare.locator(".compare-table__car img").first().waitFor({ state: "attached" });
      expectSlot(await attributesOf(compare.locator(".compare-table__car img").first()), expected("compare"), "compare");
      await expectServedWidths(site, expected("compare").srcSet);
      await device.close();

      // The car page: the head preloads the first photo with the gallery's own candidates; the first slide is eager.
      const page = await open(site, `/cars/${car.slug}`);
      expect(await headPreload(page)).toEqual([{ srcSet: expected("gallery").srcSet, sizes: expected("gallery").sizes, priority: "high", href: null }]);
      const slides = page.locator(".vehicle-gallery__image");
      expect(await slides.count()).toBe(4);
      for (const index of [0, 1, 2, 3]) {
        const found = await attributesOf(slides.nth(index));
        expectSlot(found, expected("gallery", index), `slide ${index + 1}`);
        expect([found.loading, found.fetchPriority], `slide ${index + 1}`).toEqual(index === 0 ? ["eager", "high"] : ["lazy", "auto"]);
        expectSlot(await attributesOf(page.locator(".vehicle-gallery__thumb img").nth(index)), expected("thumbnail", index), `thumbnail ${index + 1}`);
      }
      await expectServedWidths(site, expected("gallery").srcSet);
      await expectServedWidths(site, expected("thumbnail").srcSet);
      // The sticky header's code loads once the shopper scrolls past the top.
      await page.mouse.wheel(0, 1500);
      await page.locator(".vehicle-sticky-header__image").waitFor({ state: "attached" });
      expectSlot(await attributesOf(page.locator(".vehicle-sticky-header__image")), expected("sticky"), "sticky header");
      await expectServedWidths(site, expected("sticky").srcSet);
      await page.close();

      // The print sheet.
      const print = await open(site, `/print?car_id=${car.slug}`);
      expectSlot(await attributesOf(print.locator(".vehicle-print__image")), expected("print"), "print");
      await expectServedWidths(site, expected("print").srcSet);
      await print.close();
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 240_000);

  it.each(SITES)("%s: the demo's photographs carry the same slots, and answer at every width they name", async (site) => {
    const search = await open(site, "/search", PHONE);
    const card = search.locator(".card:has(.card__image)").first();
    const href = (await card.locator("a.card__link").getAttribute("href")) ?? "";
    const found = await attributesOf(card.locator(".card__image"));
    // The stored car's held copy (its width caps the srcset, its colour fills the slot), read from the platform's record.
    const slug = href.replace(/^\/cars\//, "");
    const [photo] = carImages(site, slug);
    const [row] = query<{ spin: string }>(`SELECT json_extract(data, '$.spin_images') AS spin FROM vehicles WHERE site = '${site}' AND slug = '${slug}'`);
    const spin = JSON.parse(row?.spin ?? "[]") as string[];
    expect(photo?.photo?.status).toBe("ready");
    expectSlot(found, slotImage("card", photo?.image.url ?? "", photo?.photo), "demo card");
    await expectServedWidths(site, found.srcSet);
    await search.close();

    const page = await open(site, href);
    const preload = await headPreload(page);
    // The first picture of the viewer's first mode (a spin's first frame or the gallery's first photo) is preloaded.
    const first = page.locator('img[fetchpriority="high"]').first();
    const lead = await attributesOf(first);
    expect(preload).toEqual([{ srcSet: lead.srcSet, sizes: lead.sizes, priority: "high", href: null }]);
    // A spin car leads with its first uploaded frame; any other with the gallery's first photo.
    expectSlot(lead, spin[0] ? slotImage("gallery", spin[0]) : slotImage("gallery", photo?.image.url ?? "", photo?.photo), "demo lead picture");
    await expectServedWidths(site, lead.srcSet);
    // Every other gallery slide waits until it is near.
    const lazy = await page.locator(".vehicle-gallery__image").evaluateAll((images) => images.filter((image) => image.getAttribute("fetchpriority") !== "high").map((image) => image.getAttribute("loading")));
    expect(lazy.every((loading) => loading === "lazy")).toBe(true);
    await page.close();
  }, 120_000);
});
