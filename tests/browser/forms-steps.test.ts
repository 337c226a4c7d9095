import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerLeads, shopperPage } from "../support/leads";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});


async function fillDetails(page: Page, email: string) {
  const form = page.locator("#slot-form");
  await form.getByLabel("Name").fill("Sam Seller");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("0400 111 222");
  await form.getByLabel("Postcode").fill("4000");
}

describe("multi-step forms", () => {
  for (const [site, path, key] of [
    ["outback-trucks", "/trade-in", "write-outback-trucks"],
    ["coastal-caravans", "/sell-my-car", "write-coastal-caravans"],
  ] as const) {
    it(`${site}${path}: each step advances after its own fields pass, the step indicator follows, the last submits the valuation`, async () => {
      const page = await shopperPage(browser);
      const errors = watchConsole(page);
      await page.goto(siteUrl(site, path));
      await waitForHydration(page);
      const form = page.locator("#slot-form");
      await form.getByText("Step 1 of 3: Your vehicle").waitFor();
      expect(await form.getByLabel("Name").isVisible()).toBe(false);
      // The step indicator marks the current step (aria-current=step) and ticks the ones done.
      const current = () => form.locator('.steps [aria-current="step"]').textContent();
      await expect(current()).resolves.toBe("1Your vehicle");

      await form.getByRole("button", { name: "Next" }).click();
      await form.getByRole("link", { name: "Please enter the make." }).waitFor();
      await form.getByRole("link", { name: "Please enter the odometer reading in kms." }).waitFor();
      await form.getByLabel("Registration").fill("ABC123");
      await form.getByLabel("State").selectOption("QLD");
      await form.getByLabel("Make").fill("Toyota");
      await form.getByLabel("Model").fill("HiLux");
      await form.getByLabel("Year").fill("2019");
      await form.getByLabel("Odometer").fill("85,000");
      await form.getByRole("button", { name: "Next" }).click();

      await form.getByText("Step 2 of 3: Its condition").waitFor();
      await expect(current()).resolves.toBe("2Its condition");
      await expect(form.locator(".steps__item--done").textContent()).resolves.toBe("✓Your vehicle (done)");
      await form.getByRole("group", { name: "Has the vehicle been in an accident?" }).getByLabel("No").check();
      await form.getByRole("group", { name: "Does it have a full service history?" }).getByLabel("Yes").check();
      await form.getByRole("button", { name: "Next" }).click();

      await form.getByText("Step 3 of 3: Your details").waitFor();
      await expect(current()).resolves.toBe("3Your details");
      const email = `valuation-${Date.now()}@example.com`;
      await fillDetails(page, email);
      if (site === "coastal-caravans") {
        // This site asks for the terms (as the dealer group does): the error carries the star of a terms checkbox.
        await form.getByRole("button", { name: "Submit Form" }).click();
        await form.getByRole("link", { name: "*You must agree to the terms of use before submitting.", exact: true }).waitFor();
        await form.getByLabel("I agree to the terms of use").check();
      }
      await form.getByRole("button", { name: "Submit Form" }).click();
      // The sent valuation shows its online estimate (or why there is none) before the shopper moves on.
      await form.getByRole("heading", { name: /^(Your online valuation|Thanks, we have your car's details)$/ }).waitFor();
      await form.getByRole("link", { name: /^(Not now|Done)$/ }).click();
      await page.waitForURL(/\/success$/);
      expect(errors).toEqual([]);
      const stored = (await dealerLeads(site, key, "?limit=1000")).filter((lead) => lead.values.email === email);
      expect(stored).toHaveLength(1);
      await page.context().close();
    });
  }
});

describe("test drive and service", () => {
  it("a test drive books one of the location's times", async () => {
    const page = await shopperPage(browser);
    await page.goto(siteUrl("metro-certified", "/book-test-drive"));
    await waitForHydration(page);
    const form = page.locator("#slot-form");
    const booking = form.getByLabel(/^Preferred date and time/);
    const options = await booking.locator("option").allTextContents();
    expect(options.length).toBeGreaterThan(1);
    await booking.selectOption({ index: Math.floor(Math.random() * (options.length - 1)) + 1 });
    const email = `drive-${Date.now()}@example.com`;
    await fillDetails(page, email);
    await form.getByRole("button", { name: "Submit Form" }).click();
    await page.waitForURL(/\/success$/);
    await page.context().close();
  });

  it("a service booking sends the checked additional services", async () => {
    const page = await shopperPage(browser);
    await page.goto(siteUrl("harbour-city-motors", "/service"));
    await waitForHydration(page);
    const form = page.locator("#slot-form");
    const email = `service-${Date.now()}@example.com`;
    await fillDetails(page, email);
    const location = form.getByLabel("Location");
    if ((await location.inputValue()) === "") await location.selectOption({ index: 1 });
    await form.getByLabel("Tyres").check();
    await form.getByLabel("Brakes").check();
    await form.getByLabel(/^Comments/).fill("Squeaky brakes.");
    await form.getByRole("button", { name: "Submit Form" }).click();
    await page.waitForURL(/\/success$/);
    const stored = (await dealerLeads("harbour-city-motors", "write-harbour-city-motors", "?limit=1000")).filter((lead) => lead.values.email === email);
    expect(stored[0]?.values).toMatchObject({ category: "Service Booking", additional_services: ["Tyres", "Brakes"] });
    await page.context().close();
  });
});
