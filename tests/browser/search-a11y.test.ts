import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";

/** axe-core over the search page and a landing path of every demo site, on a phone and a desktop. */
const SITES = ["harbour-city-motors", "summit-auto-group", "metro-certified", "ridge-motorcycles", "outback-trucks", "coastal-caravans"];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(SITES)("accessibility of search on %s", (site) => {
  it.each([
    ["/search", { width: 1280, height: 900 }],
    ["/search/used-cars", { width: 390, height: 844 }],
    ["/special-offers", { width: 1280, height: 900 }],
  ] as const)("%s has no axe violations", async (path, viewport) => {
    const page = await browser.newPage({ viewport });
    await page.goto(siteUrl(site, path));
    await waitForHydration(page);
    expect(await axeViolations(page, ["#slot-search"])).toEqual([]);
    if (viewport.width < 1000) {
      await page.getByRole("button", { name: /^Filters/ }).click();
      expect(await axeViolations(page, ["#slot-search"])).toEqual([]);
    }
    await page.close();
  });
});
