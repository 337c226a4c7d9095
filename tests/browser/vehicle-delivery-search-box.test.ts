import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";
import { searchSite } from "../support/search-api";
import { openCar } from "../support/vehicles";

/** Issue 22: the delivery calculator drops its last price when a new error shows; Enter after typing adds no second history entry. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const SITES = ["harbour-city-motors", "summit-auto-group"] as const;
const historyLength = (page: Page) => page.evaluate(() => window.history.length);

describe.each(SITES)("on %s", (site) => {
  it("the delivery calculator shows no old price beside a new error", async () => {
    const { hits } = await searchSite<{ slug: string }>(site, { filters: "status:in_stock", hitsPerPage: 1 });
    const { page, errors } = await openCar(browser, site, `/cars/${hits[0]?.slug}`);
    await waitForSlot(page, "delivery-cost");
    const section = page.getByRole("region", { name: "Delivery cost calculator" });
    const postcode = section.getByLabel("Your postcode");
    const calculate = section.getByRole("button", { name: "Calculate delivery" });
    await postcode.fill("4000");
    await calculate.click();
    await expect(section.getByTestId("delivery-result").innerText()).resolves.toMatch(/^Delivery to .+: \$[\d,]+$/);
    await postcode.fill("");
    await calculate.click();
    await expect(section.getByRole("alert").innerText()).resolves.toBe("Please enter a postcode.");
    await expect(section.getByTestId("delivery-result").count()).resolves.toBe(0);
    await postcode.fill("40");
    await calculate.click();
    await expect(section.getByRole("alert").innerText()).resolves.toMatch(/^Invalid postcode/);
    await expect(section.getByTestId("delivery-result").count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("Enter after typing in the search box adds no duplicate history entry", async () => {
    const { hits } = await searchSite<{ make: string }>(site, { filters: "status:in_stock", hitsPerPage: 1 });
    const word = (hits[0]?.make ?? "").toLowerCase();
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(site, "/search"));
    await waitForHydration(page);
    const before = await historyLength(page);
    const box = page.getByRole("combobox", { name: "Search stock" });
    await box.pressSequentially(word, { delay: 30 });
    await expect.poll(() => decodeURIComponent(new URL(page.url()).search)).toBe(`?query=${word}`);
    await expect.poll(() => historyLength(page)).toBe(before + 1);
    await box.press("Enter");
    await page.waitForTimeout(700);
    expect(await historyLength(page)).toBe(before + 1);
    // One Back returns to the unfiltered search.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    expect(errors).toEqual([]);
    await page.close();
  });
});
