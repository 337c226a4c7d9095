import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { fetchSite, launchChromium, siteUrl, waitForHydration } from "../support/platform";
import { routeKindPaths, STANDARDS_SITES } from "../support/route-kinds";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const ROUTES = ["/contact", "/contact-us", "/book-test-drive", "/trade-in", "/sell-my-car", "/sell-your-car", "/finance-enquiry", "/apply-for-finance", "/service", "/vehicle-parts-and-accessories", "/fleet", "/careers"];

/** The routes that carry a form about one location or one car: the site's first location and first car. */
async function routesAboutOne(site: string): Promise<string[]> {
  const location = /href="\/our-location\/([a-z0-9-]+)"/.exec(await (await fetchSite(site, "/dealer-locator")).text())?.[1];
  const car = /href="\/cars\/([a-z0-9-]+)"/.exec(await (await fetchSite(site, "/search")).text())?.[1];
  if (!location || !car) throw new Error(`${site}: no location or car to visit`);
  return [`/contact-us/${location}`, `/cars/${car}`, `/cars/trade-in?car_id=${car}`, `/personalised/finance?car_id=${car}`];
}

describe("form routes are accessible (axe-core, WCAG 2.1 AA)", () => {
  for (const site of STANDARDS_SITES) {
    it(`${site}: every form route, and a form showing its errors, has 0 violations`, { timeout: 120_000 }, async () => {
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      const found: string[] = [];
      // standards-a11y already sweeps this site's route kinds with WCAG 2.2 AA (a superset of these tags): the form
      // routes among them are not loaded twice.
      const swept = new Set(await routeKindPaths(site, { contentPages: false }));
      const routes = [...ROUTES, ...(await routesAboutOne(site))].filter((route) => !swept.has(route));
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) {
        await page.goto(siteUrl(site, route));
        await waitForHydration(page);
        found.push(...(await axeViolations(page)).map((violation) => `${route} ${violation}`));
      }
      await page.goto(siteUrl(site, "/contact"));
      await waitForHydration(page);
      await page.locator("#slot-form").getByRole("button", { name: "Submit Form" }).click();
      await page.getByText("Please fix the following errors:").first().waitFor();
      found.push(...(await axeViolations(page)).map((violation) => `/contact (errors) ${violation}`));
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
