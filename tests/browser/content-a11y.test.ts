import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE } from "../support/pages";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type AxeResult = { violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> };

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
  for (const [name, size] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    it(`${name}`, async () => {
      const found: string[] = [];
      for (const [site, path] of ROUTES) {
        // The page's CSP blocks injected scripts: this test context may inject axe.
        const page = await browser.newPage({ ...size, bypassCSP: true });
        await page.goto(siteUrl(site, path));
        await waitForHydration(page);
        await page.addScriptTag({ content: axeSource });
        const result = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as AxeResult;
        for (const violation of result.violations) found.push(`${site}${path} ${violation.id}: ${violation.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
        await page.close();
      }
      expect(found).toEqual([]);
    });
  }
});
