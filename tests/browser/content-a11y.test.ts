import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, WCAG_22_AA } from "../support/axe";
import { PHONE } from "../support/pages";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Issue 13's routes on the single-location, group and certified sites. */
const ROUTES: Array<[string, string]> = [
  ["summit-auto-group", "/"],
  ["summit-auto-group", "/brands"],
  ["summit-auto-group", "/toyota/overview"],
  ["summit-auto-group", "/our-location/summit-toyota-brisbane"],
  ["summit-auto-group", "/dealer-locator?locator=true&postcode=abcd"],
  ["summit-auto-group", "/pages/reviews"],
  ["summit-auto-group", "/diamond-advantage"],
  ["summit-auto-group", "/blog"],
  ["harbour-city-motors", "/"],
  ["harbour-city-motors", "/service"],
  ["metro-certified", "/"],
  ["metro-certified", "/about-us"],
];

describe("axe-core finds no violations on issue 13's pages", () => {
  // Desktop is swept on every route kind by standards-a11y; the phone's layout (menus, carousels) is checked here.
  it("phone", async () => {
    const found: string[] = [];
    const page = await browser.newPage(PHONE);
    for (const [site, path] of ROUTES) {
      await page.goto(siteUrl(site, path), { waitUntil: "domcontentloaded" });
      await waitForHydration(page);
      for (const violation of await axeViolations(page, [], WCAG_22_AA)) found.push(`${site}${path} ${violation}`);
    }
    await page.close();
    expect(found).toEqual([]);
  });
});
