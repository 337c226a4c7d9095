import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, waitForHydration } from "../support/platform";
import { searchSite } from "../support/search-api";
import { openCar } from "../support/vehicles";

/** Issue 22: 'see more from this dealer' goes to /search/{dealership_slug}, which lists that dealership's stock. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Hit = { slug: string; dealership_slug: string };

describe.each(["summit-auto-group", "harbour-city-motors"])("on %s", (site) => {
  it("the vehicle page links to the dealership's own stock", async () => {
    const { hits } = await searchSite<Hit>(site, { filters: "status:in_stock", hitsPerPage: 1, page: 3 });
    const car = hits[0];
    if (!car) throw new Error(`no car on ${site}`);
    const { page, errors } = await openCar(browser, site, `/cars/${car.slug}`);
    const link = page.locator("#slot-vehicle").getByRole("link", { name: "See more from this dealer" });
    await expect(link.getAttribute("href")).resolves.toBe(`/search/${car.dealership_slug}`);
    await link.click();
    await page.waitForURL((url) => url.pathname === `/search/${car.dealership_slug}`);
    await waitForHydration(page);
    const titles = await page.locator(".card__title").count();
    expect(titles).toBeGreaterThan(0);
    // Every card is one of the dealership's cars.
    const { hits: dealerCars } = await searchSite<Hit>(site, { filters: `dealership_slug:"${car.dealership_slug}"`, hitsPerPage: 1000, attributesToRetrieve: ["slug", "dealership_slug"] });
    const own = new Set(dealerCars.map((hit) => `/cars/${hit.slug}`));
    const hrefs = await page.locator(".search-results__grid .card__link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.every((href) => own.has(href ?? ""))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
