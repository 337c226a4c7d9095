import type { Car } from "@dealer/shared/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchCars } from "../support/finance-cars";
import { shopperPage } from "../support/leads";
import { launchChromium, siteUrl } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const pick = (cars: Car[], test: (car: Car) => boolean, what: string): Car => {
  const car = cars.find(test);
  if (!car) throw new Error(`no ${what} in the search records`);
  return car;
};

/** The car page's instant valuation section, after scrolling to it as a shopper would. */
async function valuationOn(site: string, car: Car) {
  const page = await shopperPage(browser);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const info = page.locator("#slot-vehicle-info");
  await info.getByRole("heading", { name: "Dealer comments" }).scrollIntoViewIfNeeded();
  return { page, section: info.getByTestId("instant-valuation") };
}

describe("instant valuation and finance eligibility on the car page (issue 23)", () => {
  // The two demo sites with the autograb feature.
  for (const site of ["harbour-city-motors", "metro-certified"]) {
    it(`${site}: shown for an in-stock, unreserved car over $200; not for a reserved or sold one`, async () => {
      const inStock = await searchCars(site, "status:in_stock", 1000);
      const eligible = pick(inStock, (car) => !car.reserved && (car.price ?? 0) > 200, "unreserved car over $200");
      const { page, section } = await valuationOn(site, eligible);
      await section.getByRole("heading", { name: "Instant valuation and finance eligibility" }).waitFor();
      expect(await section.getByRole("link", { name: "Check finance eligibility" }).getAttribute("href")).toBe(`/finance?vehiclePriceBudget=${eligible.price}`);
      expect(await section.getByRole("link", { name: "Get an instant valuation" }).getAttribute("href")).toBe("/trade-in");
      await page.context().close();

      const reserved = pick(inStock, (car) => car.reserved, "reserved car");
      const onReserved = await valuationOn(site, reserved);
      expect(await onReserved.section.count()).toBe(0);
      await onReserved.page.context().close();

      const sold = pick(await searchCars(site, "NOT status:in_stock AND NOT status:coming_soon", 50), (car) => car.status === "sold", "recently sold car");
      const onSold = await valuationOn(site, sold);
      expect(await onSold.section.count()).toBe(0);
      await onSold.page.context().close();
    });
  }

  it("summit-auto-group (no autograb feature): never shown", async () => {
    const car = pick(await searchCars("summit-auto-group", "status:in_stock", 50), (c) => !c.reserved && (c.price ?? 0) > 200, "car");
    const { page, section } = await valuationOn("summit-auto-group", car);
    expect(await section.count()).toBe(0);
    await page.context().close();
  });
});

describe("distribution location field on the car's enquiry form (issue 23)", () => {
  for (const site of ["outback-trucks", "ridge-motorcycles"]) {
    it(`${site}: a car whose location delivers elsewhere offers those places; a car whose location does not, no field`, async () => {
      const cars = await searchCars(site, "status:in_stock", 1000);
      const car = pick(cars, (c) => (c.location?.distribution_locations?.length ?? 0) > 0, "car at a distributing location");
      const page = await shopperPage(browser);
      await page.goto(siteUrl(site, `/cars/${car.slug}`));
      const field = page.locator("#slot-enquiry").getByLabel(/Preferred delivery location/);
      await field.waitFor();
      const options = await field.locator("option").allTextContents();
      expect(options.slice(1)).toEqual(car.location?.distribution_locations?.map((place) => place.name));
      const other = cars.find((c) => (c.location?.distribution_locations?.length ?? 0) === 0);
      if (other) {
        await page.goto(siteUrl(site, `/cars/${other.slug}`));
        await page.locator("#slot-enquiry").getByLabel("Name").waitFor();
        expect(await page.locator("#slot-enquiry").getByLabel(/Preferred delivery location/).count()).toBe(0);
      }
      await page.context().close();
    });
  }
});
