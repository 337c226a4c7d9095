import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const ROUTES = ["/contact", "/contact-us", "/book-test-drive", "/trade-in", "/sell-my-car", "/sell-your-car", "/finance-enquiry", "/apply-for-finance", "/service", "/vehicle-parts-and-accessories", "/fleet", "/careers"];

describe("form routes are accessible (axe-core, WCAG 2.1 AA)", () => {
  for (const site of ["harbour-city-motors", "summit-auto-group"]) {
    it(`${site}: every form route, and a form showing its errors, has 0 violations`, { timeout: 120_000 }, async () => {
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      const found: string[] = [];
      for (const route of ROUTES) {
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
