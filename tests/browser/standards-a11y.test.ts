import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, WCAG_22_AA } from "../support/axe";
import { DESKTOP } from "../support/pages";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";
import { standardsPages } from "../support/route-kinds";

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
  // One page for the whole sweep: a new page per route would cost more than the check.
  page = await browser.newPage(DESKTOP);
});
afterAll(async () => {
  await browser?.close();
});

describe("axe-core (WCAG 2.2 AA) on every route kind of two sites and each vehicle type's page", () => {
  it("finds no violation", async () => {
    const found: string[] = [];
    // One page of each kind: content pages share one template, and the HTML check reads every one of them.
    const routes = await standardsPages({ contentPages: false });
    const started = Date.now();
    for (const [site, path] of routes) {
      // The shell's hydration mark is the wait; the page's images need not have loaded.
      const response = await page.goto(siteUrl(site, path), { waitUntil: "domcontentloaded" });
      // Gated pages send an anonymous shopper to sign in, which is on the list itself.
      if (!response || new URL(page.url()).pathname !== path.split("?")[0]) continue;
      await waitForHydration(page);
      for (const violation of await axeViolations(page, [], WCAG_22_AA)) found.push(`${site}${path} ${violation}`);
    }
    console.info(`[standards] axe swept ${routes.length} pages in ${Math.round((Date.now() - started) / 1000)} s`);
    expect(routes.length).toBeGreaterThan(60);
    expect(found).toEqual([]);
  }, 600_000);
});
