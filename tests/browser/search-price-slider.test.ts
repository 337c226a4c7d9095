import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";
import { searchSite } from "../support/search-api";

/**
 * Issue 22 and 23: a slider thumb reaches the end of its range, an end is no bound, and a thumb is drawn where its label
 * says (the price slider page's thumbs: finance-budget.test.ts).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const SITES = ["harbour-city-motors", "summit-auto-group"] as const;
const amount = (text: string) => Number(text.replace(/[^\d]/g, ""));
const shownCount = async (page: Page) =>
  Number((await page.getByRole("status").filter({ hasText: "vehicle" }).innerText()).replace(/,/g, "").match(/^\d+/)?.[0]);
const query = (page: Page) => decodeURIComponent(new URL(page.url()).search);

describe.each(SITES)("search price slider on %s", (site) => {
  it("the top thumb reaches the dearest car's price, and at either end filters nothing out (unpriced cars too)", async () => {
    const all = await searchSite(site, { hitsPerPage: 0, facets: ["price"] });
    const dearest = all.facets_stats?.price?.max ?? 0;
    const unpriced = await searchSite(site, { hitsPerPage: 0, filters: "NOT price > 0" });
    expect(dearest).toBeGreaterThan(0);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchConsole(page);
    await page.goto(siteUrl(site, "/search"));
    await waitForHydration(page);
    const unfiltered = await shownCount(page);
    const max = page.getByRole("slider", { name: "Maximum price" });
    await max.focus();
    await max.press("End");
    expect(Number(await max.inputValue())).toBeGreaterThanOrEqual(dearest);

    // Down a few steps (a bound), then back to the top: the bound goes, every car is back.
    // (The panel's code loads on first focus: a key pressed before it arrives moves only the server's markup.)
    await expect
      .poll(async () => {
        await max.press("ArrowLeft");
        await page.waitForTimeout(600);
        return query(page);
      }, { timeout: 15_000 })
      .toMatch(/^\?range\[price\]=:\d+$/);
    await max.press("End");
    await expect.poll(() => query(page)).toBe("");
    // Every car the page lists unfiltered, the dearest and the unpriced ones among them.
    await expect.poll(() => shownCount(page)).toBe(unfiltered);
    expect(unpriced.nbHits).toBeGreaterThan(0);

    // The thumb is drawn where the label says.
    const label = (await page.locator('.range[data-attribute="price"] .range__value').innerText()).split("–").map(amount);
    expect(label[1]).toBe(Number(await max.inputValue()));
    expect(errors).toEqual([]);
    await page.close();
  });
});
