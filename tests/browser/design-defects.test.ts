import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESERVE_CAR_LABEL } from "@dealer/shared/rules";
import { DESKTOP, PHONE } from "../support/pages";
import { fetchSite, launchChromium, siteUrl, waitForHydration } from "../support/platform";

/** Issue 25's layout defects, each measured where a shopper saw it. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number };
const box = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => element.getBoundingClientRect().toJSON() as Box);

/** A summit car page with both a reserve action (RESERVE_CAR_LABEL) and the location announcement (a group's car away from its first location). */
async function reservableCarAway(): Promise<string> {
  const search = await (await fetchSite("summit-auto-group", "/search")).text();
  for (const [, path] of search.matchAll(/href="(\/cars\/[a-z0-9-]+)"/g)) {
    const html = await (await fetchSite("summit-auto-group", path as string)).text();
    if (html.includes("vehicle-sticky-bar") && html.includes(RESERVE_CAR_LABEL) && html.includes("vehicle-announcement")) return path as string;
  }
  throw new Error("no summit car with a reserve action and the announcement on the first search page");
}

describe("issue 25's layout defects stay fixed", () => {
  it("a search card's actions sit in one row, inset from the card's border alike", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(siteUrl("harbour-city-motors", "/search"));
    await waitForHydration(page);
    const card = ".search-results__grid > li.card:not(.card--promo)";
    const outer = await box(page, card);
    const actions = await Promise.all([`${card} .card__email-us`, `${card} .card__toggles`, `${card} .card__watchlist`].map((selector) => box(page, selector)));
    const middles = actions.map((action) => Math.round(action.top + action.height / 2));
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(2);
    for (const action of actions) {
      expect(action.left - outer.left).toBeGreaterThanOrEqual(8);
      expect(outer.right - action.right).toBeGreaterThanOrEqual(8);
    }
    await page.close();
  });

  it("the compare tray's text reads against its panel (not white on white)", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(siteUrl("harbour-city-motors", "/search"));
    await waitForHydration(page);
    await page.locator(".card .saved-toggle--compare").first().click();
    const link = page.locator(".compare-tray__link");
    await link.waitFor();
    const [text, panel] = await link.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element.closest(".compare-tray") as Element).backgroundColor]);
    expect(text).not.toBe(panel);
    expect(text).not.toBe("rgb(255, 255, 255)");
    await page.close();
  });

  it("a promotion's caption sits on its banner on a desktop, and under it on a phone (ADR 0062)", async () => {
    for (const size of [PHONE, DESKTOP]) {
      const page = await browser.newPage(size);
      await page.goto(siteUrl("harbour-city-motors", "/"));
      for (const slide of [1, 3]) {
        const image = await box(page, `.promotions__slide:nth-child(${slide}) img`);
        const caption = await box(page, `.promotions__slide:nth-child(${slide}) .promotions__text`);
        if (size === PHONE) {
          // A phone's banner is about 100 px tall: its caption is a box under the picture, never over its own title.
          expect(caption.top).toBeGreaterThanOrEqual(image.bottom - 1);
        } else {
          expect(caption.top).toBeGreaterThanOrEqual(image.top - 1);
          expect(caption.bottom).toBeLessThanOrEqual(image.bottom + 1);
        }
      }
      await page.close();
    }
  });

  it("the car page's announcement spans the page above the breadcrumb, whose items share a baseline; Reserve Now stays on one line", async () => {
    const path = await reservableCarAway();
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await desktop.goto(siteUrl("summit-auto-group", path));
    await waitForHydration(desktop);
    const [bar, detail] = [await box(desktop, "#vehicle-announcement"), await box(desktop, ".vehicle-detail")];
    expect(bar.width).toBeGreaterThanOrEqual(detail.width - 2);
    const baselines = await desktop.locator(".vehicle-breadcrumbs__item").evaluateAll((items) =>
      items.map((item) => {
        // The text's own box (a range), not its element's: a link's padding must not hide a shifted baseline.
        const range = document.createRange();
        range.selectNodeContents(item.querySelector("a, span") ?? item);
        return Math.round(range.getBoundingClientRect().bottom);
      }),
    );
    expect(new Set(baselines).size).toBe(1);
    await desktop.close();

    const phone = await browser.newPage({ ...PHONE, viewport: { width: 360, height: 780 } });
    await phone.goto(siteUrl("summit-auto-group", path));
    await waitForHydration(phone);
    const reserve = phone.locator(".vehicle-sticky-bar__action", { hasText: RESERVE_CAR_LABEL });
    const lineHeight = await reserve.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight) || 24);
    const { height } = await reserve.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().toJSON() as Box;
    });
    expect(height).toBeLessThan(lineHeight * 1.5);
    await phone.close();
  });
});
