import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopperPage } from "../support/leads";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("trade-in and sell-my-car steps (issue 23)", () => {
  for (const [site, path] of [
    ["harbour-city-motors", "/trade-in"],
    ["summit-auto-group", "/sell-my-car"],
  ] as const) {
    it(`${site}${path}: state defaults to QLD, Next shows only the next step, the valuation replaces the form`, async () => {
      const page = await shopperPage(browser);
      await page.goto(siteUrl(site, path));
      await waitForHydration(page);
      const form = page.locator("#slot-form");
      const step = (n: number) => form.locator(`fieldset[data-step="${n}"]`);
      await form.getByText("Step 1 of 3: Your vehicle").waitFor();
      // Spec §9: default state qld.
      expect(await form.getByLabel("State").inputValue()).toBe("QLD");
      await form.getByLabel("Make").fill("Toyota");
      await form.getByLabel("Model").fill("Corolla");
      await form.getByLabel("Year").fill(String(new Date().getFullYear() - 3));
      await form.getByLabel("Odometer").fill("40000");
      await form.getByRole("button", { name: "Next" }).click();
      await form.getByText("Step 2 of 3: Its condition").waitFor();
      for (const group of ["Has the vehicle been in an accident?", "Does it have any mechanical issues?", "Is there finance owing on it?"]) {
        await form.getByRole("group", { name: group }).getByLabel("No").check();
      }
      await form.getByRole("group", { name: "Does it have a full service history?" }).getByLabel("Yes").check();
      await form.getByRole("button", { name: "Next" }).click();
      await form.getByText("Step 3 of 3: Your details").waitFor();
      // Only step 3 shows, and nothing is listed as an error for fields the shopper has just reached.
      await page.waitForTimeout(300);
      expect(await step(0).isVisible()).toBe(false);
      expect(await step(1).isVisible()).toBe(false);
      expect(await form.getByText("Please fix the following errors:").count()).toBe(0);

      await form.getByLabel("Name").fill("Sam Seller");
      await form.getByLabel("Email").fill(`steps-${Date.now()}@example.com`);
      await form.getByLabel("Phone").fill("0400 111 222");
      await form.getByLabel("Postcode").fill("4000");
      if (site === "summit-auto-group") await form.getByLabel("I agree to the terms of use").check();
      await form.getByRole("button", { name: "Submit Form" }).click();
      await form.getByRole("heading", { name: /^(Your online valuation|Thanks, we have your car's details)$/ }).waitFor();
      // The valuation stands alone: the form does not re-expand above or below it.
      expect(await form.locator("form").isVisible()).toBe(false);
      expect(await form.getByLabel("Make").isVisible()).toBe(false);
      await page.context().close();
    });
  }
});
