import { CLEAR_FILTERS_LABEL, HIDE_EXTRA_MAKES, NO_OFFERS_TEXT, NO_OFFERS_TITLE, NO_RESULTS_TEXT, REFINE_ABOVE_MAX, SHOW_ALL_MAKES } from "@dealer/shared/rules";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchSite, launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";

/** The search page as a shopper uses it: search box, facets, sliders, chips, sort, empty results, phone drawer. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const facetOption = (value: string) => new RegExp(`^${value} [\\d,]+$`);
// Text, not innerText: cards past the first row are not laid out until they near the viewport (ADR 0097), and
// innerText of content not laid out is empty.
const titles = (page: Page) => page.locator(".card__title").allTextContents();
const count = async (page: Page) => Number((await page.getByRole("status").filter({ hasText: "vehicle" }).innerText()).replace(/,/g, "").match(/^\d+/)?.[0]);
const query = (page: Page) => decodeURIComponent(new URL(page.url()).search);

async function open(path: string, viewport: { width: number; height: number } = DESKTOP, site = "harbour-city-motors") {
  const page = await browser.newPage({ viewport });
  const errors = watchConsole(page);
  await page.goto(siteUrl(site, path));
  await waitForHydration(page);
  return { page, errors };
}

describe.each(["harbour-city-motors", "summit-auto-group"])("search page on %s", (site) => {
  it("the search box searches 300 ms after typing and offers recent searches", async () => {
    const { page, errors } = await open("/search", DESKTOP, site);
    const box = page.getByRole("combobox", { name: "Search stock" });
    await box.pressSequentially("ranger", { delay: 30 });
    await expect.poll(() => query(page)).toBe("?query=ranger");
    await expect.poll(async () => (await titles(page))[0] ?? "").toMatch(/ranger/i);
    await box.press("Enter");
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Search stock" }).focus();
    await expect(page.locator("#recent-searches option").first().getAttribute("value")).resolves.toBe("ranger");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("makes show 7 then all; models follow the chosen make; body tiles toggle", async () => {
    const { page, errors } = await open("/search", DESKTOP, site);
    const makes = page.locator('[data-attribute="make"] input[type="checkbox"]');
    await expect(makes.count()).resolves.toBe(7);
    await page.getByRole("button", { name: SHOW_ALL_MAKES }).click();
    await expect.poll(() => makes.count()).toBeGreaterThan(7);
    await page.getByRole("button", { name: HIDE_EXTRA_MAKES }).click();
    await expect.poll(() => makes.count()).toBe(7);

    await expect(page.locator('[data-attribute="make_model"]').count()).resolves.toBe(0);
    await page.getByRole("checkbox", { name: facetOption("Toyota") }).check();
    const models = page.locator('[data-attribute="make_model"] input[type="checkbox"]');
    await expect.poll(() => models.count()).toBeGreaterThan(0);
    const model = (await page.locator('[data-attribute="make_model"] label').first().innerText()).split("\n")[0]!.trim();
    expect(model.startsWith("Toyota ")).toBe(true);
    await models.first().check();
    await expect.poll(() => query(page)).toContain(`refinementList[make_model][0]=${model}`);
    await expect.poll(async () => (await titles(page)).every((title) => title.includes(model))).toBe(true);

    const suv = page.getByRole("button", { name: /^SUV/ });
    await page.getByRole("button", { name: "Remove Toyota", exact: true }).click();
    await expect.poll(() => query(page)).toBe("");
    await suv.click();
    await expect.poll(() => suv.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => query(page)).toBe("?refinementList[body][0]=SUV");
    await expect.poll(async () => (await page.locator(".card__facts").allTextContents()).every((facts) => facts.includes("SUV"))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the price slider moves by keyboard, reaches the address after 400 ms and refuses out-of-range values", async () => {
    const { page, errors } = await open("/search", DESKTOP, site);
    const warnings: string[] = [];
    page.on("console", (message) => message.type() === "warning" && warnings.push(message.text()));
    const before = await count(page);
    const max = page.getByRole("slider", { name: "Maximum price" });
    const top = Number(await max.getAttribute("max"));
    await max.focus();
    for (let i = 0; i < 30; i++) await max.press("ArrowLeft");
    await expect.poll(() => query(page)).toMatch(/^\?range\[price\]=:\d+000$/);
    const limit = Number(query(page).split(":")[1]);
    expect(limit).toBeLessThan(top);
    await expect.poll(() => count(page)).toBeLessThan(before);
    expect((await page.locator(".card__price").allTextContents()).every((text) => !/^\$[\d,]+$/.test(text.trim()) || Number(text.replace(/[^\d]/g, "")) <= limit)).toBe(true);

    const typed = page.getByRole("spinbutton", { name: "Maximum price value" });
    await typed.fill(String(top * 10));
    await typed.press("Enter");
    await expect.poll(() => warnings).toContain(REFINE_ABOVE_MAX);
    expect(query(page)).toBe(`?range[price]=:${limit}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("chips remove one refinement; Clear Filters removes them all; an empty result offers Clear Filters", async () => {
    const { page, errors } = await open("/search?refinementList[make][0]=Kia&refinementList[car_type][0]=used&range[km]=:50000", DESKTOP, site);
    // The chips work once the search slot has hydrated: a click before it (a loaded machine) did nothing.
    await waitForSlot(page, "search");
    await page.getByRole("button", { name: "Remove Used" }).click();
    await expect.poll(() => query(page)).toBe("?refinementList[make][0]=Kia&range[km]=:50000");
    await page.getByRole("button", { name: CLEAR_FILTERS_LABEL }).click();
    await expect.poll(() => query(page)).toBe("");

    await page.getByRole("combobox", { name: "Search stock" }).fill("zzqqxx");
    await expect.poll(() => page.getByText(NO_RESULTS_TEXT).isVisible()).toBe(true);
    await page.locator(".search-results__empty").getByRole("link", { name: CLEAR_FILTERS_LABEL }).click();
    await expect.poll(() => page.locator(".card").count()).toBeGreaterThan(0);
    expect(query(page)).toBe("");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("on a phone the filters live in a drawer: Filters opens it, Show Me shows the count and closes it", async () => {
    const { page, errors } = await open("/search", PHONE, site);
    const checkbox = page.getByRole("checkbox", { name: facetOption("Mazda") });
    await expect(checkbox.isVisible()).resolves.toBe(false);
    const opener = page.getByRole("button", { name: /^Filters \(/ });
    await opener.click();
    await checkbox.check();
    await expect.poll(async () => (await titles(page)).every((title) => title.includes("Mazda"))).toBe(true);
    const shown = await count(page);
    await expect.poll(() => page.getByRole("button", { name: /^Show Me/ }).innerText()).toBe(`Show Me ${shown.toLocaleString("en-AU")} vehicles`);
    await page.getByRole("button", { name: /^Show Me/ }).click();
    await expect(checkbox.isVisible()).resolves.toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toMatch(/^Filters \(/);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("result rules", () => {
  it("consecutive sold cards collapse to one on a page that also has stock in hand", async () => {
    const api = await fetchSite("harbour-city-motors", "/1/indexes/Car_production/query", {
      method: "POST",
      headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": "search-harbour-city-motors" },
      body: JSON.stringify({ filters: "(status:in_stock OR status:coming_soon) AND show_on_dealer_website:true", hitsPerPage: 0 }),
    });
    const inStock = ((await api.json()) as { nbHits: number }).nbHits;
    const page = await browser.newPage();
    await page.goto(siteUrl("harbour-city-motors", `/search?page=${Math.floor(inStock / 21) + 1}`));
    const kinds = await page.locator(".search-results__grid > li").evaluateAll((cards) => cards.map((card) => card.classList.contains("card--sold")));
    expect(kinds.filter(Boolean)).toHaveLength(1);
    expect(kinds.at(-1)).toBe(true);
    await expect(page.locator(".card--sold").getByText("Like this and want something similar?").count()).resolves.toBe(1);
    await expect(page.locator(".card--sold .card__tag").textContent()).resolves.toMatch(/sold/i);
    await page.close();
  });

  it("cards show weekly finance, and favourites and the compare list stay on the device", async () => {
    const { page, errors } = await open("/search", DESKTOP, "summit-auto-group");
    expect(await page.locator(".card__finance").first().innerText()).toMatch(/^Finance \$[\d,]+\.\d\d\/wk at [\d.]+% p\.a\. \(comparison rate [\d.]+% p\.a\.\)$/);
    // A card the button rules give a favourite button (one Summit dealership hides it).
    const title = await page.locator(".card:has(.saved-toggle--favourite) .card__title").first().innerText();
    const favourite = page.getByRole("button", { name: `Favourite ${title}`, exact: true }).first();
    await favourite.click();
    await expect.poll(() => favourite.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: `Compare ${title}`, exact: true }).first().click();
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("button", { name: `Favourite ${title}`, exact: true }).first().getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.getByRole("button", { name: `Compare ${title}`, exact: true }).first().getAttribute("aria-pressed")).toBe("true");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("favourites") ?? "[]") as { name: string; slug: string }[]);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.slug).toBeTruthy();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("/special-offers lists cars with an offer price and has its own empty texts", async () => {
    const { page, errors } = await open("/special-offers", DESKTOP, "harbour-city-motors");
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Special offers");
    const offers = await count(page);
    expect(offers).toBeGreaterThan(0);
    await page.getByRole("combobox", { name: "Search stock" }).fill("zzqqxx");
    await expect.poll(() => page.getByText(NO_OFFERS_TEXT).isVisible()).toBe(true);
    await expect(page.getByRole("heading", { name: NO_OFFERS_TITLE }).count()).resolves.toBe(1);
    const clear = page.locator(".search-results__empty").getByRole("link", { name: CLEAR_FILTERS_LABEL });
    await expect(clear.getAttribute("href")).resolves.toBe("/special-offers");
    await clear.click();
    await expect.poll(() => count(page)).toBe(offers);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/special-offers");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the first page has the site's promo card at its position, and the site's extra filters refine", async () => {
    const { page, errors } = await open("/search", DESKTOP, "harbour-city-motors");
    const items = page.locator(".search-results__grid > li");
    await expect(items.nth(5).getByRole("heading", { name: "We Want Your Car" }).count()).resolves.toBe(1);
    await page.getByRole("checkbox", { name: facetOption("Diesel") }).check();
    await expect.poll(() => query(page)).toBe("?refinementList[fuel][0]=Diesel");
    await expect.poll(() => page.getByRole("checkbox", { name: facetOption("Diesel") }).isChecked()).toBe(true);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect.poll(() => query(page)).toContain("page=2");
    await expect.poll(() => page.locator(".card--promo").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("when search fails, the last good cards, counts and facets stay on screen with a notice", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchConsole(page, [/Failed to load resource/]);
    await page.goto(siteUrl("harbour-city-motors", "/search"));
    await waitForHydration(page);
    const before = { titles: await titles(page), count: await count(page) };
    await page.route("**/1/indexes/**", (route) => route.abort());
    await page.getByRole("checkbox", { name: facetOption("Kia") }).check();
    await expect.poll(() => page.getByRole("alert").innerText()).toContain("Search is unavailable");
    expect(await titles(page)).toEqual(before.titles);
    expect(await count(page)).toBe(before.count);
    await page.unroute("**/1/indexes/**");
    await page.getByRole("checkbox", { name: facetOption("Mazda") }).check();
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    await expect.poll(async () => (await titles(page)).every((title) => /Kia|Mazda/.test(title))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the certified facet hides 'Not certified' on a certified-only site", async () => {
    const { page } = await open("/search", DESKTOP, "metro-certified");
    await expect(page.locator('[data-attribute="certified"]').getByText("Not certified").count()).resolves.toBe(0);
    await page.close();
  });
});

describe("the results' carousel variant (a brand overview's stock)", () => {
  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("%s: one sideways row; Previous and Next scroll it and are disabled at its ends", async (_, viewport) => {
    const { page, errors } = await open("/mazda/overview", viewport, "summit-auto-group");
    const carousel = page.getByRole("region", { name: "Results carousel" });
    const previous = carousel.getByRole("button", { name: "Previous results" });
    const next = carousel.getByRole("button", { name: "Next results" });
    const track = carousel.locator(".result-carousel__track");
    const cardTops = await carousel.locator(".card").evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
    expect(cardTops.length).toBeGreaterThan(3);
    expect(new Set(cardTops).size).toBe(1);
    await expect(previous.isDisabled()).resolves.toBe(true);
    await next.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect.poll(() => previous.isDisabled()).toBe(false);
    await track.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => next.isDisabled()).toBe(true);
    await previous.click();
    await expect.poll(() => next.isDisabled()).toBe(false);
    // The search page itself keeps the grid.
    await page.goto(siteUrl("summit-auto-group", "/search"));
    await expect(page.locator(".result-carousel").count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
