import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoConfig } from "../support/finance";
import { fetchSite, launchChromium, waitForSlot } from "../support/platform";
import { searchSite } from "../support/search-api";
import { openCar } from "../support/vehicles";

/** Issue 22, ADR 0039: the price comparison shows wherever the dealer config has the Autogauge plugin, and nowhere else. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Figures = { confidence?: number; market_range_max?: number; listing_price?: number } | null;

/** An in-stock car of the site whose autogauge figures pass the spec's visibility rule, with its figures. */
async function comparedCar(site: string): Promise<{ slug: string; figures: NonNullable<Figures> }> {
  const { hits } = await searchSite<{ slug: string }>(site, { filters: "status:in_stock AND price > 1000", hitsPerPage: 40 });
  for (const { slug } of hits) {
    const figures = (await (await fetchSite(site, `/cars/${slug}/autogauge`)).json()) as Figures;
    if (figures && (figures.confidence ?? 0) > 0.2 && (figures.market_range_max ?? 0) >= (figures.listing_price ?? Number.POSITIVE_INFINITY)) return { slug, figures };
  }
  throw new Error(`no car on ${site} with a price comparison`);
}

describe.each(["summit-auto-group", "metro-certified"])("a dealer with the Autogauge plugin: %s", (site) => {
  it("shows the price comparison with the car's market figures", async () => {
    expect(demoConfig(site).features.autogauge).toBe(true);
    const { slug, figures } = await comparedCar(site);
    const { page, errors } = await openCar(browser, site, `/cars/${slug}`);
    await waitForSlot(page, "price-comparison");
    const panel = page.locator("#slot-price-comparison .price-comparison");
    await expect.poll(() => panel.getAttribute("data-state"), { timeout: 5000 }).toBe("data");
    const shown = (text: string) => Number(text.replace(/[^\d]/g, ""));
    await expect.poll(async () => shown(await page.getByTestId("market-max").innerText()), { timeout: 4000 }).toBe(figures.market_range_max);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.each(["ridge-motorcycles", "outback-trucks"])("a dealer without it: %s", (site) => {
  it("has no price comparison panel, and its cars' figures are not served", async () => {
    expect(demoConfig(site).features.autogauge).toBe(false);
    const { hits } = await searchSite<{ slug: string }>(site, { filters: "status:in_stock AND price > 1000", hitsPerPage: 1 });
    const slug = hits[0]?.slug ?? "";
    expect((await fetchSite(site, `/cars/${slug}/autogauge`)).status).toBe(404);
    const { page, errors } = await openCar(browser, site, `/cars/${slug}`);
    await expect(page.locator(".price-comparison").count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
