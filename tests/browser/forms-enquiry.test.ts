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

const mfFormsScripts = (urls: string[]) => urls.filter((url) => /\/_mf\/mf-forms\/.+\.js$/.test(url));

describe("contact form", () => {
  for (const site of ["harbour-city-motors", "summit-auto-group"]) {
    it(`${site}: loads its form library on first focus, names each error in a focused list, then sends to /success`, async () => {
      const page = await shopperPage(browser);
      const errors = watchConsole(page);
      const requested: string[] = [];
      page.on("request", (request) => requested.push(request.url()));
      await page.goto(siteUrl(site, "/contact"));
      await waitForHydration(page);
      const form = page.locator("#slot-form");
      const atLoad = mfFormsScripts(requested);
      // The honeypot is in the markup but nowhere a shopper could see it.
      const trap = await form.locator(".enquiry-form__hp").boundingBox();
      expect(trap === null || trap.x + trap.width <= 0 || (trap.width <= 1 && trap.height <= 1)).toBe(true);

      await form.getByLabel("Name").focus();
      await expect.poll(() => mfFormsScripts(requested).length).toBeGreaterThan(atLoad.length);

      await form.getByRole("button", { name: "Submit Form" }).click();
      const summary = form.getByRole("alert").filter({ hasText: "Please fix the following errors:" });
      await summary.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toContain("enquiry-form__errors");
      for (const message of ["Please enter your name.", "Please enter a valid email address.", "Please enter a valid phone number.", "Invalid postcode. Please enter a 4-digit number.", "Please select a category.", "Please enter a message."]) {
        await summary.getByRole("link", { name: message }).waitFor();
      }
      // The dealer group asks for the terms to be agreed (spec §5).
      const terms = form.getByLabel("I agree to the terms of use");
      if (site === "summit-auto-group") await summary.getByRole("link", { name: "*You must agree to the terms of use before submitting.", exact: true }).waitFor();
      // The error list links to its field.
      await summary.getByRole("link", { name: "Please enter your name." }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("values.name");

      const email = `contact-${Date.now()}@example.com`;
      await form.getByLabel("Name").fill("Alex Shopper");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Phone").fill("0412 345 678");
      await form.getByLabel("Postcode").pressSequentially("40a0012");
      expect(await form.getByLabel("Postcode").inputValue()).toBe("4000");
      await form.getByLabel("Category").selectOption("Sales Enquiry");
      const location = form.getByLabel("Location");
      if ((await location.locator("option").count()) > 2) await location.selectOption({ index: 1 });
      else expect(await location.inputValue()).not.toBe("");
      await form.getByLabel(/^Comments/).fill("Do you have a white Hilux?");
      if (site === "summit-auto-group") await terms.check();
      await form.getByRole("button", { name: "Submit Form" }).click();
      await page.waitForURL(/\/success$/);
      expect(await page.evaluate(() => localStorage.getItem("dealer:success-category"))).toBe("Sales Enquiry");

      // A later form starts with the details the visitor gave.
      await page.goto(siteUrl(site, "/service"));
      await waitForHydration(page);
      const service = page.locator("#slot-form");
      await expect.poll(() => service.getByLabel("Email").inputValue()).toBe(email);
      expect(await service.getByLabel("Postcode").inputValue()).toBe("4000");
      expect(errors).toEqual([]);
      if (site === "harbour-city-motors") {
        const stored = (await dealerLeads(site, "write-harbour-city-motors", "?limit=1000")).filter((lead) => lead.values.email === email);
        expect(stored).toHaveLength(1);
        expect(stored[0]?.values).toMatchObject({ category: "Sales Enquiry", name: "Alex Shopper", message: "Do you have a white Hilux?" });
      }
      await page.context().close();
    });
  }

  it("a careers enquiry is sent as General Enquiry / Career Enquiry", async () => {
    const page = await shopperPage(browser);
    await page.goto(siteUrl("metro-certified", "/careers"));
    await waitForHydration(page);
    const form = page.locator("#slot-form");
    const email = `careers-${Date.now()}@example.com`;
    await form.getByLabel("Name").fill("Casey Applicant");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("+61 412 345 678");
    await form.getByLabel("Postcode").fill("2000");
    await form.getByLabel(/^Comments/).fill("I would like to apply as a sales consultant.");
    await form.getByRole("button", { name: "Submit Form" }).click();
    await page.waitForURL(/\/success$/);
    const stored = (await dealerLeads("metro-certified", "write-metro-certified", "?limit=1000")).filter((lead) => lead.values.email === email);
    expect(stored[0]?.values).toMatchObject({ category: "General Enquiry", subcategory: "Career Enquiry" });
    await page.context().close();
  });
});

describe("finance enquiry", () => {
  it("/finance-enquiry: the form's code loads on first focus and the lead carries the finance link's budget", async () => {
    const site = "harbour-city-motors";
    const page = await shopperPage(browser);
    const errors = watchConsole(page);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(siteUrl(site, "/finance-enquiry?vehiclePriceBudget=32990&car_type=used#finance-form"));
    await waitForHydration(page);
    expect(mfFormsScripts(requested)).toEqual([]);
    const form = page.locator("#finance-form");
    expect(await form.getByLabel(/^Vehicle price or budget/).inputValue()).toBe("32990");

    await form.getByLabel("Name").focus();
    await expect.poll(() => mfFormsScripts(requested).length).toBeGreaterThan(0);
    const email = `finance-${Date.now()}@example.com`;
    await form.getByLabel("Name").fill("Casey Finance");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("0412 555 666");
    await form.getByLabel("Postcode").fill("4000");
    await form.getByRole("button", { name: "Submit Form" }).click();
    await page.waitForURL(/\/success$/);
    expect(await page.evaluate(() => localStorage.getItem("dealer:success-category"))).toBe("Finance Enquiry");
    const stored = (await dealerLeads(site, "write-harbour-city-motors", "?limit=1000")).filter((lead) => lead.values.email === email);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored[0])).toContain("32990");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("a submit before the form's code has arrived (the form's code loads on first use)", () => {
  const sendFleetEnquiry = async (page: Page, email: string) => {
    const form = page.locator("#slot-form");
    await form.getByLabel("Name").fill("Early Bird");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("0412 345 678");
    await form.getByLabel("Postcode").fill("4000");
    await form.getByLabel(/^Comments/).fill("Six trail bikes.");
    // The slot has not hydrated yet: this submit beats its code.
    expect(await page.locator("#slot-form[data-hydrated]").count()).toBe(0);
    await form.getByRole("button", { name: "Submit Form" }).click();
    await page.waitForURL(/\/success$/);
  };
  const storedOnce = async (email: string) =>
    expect((await dealerLeads("ridge-motorcycles", "write-ridge-motorcycles", "?limit=1000")).filter((lead) => lead.values.email === email)).toHaveLength(1);
  const successCategory = (page: Page) => page.evaluate(() => localStorage.getItem("dealer:success-category"));

  it("waits for the code, then is checked and sent by it", async () => {
    const page = await shopperPage(browser);
    await page.goto(siteUrl("ridge-motorcycles", "/fleet"));
    await waitForHydration(page);
    await page.route("**/_mf/mf-forms/**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    const email = `early-${Date.now()}@example.com`;
    await sendFleetEnquiry(page, email);
    // Only the form's own script records the category for /success.
    expect(await successCategory(page)).toBeTruthy();
    await storedOnce(email);
    await page.context().close();
  });

  it("is posted as the plain form it is when the code never comes: the lead is not lost", async () => {
    const page = await shopperPage(browser);
    await page.goto(siteUrl("ridge-motorcycles", "/fleet"));
    await waitForHydration(page);
    await page.route("**/_mf/mf-forms/**/*.js", (route) => route.abort());
    const email = `no-code-${Date.now()}@example.com`;
    await sendFleetEnquiry(page, email);
    expect(await successCategory(page)).toBeNull();
    await storedOnce(email);
    await page.context().close();
  });
});

describe("a failed submit", () => {
  it("shows the alert and the server's error, keeps the values; a response without lead_id reads 'An unexpected error occured'", async () => {
    const page = await shopperPage(browser);
    const answers = [
      { status: 503, body: { message: "Sorry, we couldn't save your enquiry just now." } },
      { status: 200, body: {} },
    ];
    await page.route("**/api/leads", (route) => {
      const answer = answers.shift() ?? { status: 500, body: {} };
      return route.fulfill({ status: answer.status, contentType: "application/json", body: JSON.stringify(answer.body) });
    });
    await page.goto(siteUrl("ridge-motorcycles", "/fleet"));
    await waitForHydration(page);
    const form = page.locator("#slot-form");
    await form.getByLabel("Name").fill("Fleet Buyer");
    await form.getByLabel("Email").fill("fleet@example.com");
    await form.getByLabel("Phone").fill("(07) 3123 4567");
    await form.getByLabel("Postcode").fill("4000");
    await form.getByLabel(/^Comments/).fill("Ten bikes for couriers.");
    await form.getByRole("button", { name: "Submit Form" }).click();
    const alert = form.getByRole("alert").filter({ hasText: "An error occurred when submitting this form" });
    await alert.waitFor();
    await alert.getByText("Sorry, we couldn't save your enquiry just now.").waitFor();
    expect(await form.getByLabel("Name").inputValue()).toBe("Fleet Buyer");
    expect(await form.getByRole("button", { name: "Submit Form" }).isEnabled()).toBe(true);

    await form.getByRole("button", { name: "Submit Form" }).click();
    await form.getByRole("alert").getByText("An unexpected error occured").waitFor();
    expect(page.url()).toMatch(/\/fleet$/);
    await page.context().close();
  });
});
