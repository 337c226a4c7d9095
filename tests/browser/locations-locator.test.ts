import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("dealer locator (summit-auto-group)", () => {
  for (const [name, viewport] of [["phone", { width: 390, height: 844 }], ["desktop", { width: 1280, height: 900 }]] as const) {
    it(`${name}: nearest by postcode, by state and department, and the postcode messages`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchConsole(page);
      await page.goto(siteUrl("summit-auto-group", "/dealer-locator"));
      await waitForHydration(page);
      const form = page.getByRole("form", { name: "Find a dealership" });
      await form.getByLabel("Nearest to postcode").fill("6000");
      await form.getByRole("button", { name: "Find" }).click();
      await page.waitForURL(/postcode=6000/);
      const names = page.locator("#slot-locations .location-card h3");
      await expect(names.first().textContent()).resolves.toMatch(/Summit Ford (Osborne Park|Midland)/);
      await page.locator("#slot-locations").getByText(/^\d+ km away$/).first().waitFor();

      await form.getByLabel("Nearest to postcode").fill("");
      await form.getByLabel("State").selectOption("VIC");
      await form.getByLabel("Department").selectOption("parts");
      await form.getByRole("button", { name: "Find" }).click();
      await page.waitForURL(/state=VIC/);
      await expect(names.allTextContents()).resolves.toEqual(["Summit Hyundai Dandenong"]);

      await page.goto(siteUrl("summit-auto-group", "/dealer-locator?locator=true&postcode=abcd"));
      await page.getByRole("alert").filter({ hasText: "Invalid postcode. Please enter a 4-digit number." }).waitFor();
      await page.goto(siteUrl("summit-auto-group", "/dealer-locator?locator=true&postcode=0100"));
      await page.getByRole("alert").filter({ hasText: /^Invalid postcode$/ }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
