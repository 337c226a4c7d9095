import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";
import { searchSite } from "../support/search-api";
import { DESKTOP, OFFLINE_EMBEDS, openCar, PHONE } from "../support/vehicles";

/** Issue 22: each vehicle type gets the parts that fit it; caravan sizes are metres as stored. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Caravan = { slug: string; caravan_specifications: { body_length: number; body_width: number } };
const metres = (value: number) => `${new Intl.NumberFormat("en-AU", { maximumFractionDigits: 2 }).format(value)} m`;

describe("a caravan's page", () => {
  it.each([
    ["phone", PHONE, 0],
    ["desktop", DESKTOP, 1],
  ] as const)("shows its length and width in metres as stored, and no fuel cost calculator (%s)", async (_, viewport, index) => {
    const { hits } = await searchSite<Caravan>("coastal-caravans", { filters: "status:in_stock", hitsPerPage: 40 });
    const hit = hits.filter((car) => car.caravan_specifications?.body_length && car.caravan_specifications.body_width)[index];
    if (!hit) throw new Error("coastal-caravans has no caravan with a length");
    const { page, errors } = await openCar(browser, "coastal-caravans", `/cars/${hit.slug}`, { viewport });
    await waitForSlot(page, "vehicle-info");
    const info = page.locator("#slot-vehicle-info");
    await info.getByText("Caravan specifications").click();
    const row = (label: string) => info.locator(`dt:text-is("${label}") + dd, th:text-is("${label}") + td`).first();
    // The section opens over 300 ms (ADR 0041): wait for its rows.
    await expect.poll(() => row("Body length").innerText()).toBe(metres(hit.caravan_specifications.body_length));
    await expect.poll(() => row("Body width").innerText()).toBe(metres(hit.caravan_specifications.body_width));
    await expect(page.locator("#slot-fuel-cost").count()).resolves.toBe(0);
    await expect(page.getByRole("heading", { name: "Fuel cost calculator" }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("a car with an engine keeps its fuel cost calculator", () => {
  it.each(["outback-trucks", "harbour-city-motors"])("on %s", async (site) => {
    const { hits } = await searchSite<{ slug: string }>(site, { filters: "status:in_stock AND NOT fuel:Electric", hitsPerPage: 1 });
    const { page, errors } = await openCar(browser, site, `/cars/${hits[0]?.slug}`);
    await waitForSlot(page, "fuel-cost");
    await expect(page.getByRole("heading", { name: "Fuel cost calculator" }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("the search page fits the site's vehicle type", () => {
  it.each([
    ["harbour-city-motors", true, true],
    ["ridge-motorcycles", false, true],
    ["outback-trucks", false, true],
    ["coastal-caravans", false, false],
  ] as const)("on %s: 'We Want Your Car' card %s, km slider and km sort %s", async (site, carPromo, kmSlider) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchConsole(page, OFFLINE_EMBEDS);
    await page.goto(siteUrl(site, "/search"));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "We Want Your Car" }).count()).resolves.toBe(carPromo ? 1 : 0);
    await expect(page.getByRole("slider", { name: "Maximum kilometres" }).count()).resolves.toBe(kmSlider ? 1 : 0);
    // A caravan has no odometer to sort by either.
    await expect(page.getByRole("option", { name: "Kilometres: lowest first" }).count()).resolves.toBe(kmSlider ? 1 : 0);
    // The price slider is there on every type.
    await expect(page.getByRole("slider", { name: "Maximum price" }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
