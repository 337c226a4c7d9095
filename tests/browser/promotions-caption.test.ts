import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Each caption of the home page's promotions banner that is cut or covers the picture: past its slide or the
 * banner's own box (which scrolls sideways and clips the rest), wider or taller than its own box, or over the
 * picture, whose own words it would hide on a phone.
 */
const CLIPPED_CAPTIONS = `(() => [...document.querySelectorAll(".promotions__slide")].flatMap((slide) => {
  const caption = slide.querySelector(".promotions__text");
  if (!caption) return [];
  const box = caption.getBoundingClientRect();
  const outer = slide.getBoundingClientRect();
  const picture = slide.querySelector("img").getBoundingClientRect();
  const track = slide.closest(".promotions__track").getBoundingClientRect();
  const cut = [...caption.querySelectorAll("*")].some((part) => part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1);
  const outside = box.top < Math.max(outer.top, track.top) - 0.5 || box.bottom > Math.min(outer.bottom, track.bottom) + 0.5 || box.width > outer.width + 0.5;
  const over = box.top < picture.bottom - 0.5;
  return cut || outside || over || caption.scrollHeight > caption.clientHeight + 1 ? [caption.textContent.trim()] : [];
}))()`;

describe("the promotions banner's captions fit on a 390 px phone (issue 33)", () => {
  for (const site of ["harbour-city-motors", "summit-auto-group", "coastal-caravans"]) {
    it(site, async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
      await page.goto(siteUrl(site, "/"));
      await page.locator(".promotions__text").first().waitFor({ state: "attached" });
      expect(await page.locator(".promotions__slide").count()).toBeGreaterThan(0);
      expect(await page.evaluate(CLIPPED_CAPTIONS)).toEqual([]);
      await page.close();
    });
  }
});
