import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("enquiry form", () => {
  it("names each bad field, then stores the lead and shows /success", async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl("harbour-city-motors", "/contact"));
    await waitForHydration(page);
    const form = page.locator("#slot-form");
    await form.getByRole("button", { name: "Submit Form" }).click();
    await form.getByText("Please fix the following errors:").first().waitFor();

    const email = `shopper-${Date.now()}@example.com`;
    await form.getByLabel("Name").fill("Alex Shopper");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("0412 345 678");
    await form.getByLabel("Postcode").fill("40");
    await form.getByLabel(/^Comments/).fill("Do you have a white Hilux?");
    // The contact form asks which kind of enquiry and which location (issue 11).
    await form.getByLabel("Category").selectOption("General Enquiry");
    await form.getByLabel("Location").selectOption({ index: 1 });
    await form.getByRole("button", { name: "Submit Form" }).click();
    await form.getByText("Invalid postcode. Please enter a 4-digit number.").first().waitFor();

    await form.getByLabel("Postcode").fill("4000");
    await form.getByRole("button", { name: "Submit Form" }).click();
    await page.waitForURL(/\/success$/);
    expect(errors).toEqual([]);
    const stored = query<{ count: number }>(`SELECT COUNT(*) AS count FROM leads WHERE site = 'harbour-city-motors' AND data LIKE '%${email}%'`);
    expect(stored[0]?.count).toBe(1);
    await page.close();
  });
});

describe("locations", () => {
  it("the dealer group's locator lists its locations with today's hours and a week toggle", async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl("summit-auto-group", "/dealer-locator"));
    await waitForHydration(page);
    const cards = page.locator(".location-card");
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    const first = cards.first();
    const toggle = first.getByRole("button", { name: "Show all hours" });
    await toggle.click();
    await expect(first.getByRole("button", { name: "Hide hours" }).getAttribute("aria-expanded")).resolves.toBe("true");
    expect(errors).toEqual([]);
    await page.close();
  });
});
