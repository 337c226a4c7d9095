import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { waitForSlotWith } from "../support/finance";
import { firstCarPath, launchChromium, siteUrl, waitForHydration } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function open(site: string, path: string, viewport = { width: 390, height: 844 }) {
  const page = await browser.newPage({ viewport });
  await page.goto(siteUrl(site, path));
  await waitForHydration(page);
  // Bring every slot in (below-the-fold ones hydrate on approach), then back to the top.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await waitForHydration(page);
  return page;
}

describe("finance tools have no axe-core violations", () => {
  it("on /finance, the budget finder and the price slider page", async () => {
    for (const [site, path, parts] of [
      ["harbour-city-motors", "/finance", ["#finance-calculator", ".estimate-panel", ".budget-finder"]],
      ["outback-trucks", "/budget-finder", [".budget-finder"]],
      ["summit-auto-group", "/shop-by-price", [".price-slider"]],
    ] as const) {
      const page = await open(site, path);
      await page.locator(parts[0]).waitFor();
      expect(await axeViolations(page, [...parts]), `${site}${path}`).toEqual([]);
      await page.close();
    }
  });

  it("would report a field without a label (the check is live)", async () => {
    const page = await open("summit-auto-group", "/finance");
    await page.locator("#finance-calculator").evaluate((el) => el.insertAdjacentHTML("beforeend", '<input type="text" name="unlabelled">'));
    expect((await axeViolations(page, ["#finance-calculator"])).join()).toContain("label");
    await page.close();
  });

  it("on the vehicle page's finance parts, with the calculator's error and the disclaimer open", async () => {
    const page = await open("harbour-city-motors", await firstCarPath("harbour-city-motors"), { width: 1280, height: 900 });
    await waitForSlotWith(page, "#finance-calculator");
    const calculator = page.locator("#finance-calculator");
    await calculator.getByLabel("Purchase price").fill("100");
    await calculator.getByRole("button", { name: "Show More" }).click();
    const parts = ["#finance-calculator"];
    for (const optional of [".finance-box", ".estimate-panel"]) if ((await page.locator(optional).count()) > 0) parts.push(optional);
    expect(await axeViolations(page, parts)).toEqual([]);
    await page.close();
  });
});
