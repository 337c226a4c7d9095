import { formatMoneyCents, isFinanceDisplayable } from "@dealer/shared/rules";
import { carSchema } from "@dealer/shared/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { demoConfig, waitForSlotWith } from "../support/finance";
import { fetchSite, launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const SITE = "harbour-city-motors";
const config = demoConfig(SITE);

/** A car of the site whose lender figures the provider's rules display, and a sold one. */
function demoCars() {
  const rows = query<{ data: string }>(`SELECT data FROM vehicles WHERE site = '${SITE}' AND status IN ('in_stock', 'sold') ORDER BY id LIMIT 400`);
  const cars = rows.map((row) => carSchema.parse(JSON.parse(row.data)));
  const financed = cars.find((car) => car.status === "in_stock" && isFinanceDisplayable(car, config.finance, new Date()));
  const sold = cars.find((car) => car.status === "sold");
  if (!financed || !sold) throw new Error("demo stock has no financed or sold car");
  return { financed, sold };
}

const composes = async (path: string, fragment: string, site = SITE) => (await (await fetchSite(site, path)).text()).includes(`data-fragment="${fragment}"`);

describe("finance on the vehicle page", () => {
  it("has the calculator at #finance-calculator starting at the car's price; a sold car has none", async () => {
    const { financed, sold } = demoCars();
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(SITE, `/cars/${financed.slug}#finance-calculator`));
    await waitForHydration(page);
    await waitForSlotWith(page, "#finance-calculator");
    const calculator = page.locator("#finance-calculator");
    expect(await calculator.getByRole("heading").innerText()).toContain(financed.name);
    const shownPrice = financed.offer_price && financed.offer_price > 10 ? financed.offer_price : financed.price;
    expect(await calculator.getByLabel("Purchase price").inputValue()).toBe(new Intl.NumberFormat("en-AU").format(shownPrice ?? 0));
    await calculator.getByRole("radio", { name: "Fortnightly" }).check();
    await calculator.getByText("Repayment per fortnight").waitFor();
    expect(await calculator.getByRole("link", { name: "Apply for Finance" }).getAttribute("href")).toContain(`car_id=${financed.id}`);
    expect(errors).toEqual([]);

    await page.goto(siteUrl(SITE, `/cars/${sold.slug}`));
    await waitForHydration(page);
    expect(await page.locator("#finance-calculator").count()).toBe(0);
    await page.close();
  });

  // The vehicle page's slot plan is issue 10's; these run once it composes the FinanceBox and EstimatePanel fragments.
  it("shows the lender's finance box and the estimate panel with its disclaimer dialog", async ({ skip }) => {
    const { financed } = demoCars();
    const path = `/cars/${financed.slug}`;
    if (!(await composes(path, "FinanceBox")) || !(await composes(path, "EstimatePanel"))) skip();
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(SITE, path));
    await waitForHydration(page);
    const entry = financed.finance_lenders[config.finance.provider];
    await waitForSlotWith(page, ".finance-box");
    await waitForSlotWith(page, ".estimate-panel");
    const box = page.locator(".finance-box");
    expect(await box.innerText()).toContain(formatMoneyCents(entry?.paymentWeek ?? 0));
    expect(await box.getByRole("link", { name: config.vehicle.financeButtonLabel }).getAttribute("href")).toMatch(/#finance-form$/);

    const panel = page.locator(".estimate-panel");
    await panel.scrollIntoViewIfNeeded();
    // The same figure as the box: the lender's weekly payment (ADR 0038).
    expect(await panel.getByTestId("estimate-repayment").innerText()).toBe(formatMoneyCents(entry?.paymentWeek ?? 0));
    const opener = panel.getByRole("button", { name: "View disclaimer" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Finance disclaimer" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("View disclaimer");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("asks for a YouX-style quote once where the site wants one, and shows it", async ({ skip }) => {
    const site = "metro-certified";
    const row = query<{ slug: string }>(`SELECT slug FROM vehicles WHERE site = '${site}' AND status = 'in_stock' AND json_extract(data, '$.price') > 5000 AND json_extract(data, '$.youxQuote') IS NULL AND json_extract(data, '$.finance_lenders.carclarity') IS NULL LIMIT 1`)[0];
    if (!row || !(await composes(`/cars/${row.slug}`, "EstimatePanel", site))) skip();
    const page = await browser.newPage();
    const errors = watchConsole(page);
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/youx/quote")) requests.push(request.postData() ?? "");
    });
    await page.goto(siteUrl(site, `/cars/${row?.slug}`));
    await waitForHydration(page);
    await waitForSlot(page, "estimate");
    const panel = page.locator("#slot-estimate");
    // A car without an advertised repayment: the fetched quote becomes its figure (no figure before it, ADR 0063).
    await panel.getByRole("heading", { name: "Your finance quote" }).waitFor();
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0] ?? "{}")).toMatchObject({ selfAssessedCreditScore: "GREAT", loanTerm: 5, whoIsHelping: "" });
    expect(await panel.getByTestId("comparison-rate").innerText()).not.toBe("-");
    expect(errors).toEqual([]);
    await page.close();
  });
});
