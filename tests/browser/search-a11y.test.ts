import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { DESKTOP } from "../support/pages";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";
import { FIXED_PATHS, STANDARDS_SITES } from "../support/route-kinds";

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
  const pages = [
    ["/search", { width: 1280, height: 900 }],
    ["/search/used-cars", { width: 390, height: 844 }],
    ["/special-offers", { width: 1280, height: 900 }],
  ] as const;
  // standards-a11y already runs axe (WCAG 2.2 AA, the whole page) on its sites' fixed routes at this desktop size.
  const sweptByStandards = ([path, viewport]: (typeof pages)[number]) =>
    viewport.width === DESKTOP.viewport.width && (STANDARDS_SITES as readonly string[]).includes(site) && FIXED_PATHS.includes(path);
  it.each(pages.filter((one) => !sweptByStandards(one)))("%s has no axe violations", async (path, viewport) => {
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
