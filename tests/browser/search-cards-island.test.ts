import { SAVED_CAR_STORAGE_KEYS } from "@dealer/shared/atoms";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

/**
 * The search page's result cards stay server markup until their code is wanted (issue 35, ADR 0097): a pointer, touch
 * or focus in them, the first search, or a device that keeps something they show. Nothing is lost meanwhile: a tap on
 * a card's button that beats the code is replayed, a card link and its Email Us work on the markup.
 */
const SITE = "harbour-city-motors";
const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Whether React has hydrated or rendered this element (it keeps each element's props on a key of its own). */
const rendered = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$")));

const storedIds = (page: Page, key: string) =>
  page.evaluate((storageKey) => (JSON.parse(localStorage.getItem(storageKey) ?? "[]") as (number | { id: number })[]).map((entry) => (typeof entry === "number" ? entry : entry.id)), key);

async function openSearch(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(siteUrl(SITE, "/search"), { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  return { page, errors };
}

describe("search result cards hydrated on use", () => {
  it("a first-time phone keeps the cards as server markup; a tap on a card's compare toggle loads them and counts", async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const { page, errors } = await openSearch(context);
    // The page around the cards is live (its Sort control is React's), the cards are not yet.
    expect(await rendered(page, ".search-results__sort select")).toBe(true);
    expect(await rendered(page, ".search-results__grid .card .saved-toggle--compare")).toBe(false);

    const card = page.locator(".search-results__grid .card:has(.saved-toggle--compare)").first();
    const carId = Number(await card.locator("a.card__link").getAttribute("data-car-id"));
    expect(carId).toBeGreaterThan(0);
    await card.locator(".saved-toggle--compare").tap();
    // The tap came before the code: it is replayed on the rendered card, which then shows and stores the choice.
    await page.locator(`.search-results__grid .card:has(a[data-car-id="${carId}"]) .saved-toggle--compare[aria-pressed="true"]`).waitFor();
    expect(await rendered(page, ".search-results__grid .card .saved-toggle--compare")).toBe(true);
    expect(await storedIds(page, SAVED_CAR_STORAGE_KEYS.compare)).toEqual([carId]);
    // One tap, one choice: the replay did not toggle it back or twice.
    await expect.poll(() => page.locator('.search-results__grid .saved-toggle--compare[aria-pressed="true"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("a device that keeps a favourite gets the cards' code at load and shows it without a touch", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const first = await openSearch(context);
    const card = first.page.locator(".search-results__grid .card:has(.saved-toggle--favourite)").first();
    const carId = Number(await card.locator("a.card__link").getAttribute("data-car-id"));
    await card.locator(".saved-toggle--favourite").click();
    await expect.poll(() => storedIds(first.page, SAVED_CAR_STORAGE_KEYS.favourites)).toEqual([carId]);
    await first.page.close();

    const { page, errors } = await openSearch(context);
    await page.locator(`.search-results__grid .card:has(a[data-car-id="${carId}"]) .saved-toggle--favourite[aria-pressed="true"]`).waitFor();
    expect(await rendered(page, ".search-results__grid .card .saved-toggle--favourite")).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("a card's Email Us opens the dialog and a card's link opens its car before the cards' code has loaded", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const { page, errors } = await openSearch(context);
    // Keyboard only: no pointer or focus has reached the cards until the key that follows the link or opens the dialog.
    const emailUs = page.locator(".search-results__grid .card .card__email-us").first();
    await emailUs.evaluate((element: HTMLElement) => element.click());
    await page.getByRole("dialog").waitFor();
    expect(page.url()).toBe(siteUrl(SITE, "/search"));
    await page.keyboard.press("Escape");

    const fresh = await openSearch(context);
    expect(await rendered(fresh.page, ".search-results__grid .card a.card__link")).toBe(false);
    const link = fresh.page.locator(".search-results__grid .card a.card__link").first();
    const href = (await link.getAttribute("href")) ?? "";
    await link.evaluate((element: HTMLElement) => element.click());
    await fresh.page.waitForURL((url) => url.pathname === href);
    expect([...errors, ...fresh.errors]).toEqual([]);
    await context.close();
  }, 90_000);
});
