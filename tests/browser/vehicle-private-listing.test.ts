import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/platform";
import { searchSite } from "../support/search-api";
import { openCar } from "../support/vehicles";

/** Issue 22: private_suburb, private_postcode and carsales_title on the car page, where they apply. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Hit = { slug: string; name: string; private_suburb: string | null; private_postcode: string | null; carsales_title: string | null };

/** The "Vehicle details" rows of a car page, label to value. */
async function detailRows(site: string, slug: string): Promise<Record<string, string>> {
  const { page, errors } = await openCar(browser, site, `/cars/${slug}`);
  const rows = await page
    .locator('section[aria-labelledby="vehicle-details"] dt')
    .evaluateAll((terms) => terms.map((term) => [term.textContent ?? "", term.nextElementSibling?.textContent ?? ""] as const));
  expect(errors).toEqual([]);
  await page.context().close();
  return Object.fromEntries(rows);
}

describe.each(["summit-auto-group", "harbour-city-motors"])("on %s", (site) => {
  it("a private seller's car shows its suburb, postcode and carsales title; a dealer's car shows neither", async () => {
    const { hits } = await searchSite<Hit>(site, {
      filters: "status:in_stock AND car_type:used",
      hitsPerPage: 1000,
      attributesToRetrieve: ["slug", "name", "private_suburb", "private_postcode", "carsales_title"],
    });
    const privateCar = hits.find((hit) => hit.private_suburb && hit.private_postcode && hit.carsales_title && hit.carsales_title !== hit.name);
    const dealerCar = hits.find((hit) => !hit.private_suburb && hit.carsales_title === hit.name);
    if (!privateCar || !dealerCar) throw new Error(`the demo data of ${site} has no private seller's car, or no dealer's car`);

    const shown = await detailRows(site, privateCar.slug);
    expect(shown["Private seller location"]).toBe(`${privateCar.private_suburb} ${privateCar.private_postcode}`);
    expect(shown["Advertised as"]).toBe(privateCar.carsales_title);

    const plain = await detailRows(site, dealerCar.slug);
    expect(plain).not.toHaveProperty("Private seller location");
    expect(plain).not.toHaveProperty("Advertised as");
  });
});
