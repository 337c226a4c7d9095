import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";

/** axe-core over the search page and a landing path of every demo site, on a phone and a desktop. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const SITES = ["harbour-city-motors", "summit-auto-group", "metro-certified", "ridge-motorcycles", "outback-trucks", "coastal-caravans"];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Violation = { id: string; impact: string; nodes: { target: string[] }[] };

async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE); // evaluated over CDP: the page's CSP rightly refuses inline scripts
  const found = (await page.evaluate(() => (window as unknown as { axe: { run: (context: unknown) => Promise<{ violations: unknown[] }> } }).axe.run("#slot-search"))).violations as Violation[];
  return found.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

describe.each(SITES)("accessibility of search on %s", (site) => {
  it.each([
    ["/search", { width: 1280, height: 900 }],
    ["/search/used-cars", { width: 390, height: 844 }],
    ["/special-offers", { width: 1280, height: 900 }],
  ] as const)("%s has no axe violations", async (path, viewport) => {
    const page = await browser.newPage({ viewport });
    await page.goto(siteUrl(site, path));
    await waitForHydration(page);
    expect(await violations(page)).toEqual([]);
    if (viewport.width < 1000) {
      await page.getByRole("button", { name: /^Filters/ }).click();
      expect(await violations(page)).toEqual([]);
    }
    await page.close();
  });
});
