import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { fetchSite, launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";
import { DESKTOP, PHONE } from "../support/vehicles";

/**
 * 'Find a make or model' on /brands (ADR 0031): server-rendered, searched as the shopper types (21 per page), the
 * address keeping the state, working without script, on two demo sites at phone and desktop size.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The route's first-load budget (ADR 0008). */
const FIRST_LOAD_BUDGET_KB = 110;
/** The algoliasearch client's user agent is in its code and nowhere else. */
const ALGOLIA_CLIENT = "Algolia for JavaScript";

/** How many entries the site's own key finds for a query, asked of the engine directly. */
async function expectedCount(site: string, query: string): Promise<number> {
  const response = await fetchSite(site, "/1/indexes/*/queries", {
    method: "POST",
    headers: { "content-type": "application/json", "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${site}` },
    body: JSON.stringify({ requests: [{ indexName: "Manufacturer_production", query, hitsPerPage: 0 }] }),
  });
  return ((await response.json()) as { results: { nbHits: number }[] }).results[0]!.nbHits;
}

const counted = (count: number) => `${count} ${count === 1 ? "make or model" : "makes and models"}`;
const search = (page: Page) => page.locator("#slot-manufacturers");
const countText = (page: Page) => search(page).getByRole("status");
const entries = (page: Page) => search(page).locator(".manufacturers__entry a");

async function open(site: string, path: string, viewport: { width: number; height: number }) {
  const page = await browser.newPage({ viewport, hasTouch: viewport === PHONE, isMobile: viewport === PHONE });
  const errors = watchConsole(page);
  const scripts: { gzip: number; client: boolean }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    if (!new URL(response.url()).pathname.endsWith(".js")) return;
    pending.push(response.body().then((body) => void scripts.push({ gzip: gzipSync(body).length, client: body.toString().includes(ALGOLIA_CLIENT) }), () => undefined));
  });
  await page.goto(siteUrl(site, path));
  await waitForHydration(page);
  await Promise.all(pending);
  const firstLoad = { kb: scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024, client: scripts.some((script) => script.client) };
  return { page, errors, firstLoad };
}

describe.each([
  ["summit-auto-group", "phone", PHONE, "hilux", "/search/toyota/hilux"],
  ["summit-auto-group", "desktop", DESKTOP, "ranger", "/search/ford/ranger"],
  ["ridge-motorcycles", "phone", PHONE, "ninja", "/search/kawasaki/ninja-650"],
  ["ridge-motorcycles", "desktop", DESKTOP, "mt-07", "/search/yamaha/mt-07"],
] as const)("%s /brands on a %s", (site, size, viewport, model, landing) => {
  it("server-rendered first page within the budget, typing searches, paging by 21, the address restores it, axe clean", async () => {
    const { page, errors, firstLoad } = await open(site, "/brands", viewport);
    console.log(`/brands ${site} ${size} first-load JavaScript: ${firstLoad.kb.toFixed(1)} KB gzip`);
    expect(firstLoad.kb).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
    expect(firstLoad.client).toBe(false);

    // The first page is in the server's markup, above the brand tiles.
    const total = await expectedCount(site, "");
    expect(total).toBeGreaterThan(21);
    await expect.poll(() => countText(page).textContent()).toBe(counted(total));
    expect(await entries(page).count()).toBe(21);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Our brands");
    expect(await page.locator(".brand-grid .brand-tile").count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    // Typing searches after the box's delay, without a page load; the address follows.
    await waitForSlot(page, "manufacturers");
    const box = search(page).getByRole("searchbox", { name: "Make, model or body type" });
    await box.fill(model);
    await expect.poll(() => countText(page).textContent()).toBe(counted(await expectedCount(site, model)));
    await expect.poll(() => entries(page).first().getAttribute("href")).toBe(landing);
    expect(new URL(page.url()).searchParams.get("make_query")).toBe(model);

    // Nothing matches: the empty state, then every entry again.
    await box.fill("zzqqxx");
    await expect.poll(() => countText(page).textContent()).toBe(counted(0));
    expect(await axeViolations(page, ["#slot-manufacturers"])).toEqual([]);
    await search(page).getByRole("link", { name: "Show all makes and models" }).click();
    await expect.poll(() => countText(page).textContent()).toBe(counted(total));
    expect(new URL(page.url()).search).toBe("");

    // The next page, then the address reopened in a new page shows it from the server.
    await search(page).getByRole("link", { name: "Next" }).click();
    await expect.poll(() => search(page).getByText(/^Page 2 of/).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("make_page")).toBe("2");
    const firstOfPage2 = await entries(page).first().textContent();
    const shared = await browser.newPage({ viewport });
    await shared.goto(page.url());
    await expect.poll(() => shared.locator("#slot-manufacturers .manufacturers__entry a").first().textContent()).toBe(firstOfPage2);
    await shared.close();

    // A result leads to that model's landing path, which has its stock.
    await box.fill(model);
    await expect.poll(() => entries(page).first().getAttribute("href")).toBe(landing);
    await entries(page).first().click();
    await page.waitForURL((url) => url.pathname === landing);
    expect(await page.locator("#slot-search").getByRole("link").count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("without script", () => {
  it.each([
    ["summit-auto-group", PHONE, "ranger", "Ford Ranger"],
    ["ridge-motorcycles", DESKTOP, "ninja", "Kawasaki Ninja 650"],
  ] as const)("%s: the search form is a GET that the server answers, and its page links work", async (site, viewport, query, first) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    await page.goto(siteUrl(site, "/brands"));
    await page.locator("#slot-manufacturers").getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/make_page=2/);
    await page.locator("#slot-manufacturers").getByRole("searchbox", { name: "Make, model or body type" }).fill(query);
    await page.locator("#slot-manufacturers").getByRole("button", { name: "Search" }).click();
    await page.waitForURL(new RegExp(`make_query=${query}`));
    expect(await page.locator("#slot-manufacturers .manufacturers__entry a").first().textContent()).toBe(first);
    expect(await page.locator("#slot-manufacturers").getByRole("status").textContent()).toBe(counted(await expectedCount(site, query)));
    await context.close();
  });
});
