import { formatMoney, priceTypeText } from "@dealer/shared/rules";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, waitForHydration, waitForSimilarRow, waitForSlot, watchConsole } from "../support/platform";
import { searchSite } from "../support/search-api";
import { openCar } from "../support/vehicles";

/** Issue 22: the filters a shopper expects, and Drive Away or what a price excludes beside every price (ACL s48). */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Hit = { slug: string; name: string; price_type: string | null; price: number | null; offer_price: number | null; subscription_price: number | null };
/** A price and what it is: Drive Away or what it excludes, or a weekly subscription shown as the price (spec priority 1). */
const PRICE_WITH_TYPE = /^\$[\d,]+( (Drive Away|Excl\. Government Charges|Excl\. GST)|\/wk Weekly subscription)$/;

describe.each(["summit-auto-group", "harbour-city-motors"])("on %s", (site) => {
  it("offers year, colour, seats and fuel filters, and a year refines to that year's cars", async () => {
    const facets = await searchSite(site, { hitsPerPage: 0, facets: ["year", "colour", "seats", "fuel", "state", "dealership_name"] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchConsole(page);
    await page.goto(siteUrl(site, "/search"));
    await waitForHydration(page);
    for (const title of ["Year", "Colour", "Seats", "Fuel"]) await expect(page.getByRole("group", { name: title }).count()).resolves.toBe(1);
    // Several dealerships and states only where the stock has them.
    const several = (attribute: string) => Object.keys(facets.facets?.[attribute] ?? {}).length > 1;
    await expect(page.getByRole("group", { name: "Dealership" }).count()).resolves.toBe(several("dealership_name") ? 1 : 0);
    await expect(page.getByRole("group", { name: "State" }).count()).resolves.toBe(several("state") ? 1 : 0);
    const [year, count] = Object.entries(facets.facets?.year ?? {}).sort((a, b) => b[1] - a[1])[0] ?? [];
    await page.getByRole("group", { name: "Year" }).getByRole("checkbox", { name: new RegExp(`^${year} [\\d,]+$`) }).check();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).search)).toBe(`?refinementList[year][0]=${year}`);
    await expect.poll(async () => (await page.locator(".card__title").allTextContents()).every((title) => title.startsWith(`${year} `))).toBe(true);
    expect(count).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("every priced card, the vehicle page, its similar cars, /compare and recently viewed say Drive Away or what the price excludes, from the car's price_type", async () => {
    const { hits } = await searchSite<Hit>(site, { filters: "status:in_stock AND price > 1000 AND show_on_dealer_website:true", hitsPerPage: 50 });
    // A car whose shown price is its own price (no offer, no subscription ahead of it on a card).
    const car = hits.find((hit) => !hit.subscription_price && !(hit.offer_price && hit.offer_price > 10));
    if (!car?.price) throw new Error(`no priced car on ${site}`);
    const type = priceTypeText(car.price_type);
    const { page, errors } = await openCar(browser, site, `/cars/${car.slug}`);
    await expect(page.locator("#slot-vehicle .vehicle-detail__summary .price-block__type").first().innerText()).resolves.toBe(type);
    await waitForSimilarRow(page);
    const rowPrices = await page.locator("#slot-similar .vehicle-row__price").allInnerTexts();
    expect(rowPrices.length).toBeGreaterThan(0);
    for (const text of rowPrices.filter((price) => price.startsWith("$"))) expect(text).toMatch(PRICE_WITH_TYPE);
    await page.locator(".vehicle-detail .saved-toggle--compare").first().click();

    await page.goto(siteUrl(site, "/search"));
    await waitForHydration(page);
    const priced = page.locator(".card__price:not(.card__price--text)").filter({ hasNotText: "/wk" });
    const types = await priced.locator(".card__price-type").count();
    expect(types).toBe(await priced.count());
    await waitForSlot(page, "recently-viewed");
    const viewed = page.getByTestId("recently-viewed-car").filter({ has: page.locator(`a[href="/cars/${car.slug}"]`) });
    await expect.poll(() => viewed.locator(".saved-car__price").innerText()).toBe(`${formatMoney(car.price)} ${type}`);

    await page.goto(siteUrl(site, "/compare"));
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("compare-price").first().innerText()).toBe(`${formatMoney(car.price)} ${type}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
