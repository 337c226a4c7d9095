import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newClient, signInOnPage } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { dealerLeads } from "../support/leads";
import { launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";

const SITE = "harbour-city-motors";
const KEY = "write-harbour-city-motors";

describe("know your credit score in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("sends the shopper to sign-in, back to the page, and takes the enquiry only with the consent", { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ extraHTTPHeaders: newClient() });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(SITE, "/credit-score"));
    const signInUrl = new URL(page.url());
    expect(signInUrl.pathname).toBe("/sign-in");
    expect(Object.fromEntries(signInUrl.searchParams)).toEqual({ type: "credit-check", redirect: "/credit-score", back: "/credit-score" });
    await page.getByText("Sign in to check your credit score with our finance team.").waitFor();

    const phone = await signInOnPage(page, SITE, siteUrl(SITE, "/credit-score"));
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Know your credit score");
    const form = page.locator("#slot-form form");
    const shownPhone = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    expect(await form.getByLabel("Phone").inputValue()).toBe(shownPhone);
    expect(await axeViolations(page)).toEqual([]);

    const email = `credit-${Date.now()}@example.com`;
    await form.getByLabel("Name").fill("Jo Citizen");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Postcode").fill("4000");
    await form.getByLabel("Name").focus();
    await waitForSlot(page, "form");
    // Without the consent the form says what is missing and sends nothing.
    await form.getByRole("button", { name: "Submit Form" }).click();
    await form.getByRole("alert").getByText("Please give your consent to the credit check.").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await form.getByLabel(/I consent to the dealership and its finance partners obtaining my credit report/).check();
    await form.getByRole("button", { name: "Submit Form" }).click();
    await page.waitForURL(siteUrl(SITE, "/success"));
    const [lead] = (await dealerLeads(SITE, KEY, "?limit=1000")).filter((stored) => stored.values.email === email);
    expect(lead?.values).toMatchObject({ subcategory: "Credit check", phone: shownPhone });
    expect((lead as unknown as { credit_check: { consent: boolean } }).credit_check.consent).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
