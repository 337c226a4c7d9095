import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerLeads } from "../support/leads";
import { launchChromium, siteUrl } from "../support/platform";
import { comparableCar } from "../support/trade-in";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("forms before (or without) their script", () => {
  it("a finance enquiry from a finance link posts as a plain form and lands on /success", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "cf-connecting-ip": `192.0.2.1-${Date.now()}` } });
    const page = await context.newPage();
    await page.goto(siteUrl("harbour-city-motors", "/finance-enquiry?vehiclePriceBudget=32990&car_type=used#finance-form"));
    const form = page.locator("#finance-form");
    expect(await form.getByLabel(/^Vehicle price or budget/).inputValue()).toBe("32990");
    const email = `nojs-${Date.now()}@example.com`;
    await form.getByLabel("Name").fill("Robin Plain");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("0412 000 111");
    await form.getByLabel("Postcode").fill("4000");
    await form.getByRole("button", { name: "Submit Form" }).click();
    await page.waitForURL(/\/success$/);
    await page.getByRole("heading", { name: "Thank you" }).waitFor();
    const stored = (await dealerLeads("harbour-city-motors", "write-harbour-city-motors", "?limit=1000")).filter((lead) => lead.values.email === email);
    expect(stored).toHaveLength(1);
    await context.close();
  });

  for (const site of ["harbour-city-motors", "outback-trucks"]) {
  it(`${site}: a trade-in posted as a plain form answers with its valuation and offer; Accept posts the acceptance once`, async () => {
    const car = await comparableCar(site);
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "cf-connecting-ip": `192.0.2.3-${Date.now()}` } });
    const page = await context.newPage();
    await page.goto(siteUrl(site, "/trade-in"));
    const form = page.locator("#slot-form");
    await form.getByLabel("Make").fill(car.make);
    await form.getByLabel("Model").fill(car.model);
    await form.getByLabel("Year").fill(String(car.year));
    await form.getByLabel("Odometer").fill("30,000");
    await form.getByRole("group", { name: "Has the vehicle been in an accident?" }).getByLabel("No").check();
    const email = `nojs-trade-${Date.now()}@example.com`;
    await form.getByLabel("Name").fill("Plain Trader");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("0400 222 333");
    await form.getByLabel("Postcode").fill("4000");
    await form.getByRole("button", { name: "Submit Form" }).click();

    await page.getByRole("heading", { name: "Your online valuation" }).waitFor();
    expect(await page.locator(".trade-in-offer__range").innerText()).toMatch(/^\$[\d,]+ – \$[\d,]+$/);
    const offer = Number((await page.locator(".trade-in-offer__offer").innerText()).replace(/[$,]/g, ""));
    expect(offer).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Accept offer" }).click();
    await page.waitForURL(/\/success$/);
    const leads = (await dealerLeads(site, `write-${site}`, "?limit=1000")).filter((lead) => lead.values.email === email);
    const kinds = leads.map((lead) => (lead as unknown as { kind: string }).kind).sort();
    expect(kinds).toEqual(["offer_acceptance", "trade_in"]);
    expect(leads.find((lead) => lead.values.subcategory === "3. Offer Accepted")).toBeDefined();
    await context.close();
  });
  }

  it("a bad plain post answers a page naming each error, with a link back", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "cf-connecting-ip": `192.0.2.2-${Date.now()}` } });
    const page = await context.newPage();
    await page.goto(siteUrl("summit-auto-group", "/vehicle-parts-and-accessories"));
    const form = page.locator("#slot-form");
    await form.getByLabel("Postcode").fill("12");
    await form.getByRole("button", { name: "Submit Form" }).click();
    await page.getByRole("heading", { name: "Please fix the following errors:" }).waitFor();
    await page.getByText("Invalid postcode. Please enter a 4-digit number.").waitFor();
    await page.getByText("Please enter your name.").waitFor();
    await page.getByRole("link", { name: "Back to the form" }).click();
    await page.waitForURL(/\/vehicle-parts-and-accessories$/);
    await context.close();
  });
});
