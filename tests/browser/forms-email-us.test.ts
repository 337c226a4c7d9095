import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { dealerLeads, shopperPage } from "../support/leads";
import { fetchSite, launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function inStockCar(site: string): Promise<{ slug: string; id: number; stocknum: string }> {
  const response = await fetchSite(site, "/1/indexes/Car_production/query", {
    method: "POST",
    headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${site}`, "content-type": "application/json" },
    body: JSON.stringify({ filters: "status:in_stock AND NOT tag:\"Test Drive Only\"", hitsPerPage: 1 }),
  });
  const { hits } = (await response.json()) as { hits: { slug: string; id: number; stocknum: string }[] };
  if (!hits[0]) throw new Error("no in-stock car");
  return hits[0];
}

const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest("dialog.email-us-dialog") !== null && document.activeElement !== null);

/** Opens the dialog from a trigger; checks its name, focus, trap, axe; Escape closes it and focus returns. */
async function checkDialog(page: Page, trigger: ReturnType<Page["locator"]>) {
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Email Us" });
  await dialog.waitFor();
  expect(await focusInDialog(page)).toBe(true);
  expect(await axeViolations(page, ["dialog.email-us-dialog"])).toEqual([]);
  // Tab and Shift+Tab go round inside the dialog, never to the page behind.
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press("Tab");
    expect(await focusInDialog(page), `after ${i + 1} Tabs`).toBe(true);
  }
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusInDialog(page), `after ${i + 1} Shift+Tabs`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
}

async function sendFromDialog(page: Page, email: string) {
  const dialog = page.getByRole("dialog", { name: "Email Us" });
  await dialog.getByLabel("Name").fill("Dana Dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Phone").fill("0412 345 678");
  await dialog.getByLabel("Postcode").fill("4000");
  const comments = dialog.getByLabel(/^Comments/);
  if (!(await comments.inputValue())) await comments.fill("Is it still available?");
  await dialog.getByRole("button", { name: "Submit Form" }).click();
  await page.waitForURL(/\/success$/);
}

// A car dealer and a truck dealer, on different templates (the key reads the site's own dealership's leads).
describe.each(["harbour-city-motors", "outback-trucks"])("the Email Us dialog on %s", (SITE) => {
  const KEY = `write-${SITE}`;
  it("opens from a search card: its code loads on approach, not with /search; trapped focus, Escape; a submit stores a lead about that car", async () => {
    const page = await shopperPage(browser);
    const errors = watchConsole(page);
    const formsRequests: string[] = [];
    page.on("request", (request) => {
      // mf-forms' dialog and the shell's opener chunk.
      if (request.url().includes("/_mf/mf-forms/") || /\/email-us\.[0-9a-f]+\.js$/.test(request.url())) formsRequests.push(request.url());
    });
    await page.goto(siteUrl(SITE, "/search"));
    await waitForHydration(page);
    expect(formsRequests).toEqual([]);

    const trigger = page.locator("#slot-search [data-email-us]").first();
    const slug = (await trigger.getAttribute("data-email-us")) ?? "";
    expect(await trigger.getAttribute("href")).toBe(`/cars/${slug}#slot-enquiry`);
    await trigger.hover();
    await expect.poll(() => formsRequests.some((url) => url.includes("/email-us.")) && formsRequests.some((url) => url.includes("/_mf/mf-forms/")), { timeout: 10_000 }).toBe(true);
    await checkDialog(page, trigger);

    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Email Us" });
    await dialog.waitFor();
    // The car's enquiry defaults travel with the form.
    const carId = Number(await dialog.locator("input[name='car_id']").inputValue());
    expect(await dialog.locator("input[name='defaults.car_id']").inputValue()).toBe(String(carId));
    expect(await dialog.locator("input[name='defaults.dealership_slug']").inputValue()).not.toBe("");
    const email = `dialog-card-${Date.now()}@example.com`;
    await sendFromDialog(page, email);
    const stored = (await dealerLeads(SITE, KEY, "?limit=1000")).filter((lead) => lead.values.email === email);
    expect(stored).toHaveLength(1);
    expect((stored[0] as unknown as { car_id: number }).car_id).toBe(carId);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("opens from the vehicle page's Enquire button with the car's enquiry defaults; Close returns focus; a submit stores the lead", async () => {
    const car = await inStockCar(SITE);
    const page = await shopperPage(browser);
    const errors = watchConsole(page);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    await waitForHydration(page);
    const trigger = page.locator(".vehicle-detail__actions [data-email-us]");
    expect(await trigger.getAttribute("aria-haspopup")).toBe("dialog");
    await checkDialog(page, trigger);

    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Email Us" });
    await dialog.waitFor();
    expect(await dialog.locator("input[name='defaults.stock_number']").inputValue()).toBe(car.stocknum);
    expect(await dialog.locator("input[name='defaults.car_id']").inputValue()).toBe(String(car.id));
    // Its own ids: the page's inline form has the same fields.
    expect(await page.locator("#slot-enquiry input[name='values.name']").count()).toBe(1);
    expect(await page.evaluate(() => new Set([...document.querySelectorAll("[id]")].map((element) => element.id)).size === document.querySelectorAll("[id]").length)).toBe(true);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);

    await trigger.click();
    await dialog.waitFor();
    const email = `dialog-vehicle-${Date.now()}@example.com`;
    await sendFromDialog(page, email);
    const stored = (await dealerLeads(SITE, KEY, "?limit=1000")).filter((lead) => lead.values.email === email);
    expect(stored).toHaveLength(1);
    expect((stored[0] as unknown as { car_id: number }).car_id).toBe(car.id);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("without the shell's script the button is a link to the car's inline enquiry form", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl(SITE, "/search"));
    const trigger = page.locator("#slot-search [data-email-us]").first();
    const slug = await trigger.getAttribute("data-email-us");
    await trigger.click();
    await page.waitForURL(new RegExp(`/cars/${slug}#slot-enquiry$`));
    expect(await page.locator("#slot-enquiry form[action='/api/leads']").count()).toBe(1);
    await context.close();
  });
});
