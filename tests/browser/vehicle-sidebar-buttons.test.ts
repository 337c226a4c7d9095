import type { Car } from "@dealer/shared/contract";
import { depositText, RESERVE_CAR_LABEL, tradeInPath, vehicleButtons } from "@dealer/shared/rules";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoConfig } from "../support/finance";
import { launchChromium } from "../support/platform";
import { searchSite } from "../support/search-api";
import { openCar, PHONE } from "../support/vehicles";

/** Issue 22: the sidebar's reserve button reads as the spec names it, and the phone's sticky header offers finance and trade-in. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A car whose record and the site's button rules give it reserve, finance and trade-in. */
async function reservableTradeInCar(site: string): Promise<Car> {
  const { hits } = await searchSite<Car>(site, { filters: "status:in_stock AND price > 1000", hitsPerPage: 200 });
  const config = demoConfig(site);
  const hit = hits.find((car) => {
    const shown = vehicleButtons(car, config, false);
    return shown.reserve && shown.tradeIn && shown.finance;
  });
  if (!hit) throw new Error(`${site} has no reservable car with trade-in`);
  return hit;
}

describe.each(["harbour-city-motors", "summit-auto-group"])("vehicle page buttons on %s", (site) => {
  it("the sidebar says 'Reserve Car Now' with the deposit and its terms beside it", async () => {
    const car = await reservableTradeInCar(site);
    const { page, errors } = await openCar(browser, site, `/cars/${car.slug}`);
    const side = page.locator("#slot-vehicle");
    const reserve = side.getByRole("link", { name: RESERVE_CAR_LABEL, exact: true });
    await expect(reserve.count()).resolves.toBe(1);
    const note = depositText(demoConfig(site).reserve);
    await expect(reserve.locator("xpath=..").locator(".vehicle-action__note").innerText()).resolves.toBe(note);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("on a phone the sticky header offers Get Finance and Trade-In Valuation once scrolled", async () => {
    const car = await reservableTradeInCar(site);
    const { page, errors } = await openCar(browser, site, `/cars/${car.slug}`, { viewport: PHONE });
    await page.evaluate(() => window.scrollTo(0, 900));
    const header = page.getByTestId("sticky-header");
    await expect.poll(() => header.isVisible()).toBe(true);
    const finance = header.getByRole("link", { name: "Get Finance" });
    const tradeIn = header.getByRole("link", { name: "Trade-In Valuation" });
    await expect(finance.isVisible()).resolves.toBe(true);
    await expect(finance.getAttribute("href")).resolves.toContain(`car_id=${car.id}`);
    await expect(tradeIn.isVisible()).resolves.toBe(true);
    await expect(tradeIn.getAttribute("href")).resolves.toBe(tradeInPath(car.id));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
