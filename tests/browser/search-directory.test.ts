import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { axeViolations } from "../support/axe";
import { launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";
import { DESKTOP, PHONE } from "../support/vehicles";

/**
 * The service and parts directory (ADR 0026) on the department pages: server-rendered, grouped into service and
 * parts, searched as the shopper types (21 per page), with the address keeping the state, on two demo sites.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const directoryCount = (site: string, condition = "1") =>
  query<{ n: number }>(`SELECT COUNT(*) AS n FROM directory_offers WHERE site = '${site}' AND (${condition})`)[0]!.n;

async function open(site: string, path: string, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport, hasTouch: viewport === PHONE, isMobile: viewport === PHONE });
  const errors = watchConsole(page);
  await page.goto(siteUrl(site, path));
  await waitForHydration(page);
  return { page, errors };
}

const offers = (count: number) => `${count} ${count === 1 ? "offer" : "offers"}`;
const directory = (page: Page) => page.locator("#slot-directory");
const countText = (page: Page) => directory(page).getByRole("status");

describe("service and parts directory", () => {
  it("summit-auto-group /service on a phone: grouped server render, typing searches, paging by 21, address restores it", async () => {
    const site = "summit-auto-group";
    const total = directoryCount(site);
    expect(total).toBeGreaterThan(21);
    const { page, errors } = await open(site, "/service", PHONE);
    // The first page is in the server's markup: service first on the service page, then parts, by category.
    await expect.poll(() => countText(page).textContent()).toBe(offers(total));
    const headings = await directory(page).locator("h3").allTextContents();
    expect(headings).toEqual(["Service", "Parts and accessories"]);
    expect(await directory(page).locator(".directory__entry").count()).toBe(21);
    expect(await axeViolations(page, ["#slot-directory"])).toEqual([]);

    // Typing searches (after the box's delay) without a page load; the address follows.
    await waitForSlot(page, "directory");
    const box = directory(page).getByRole("searchbox", { name: "Search offers" });
    await box.fill("towbar");
    const towbars = directoryCount(site, "json_extract(data, '$.title') LIKE '%towbar%' OR json_extract(data, '$.description') LIKE '%towbar%'");
    await expect.poll(() => countText(page).textContent()).toBe(offers(towbars));
    expect(await directory(page).locator("h3").allTextContents()).toEqual(["Parts and accessories"]);
    expect(new URL(page.url()).searchParams.get("offer_query")).toBe("towbar");

    // One dealership, then the next page of all offers.
    await box.fill("");
    const dealership = directory(page).getByRole("combobox", { name: "Dealership" });
    const [firstId] = query<{ id: number }>(`SELECT id FROM dealerships WHERE site = '${site}' ORDER BY id LIMIT 1`).map((row) => row.id);
    await dealership.selectOption(String(firstId));
    await expect.poll(() => countText(page).textContent()).toBe(offers(directoryCount(site, `dealership_id = ${firstId}`)));
    await dealership.selectOption("");
    await expect.poll(() => countText(page).textContent()).toBe(offers(total));
    await directory(page).getByRole("link", { name: "Next" }).click();
    await expect.poll(() => directory(page).getByText(/^Page 2 of/).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("offer_page")).toBe("2");

    // The address reopened in a new page shows the same state from the server.
    const shared = await browser.newPage({ viewport: DESKTOP });
    await shared.goto(page.url());
    await expect.poll(() => shared.locator("#slot-directory").getByText(/^Page 2 of/).count()).toBe(1);
    await shared.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("harbour-city-motors parts page on a desktop: parts first, category and price narrow, no-results card clears", async () => {
    const site = "harbour-city-motors";
    const { page, errors } = await open(site, "/vehicle-parts-and-accessories", DESKTOP);
    expect((await directory(page).locator("h3").allTextContents())[0]).toBe("Parts and accessories");
    await waitForSlot(page, "directory");
    await directory(page).getByRole("combobox", { name: "Category" }).selectOption("Towing");
    await expect.poll(() => countText(page).textContent()).toBe(offers(directoryCount(site, "json_extract(data, '$.category') = 'Towing'")));
    await directory(page).getByRole("combobox", { name: "Price" }).selectOption("100");
    // No towbar costs under $100.
    await expect.poll(() => directory(page).getByRole("heading", { name: "No Results Available" }).count()).toBe(1);
    expect(await axeViolations(page, ["#slot-directory"])).toEqual([]);
    await directory(page).getByRole("link", { name: "Clear Filters" }).click();
    await expect.poll(() => countText(page).textContent()).toBe(offers(directoryCount(site)));
    expect(new URL(page.url()).search).toBe("");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("works without script: the search form is a GET that the server answers", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(siteUrl("ridge-motorcycles", "/service"));
    await page.locator("#slot-directory").getByRole("searchbox", { name: "Search offers" }).fill("battery");
    await page.locator("#slot-directory").getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/offer_query=battery/);
    expect(await page.locator("#slot-directory .directory__title").allTextContents()).toEqual(["Genuine battery, fitted"]);
    await context.close();
  });
});
