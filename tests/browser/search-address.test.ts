import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

/** The address is the state: InstantSearch's routing conventions, server-rendered, kept in step by the browser. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const SITES = ["harbour-city-motors", "summit-auto-group"] as const;
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

const titles = (page: Page) => page.locator(".card__title").allTextContents();
const prices = async (page: Page) =>
  (await page.locator(".card__price").allTextContents())
    .map((text) => Number(/\$([\d,]+)\s*$/.exec(text)?.[1]?.replace(/,/g, "") ?? Number.NaN))
    .filter((price) => !Number.isNaN(price)); // subscription prices (per week) are not comparable
const countText = (page: Page) => page.getByRole("status").filter({ hasText: "vehicle" }).innerText();
/** A facet checkbox is named by its value and count ('Kia 64'), so 'Toyota' is not 'Toyota Corolla 12'. */
const facetOption = (value: string) => new RegExp(`^${value} [\\d,]+$`);
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};

describe.each(SITES)("address is the state on %s", (site) => {
  it("renders refinements, ranges and sort from the address before any JavaScript runs", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl(site, "/search?refinementList[make][0]=Toyota&range[price]=:40000&sortBy=Car_production:price:asc"));
    const shown = await titles(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((title) => title.includes("Toyota"))).toBe(true);
    const amounts = await prices(page);
    expect(amounts.every((price) => price <= 40000)).toBe(true);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    await expect(page.getByRole("checkbox", { name: facetOption("Toyota") }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel("Sort by").inputValue()).resolves.toBe("Car_production:price:asc");
    await expect(page.getByRole("button", { name: "Remove Toyota" }).count()).resolves.toBe(1);
    await context.close();
  });

  it.each(Object.entries(SIZES))("keeps the address in step and Back/Forward restore the exact state (%s)", async (_, viewport) => {
    const page = await browser.newPage({ viewport });
    const errors = watchConsole(page);
    await page.goto(siteUrl(site, "/search"));
    await waitForHydration(page);
    const unfiltered = await countText(page);

    if (viewport.width < 1000) await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("checkbox", { name: facetOption("Kia") }).check();
    await expect.poll(() => pathAndQuery(page)).toBe("/search?refinementList[make][0]=Kia");
    await expect.poll(async () => (await titles(page)).every((title) => title.includes("Kia"))).toBe(true);
    if (viewport.width < 1000) await page.getByRole("button", { name: /^Show Me/ }).click();

    await page.getByLabel("Sort by").selectOption("Car_production:price:desc");
    await expect.poll(() => pathAndQuery(page)).toBe("/search?refinementList[make][0]=Kia&sortBy=Car_production:price:desc");
    await page.getByRole("link", { name: "Next page" }).click();
    await expect.poll(() => pathAndQuery(page)).toBe("/search?refinementList[make][0]=Kia&sortBy=Car_production:price:desc&page=2");
    await expect.poll(() => countText(page)).toMatch(/page 2 of/);
    const pageTwo = await titles(page);

    await page.goBack();
    await expect.poll(() => countText(page)).toMatch(/page 1 of/);
    expect(pathAndQuery(page)).toBe("/search?refinementList[make][0]=Kia&sortBy=Car_production:price:desc");
    await page.goBack();
    await expect.poll(() => page.getByLabel("Sort by").inputValue()).toBe("Car_production");
    await page.goBack();
    await expect.poll(() => countText(page)).toBe(unfiltered);
    await expect(page.getByRole("button", { name: "Remove Kia" }).count()).resolves.toBe(0);
    await page.goForward();
    await page.goForward();
    await page.goForward();
    await expect.poll(() => countText(page)).toMatch(/page 2 of/);
    expect(await titles(page)).toEqual(pageTwo);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a shared address opened in a new context shows the same results", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl(site, "/search"));
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Search stock" }).fill("suv");
    await expect.poll(() => pathAndQuery(page)).toBe("/search?query=suv");
    // The pagination of the typed search, not the unrefined one still shown while its answer is on the way.
    await expect.poll(() => page.getByRole("link", { name: "Page 2" }).getAttribute("href")).toContain("query=suv");
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect.poll(() => pathAndQuery(page)).toBe("/search?query=suv&page=2");
    await expect.poll(() => countText(page)).toMatch(/page 2 of/);
    const shared = page.url();
    const expected = await titles(page);

    const other = await browser.newContext();
    const reopened = await other.newPage();
    await reopened.goto(shared);
    expect(await titles(reopened)).toEqual(expected);
    await expect(reopened.getByRole("combobox", { name: "Search stock" }).inputValue()).resolves.toBe("suv");
    await other.close();
    await page.close();
  });
});

describe("links from the budget finder", () => {
  it("a body tile's address (refinementList[simple_body], range[price]=:budget) lands on those results", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("harbour-city-motors", "/search?range[price]=:54000&refinementList[simple_body][0]=SUV"));
    const facts = await page.locator(".card__facts").allTextContents();
    expect(facts.length).toBeGreaterThan(0);
    expect(facts.every((text) => text.includes("SUV"))).toBe(true);
    expect((await prices(page)).every((price) => price <= 54000)).toBe(true);
    await expect(page.getByRole("button", { name: /^SUV/ }).getAttribute("aria-pressed")).resolves.toBe("true");
    await page.close();
  });
});

describe("landing paths", () => {
  it("/search/mercedes-benz and /search/mazda/cx-5 find the stock their hyphenated names name", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("harbour-city-motors", "/search/mercedes-benz"));
    const benz = await titles(page);
    expect(benz.length).toBeGreaterThan(0);
    expect(benz.every((title) => title.includes("Mercedes-Benz"))).toBe(true);
    await page.goto(siteUrl("summit-auto-group", "/search/mazda/cx-5"));
    const cx5 = await titles(page);
    expect(cx5.length).toBeGreaterThan(0);
    expect(cx5.every((title) => title.includes("Mazda CX-5"))).toBe(true);
    await page.close();
  });

  it("refining from a landing path moves the address to the landing path built from the filters", async () => {
    const page = await browser.newPage({ viewport: SIZES.desktop });
    await page.goto(siteUrl("harbour-city-motors", "/search/used-cars"));
    await waitForHydration(page);
    await page.getByRole("checkbox", { name: facetOption("Toyota") }).check();
    await expect.poll(() => pathAndQuery(page)).toBe("/search/toyota?refinementList[car_type][0]=used");
    await expect.poll(async () => (await titles(page)).every((title) => title.includes("Toyota"))).toBe(true);
    await page.getByRole("checkbox", { name: facetOption("Used") }).uncheck();
    await expect.poll(() => pathAndQuery(page)).toBe("/search/toyota");
    await page.reload();
    await expect(page.getByRole("checkbox", { name: facetOption("Toyota") }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole("checkbox", { name: facetOption("Used") }).isChecked()).resolves.toBe(false);
    await page.close();
  });

  it("a landing path naming a make the site does not have is the tenant's 404", async () => {
    const page = await browser.newPage();
    const response = await page.goto(siteUrl("harbour-city-motors", "/search/lada"));
    expect(response?.status()).toBe(404);
    await page.close();
  });
});
