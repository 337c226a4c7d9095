import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchChromium, waitForSlot } from "../support/platform";
import { cardsWith, openIn, openOnNewDevice, pressed, toggleIn } from "../support/saved-cars";
import { carPath, cars } from "../support/vehicles";

const SITE = "harbour-city-motors";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const favouritesCount = (page: Page) => page.locator(".shell-header__saved .saved-count");

describe("favourites", () => {
  it("a card's favourite shows in the header, survives a reload, is listed on /favourites and agrees with the vehicle page", async () => {
    const { context, page, errors } = await openOnNewDevice(browser, SITE, "/search");
    const card = cardsWith(page, "favourite").first();
    const title = await card.locator(".card__title").innerText();
    const toggle = toggleIn(card, "favourite");
    expect(await pressed(toggle)).toBe(false);
    await toggle.click();
    // The first click loads the cards' code and is replayed on the rendered card (ADR 0097).
    await expect.poll(() => pressed(toggle)).toBe(true);
    await expect(favouritesCount(page).innerText()).resolves.toMatch(/1$/);

    await page.reload({ waitUntil: "domcontentloaded" });
    await page.locator("html[data-hydrated='true']").waitFor();
    await page.waitForFunction(() => document.querySelector(".search-results .saved-toggle--favourite[aria-pressed='true']") !== null);
    await expect(favouritesCount(page).innerText()).resolves.toMatch(/1$/);

    await page.getByRole("link", { name: /^Favourites/ }).click();
    await page.waitForURL(/\/favourites$/);
    const listed = page.getByTestId("favourite");
    await listed.first().waitFor();
    expect(await listed.count()).toBe(1);
    const link = listed.getByRole("link");
    expect(await link.innerText()).toContain(title.replace(/^\d{4} /, "").split(" ")[0]);
    expect(await axeViolations(page, ["#slot-favourites", "#shell-header"])).toEqual([]);

    // The vehicle page (another remote) shows the same favourite as saved, and un-saving there empties the list.
    await link.click();
    await page.waitForURL(/\/cars\//);
    await waitForSlot(page, "vehicle");
    const vehicleToggle = toggleIn(page.locator(".vehicle-detail__summary"), "favourite");
    await page.waitForFunction(() => document.querySelector(".vehicle-detail__summary .saved-toggle--favourite")?.getAttribute("aria-pressed") === "true");
    await vehicleToggle.click();
    expect(await pressed(vehicleToggle)).toBe(false);
    await expect(favouritesCount(page).getAttribute("data-empty")).resolves.toBe("true");
    await page.goto(page.url().replace(/\/cars\/.*$/, "/favourites"), { waitUntil: "domcontentloaded" });
    await page.getByText("You have no favourites yet.").waitFor();
    expect(await axeViolations(page, ["#slot-favourites"])).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("remove on /favourites takes the car off the list and off its card", async () => {
    const { context, page } = await openOnNewDevice(browser, SITE, "/search");
    const cards = cardsWith(page, "favourite");
    await toggleIn(cards.nth(0), "favourite").click();
    await toggleIn(cards.nth(1), "favourite").click();
    const list = await openIn(context, SITE, "/favourites");
    await list.page.getByTestId("favourite").nth(1).waitFor();
    await list.page.getByRole("button", { name: /^Remove .* from favourites$/ }).first().click();
    expect(await list.page.getByTestId("favourite").count()).toBe(1);
    // The search tab follows through the storage event.
    await page.waitForFunction(() => document.querySelectorAll(".search-results .saved-toggle--favourite[aria-pressed='true']").length === 1);
    expect(await pressed(toggleIn(cards.nth(1), "favourite"))).toBe(true);
    await context.close();
  }, 90_000);

  it("the dealership that hides favourites shows no favourite button (compare stays); its group's other dealerships show it", async () => {
    const group = "summit-auto-group";
    const { context, page } = await openOnNewDevice(browser, group, carPath(group, `${cars.inStock} AND json_extract(data, '$.dealership_slug') = 'summit-kia-adelaide'`));
    const summary = page.locator(".vehicle-detail__summary");
    expect(await summary.locator(".saved-toggle--favourite").count()).toBe(0);
    expect(await summary.locator(".saved-toggle--compare").count()).toBe(1);
    const other = await openIn(context, group, carPath(group, `${cars.inStock} AND json_extract(data, '$.dealership_slug') != 'summit-kia-adelaide'`));
    expect(await other.page.locator(".vehicle-detail__summary .saved-toggle--favourite").count()).toBe(1);
    await context.close();
  }, 60_000);
});

describe("recently viewed and the view counter", () => {
  it("the vehicle page counts a view (1 s animation) and records it; home and search offer the cars below the fold", async () => {
    const first = carPath(SITE, cars.inStock);
    const second = carPath(SITE, `${cars.inStock} AND slug != '${first.replace("/cars/", "")}'`);
    const { context, page, errors } = await openOnNewDevice(browser, SITE, first);
    const counter = page.getByTestId("view-counter");
    await page.waitForFunction(() => /^[\d,]+ views/.test(document.querySelector("[data-testid='view-counter']")?.textContent ?? ""));
    const views = async () => Number((await counter.locator(".visually-hidden").innerText()).replace(/\D/g, ""));
    const before = await views();
    expect(before).toBeGreaterThan(0);
    await page.reload({ waitUntil: "domcontentloaded" });
    await waitForSlot(page, "vehicle");
    await page.waitForFunction(() => /^[\d,]+ views/.test(document.querySelector("[data-testid='view-counter']")?.textContent ?? ""));
    expect(await views()).toBeGreaterThan(before);

    await page.goto(page.url().replace(first, second), { waitUntil: "domcontentloaded" });
    await waitForSlot(page, "vehicle");
    for (const path of ["/", "/search"]) {
      await page.goto(page.url().replace(/\/(cars\/.*|search)?$/, path), { waitUntil: "domcontentloaded" });
      await page.locator("html[data-hydrated='true']").waitFor();
      // Below the fold: it loads as the shopper nears it.
      await waitForSlot(page, "recently-viewed");
      const strip = page.getByRole("region", { name: "Recently viewed" });
      await strip.waitFor();
      const hrefs = await strip.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs, path).toEqual([second, first]);
      expect(await axeViolations(page, ["#slot-recently-viewed"])).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
