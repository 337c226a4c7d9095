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

// Desktop is swept on every route kind by standards-a11y; the phone's layout (menus, carousels) is checked here, one
// test a route so each has its own time and a failure names its page.
describe("axe-core finds no violations on issue 13's pages on a phone", () => {
  it.each(ROUTES)("%s%s", async (site, path) => {
    const page = await browser.newPage(PHONE);
    await page.goto(siteUrl(site, path), { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    expect(await axeViolations(page, [], WCAG_22_AA)).toEqual([]);
    await page.close();
  });
});
