import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchChromium } from "../support/platform";
import { cardsWith, openIn, openOnNewDevice, pressed, toggleIn } from "../support/saved-cars";
import { carPath, cars } from "../support/vehicles";

const SITE = "harbour-city-motors";
const LIMIT_MESSAGE = "You can compare up to 4 cars. Remove one from the compare list to add another.";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("compare", () => {
  it("up to 4 cars from search cards, a clear message for a 5th, kept across reloads, then side by side on /compare", async () => {
    const { context, page, errors } = await openOnNewDevice(browser, SITE, "/search");
    const cards = cardsWith(page, "compare");
    expect(await cards.count()).toBeGreaterThanOrEqual(5);
    const tray = page.getByRole("region", { name: "Compare list" });
    await expect(tray.isVisible()).resolves.toBe(false);
    const hrefs: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      await toggleIn(cards.nth(i), "compare").click();
      // The first click loads the cards' code and is replayed on the rendered card (ADR 0097).
      await expect.poll(() => pressed(toggleIn(cards.nth(i), "compare"))).toBe(true);
      hrefs.push(await cards.nth(i).locator("a.card__link").getAttribute("href"));
    }
    await expect(tray.getByRole("link").innerText()).resolves.toBe("Compare 4 of 4 cars");
    // The fifth is refused, and the shopper is told why.
    await toggleIn(cards.nth(4), "compare").click();
    expect(await pressed(toggleIn(cards.nth(4), "compare"))).toBe(false);
    await expect(tray.getByRole("status").innerText()).resolves.toBe(LIMIT_MESSAGE);

    await page.reload({ waitUntil: "domcontentloaded" });
    await page.locator("html[data-hydrated='true']").waitFor();
    await page.waitForFunction(() => document.querySelectorAll(".search-results .saved-toggle--compare[aria-pressed='true']").length === 4);
    await expect(tray.getByRole("link").innerText()).resolves.toBe("Compare 4 of 4 cars");
    // The message belonged to the refused click: a new page starts without it.
    await expect(tray.locator(".compare-tray__notice").textContent()).resolves.toBe("");

    await tray.getByRole("link").click();
    await page.waitForURL(/\/compare$/);
    const table = page.locator(".compare-table");
    await table.waitFor();
    const headers = table.locator("thead th");
    expect(await headers.count()).toBe(4);
    // In the order chosen.
    expect(await headers.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(hrefs);
    const firstTitle = await headers.first().locator("a").innerText();
    for (const price of await page.getByTestId("compare-price").allInnerTexts()) expect(price).toMatch(/^\$[\d,]+|Enquire|PREORDER|\/wk/);
    // The car's one repayment, to the cent, with its rates beside it (ADR 0038).
    expect((await page.getByTestId("compare-finance").allInnerTexts()).some((text) => /^\$[\d,]+\.\d\d\/wk\b/.test(text))).toBe(true);
    const rowLabels = await table.locator("tbody th").allInnerTexts();
    expect(rowLabels.slice(0, 4)).toEqual(["Price", "Finance", "Year", "Kilometres"]);
    // Features: one row per feature any car has, each car marked as having it or not.
    expect(await table.locator(".compare-table__feature").count()).toBeGreaterThan(5);
    expect(await table.locator(".compare-table__feature td[data-present='true']").count()).toBeGreaterThan(0);
    expect(await table.locator(".compare-table__feature td[data-present='false']").count()).toBeGreaterThan(0);
    expect(await axeViolations(page, ["#slot-compare", ".compare-tray"])).toEqual([]);

    // Remove from compare: the column goes at once, the tray follows, and a reload agrees.
    await page.getByRole("button", { name: `Remove ${firstTitle} from compare` }).click();
    expect(await headers.count()).toBe(3);
    await expect(tray.getByRole("link").innerText()).resolves.toBe("Compare 3 of 4 cars");
    await page.reload({ waitUntil: "domcontentloaded" });
    await table.waitFor();
    expect(await headers.count()).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("an empty compare list shows its empty state, without axe violations", async () => {
    const { context, page, errors } = await openOnNewDevice(browser, SITE, "/compare");
    await page.getByText("You have no cars to compare yet.").waitFor();
    await expect(page.getByRole("link", { name: "Search our stock" }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page, ["#slot-compare"])).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the vehicle page's toggle and its sticky header agree at once, and another tab follows", async () => {
    const path = carPath(SITE, cars.inStock);
    const { context, page, errors } = await openOnNewDevice(browser, SITE, path);
    const other = await openIn(context, SITE, "/compare");
    await other.page.getByText("You have no cars to compare yet.").waitFor();

    const summaryToggle = toggleIn(page.locator(".vehicle-detail__summary"), "compare");
    await summaryToggle.click();
    expect(await pressed(summaryToggle)).toBe(true);
    // The sticky header (its own lazily loaded code) shows the same state, and its toggle moves the summary's.
    await page.mouse.wheel(0, 1200);
    const stickyToggle = toggleIn(page.getByTestId("sticky-header"), "compare");
    await stickyToggle.waitFor();
    expect(await pressed(stickyToggle)).toBe(true);
    await stickyToggle.click();
    expect(await pressed(summaryToggle)).toBe(false);
    await stickyToggle.click();
    expect(await pressed(summaryToggle)).toBe(true);
    // The other tab learns of it through the storage event, without a reload.
    await other.page.locator(".compare-table thead th").first().waitFor();
    expect(await other.page.locator(".compare-table thead th").count()).toBe(1);
    await expect(other.page.getByRole("region", { name: "Compare list" }).getByRole("link").innerText()).resolves.toBe("Compare 1 of 4 cars");
    expect([...errors, ...other.errors]).toEqual([]);
    await context.close();
  }, 90_000);

  it("button rules: no compare on a sold car; a used-only site needs a price and an image to compare", async () => {
    const { context, page } = await openOnNewDevice(browser, SITE, carPath(SITE, cars.sold));
    expect(await page.locator(".vehicle-detail__summary .saved-toggle").count()).toBe(0);
    const used = await openIn(
      context,
      "metro-certified",
      carPath("metro-certified", "status = 'in_stock' AND (coalesce(json_extract(data, '$.price'), 0) = 0 OR json_array_length(json_extract(data, '$.images')) = 0)"),
    );
    const toggles = used.page.locator(".vehicle-detail__summary .saved-toggle");
    expect(await toggles.count()).toBe(1);
    expect(await toggles.first().getAttribute("class")).toContain("saved-toggle--favourite");
    const priced = await openIn(context, "metro-certified", carPath("metro-certified", "status = 'in_stock' AND json_extract(data, '$.price') > 0 AND json_array_length(json_extract(data, '$.images')) > 0"));
    expect(await priced.page.locator(".vehicle-detail__summary .saved-toggle--compare").count()).toBe(1);
    await context.close();
  }, 90_000);
});
