import { calculateRepayment } from "@dealer/shared/rules";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoConfig } from "../support/finance";
import { launchChromium, siteUrl, waitForSlot, watchConsole } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const dollars = (text: string) => Number(text.replace(/[$,]/g, ""));

/** The repayment chart is a labelled chart: year and dollar axes, a legend naming each series, and one table of its figures. */
describe.each([
  { site: "harbour-city-motors", amount: 35000, tradeIn: 5000, residual: 8000, term: 3.5, interest: 12.5 },
  { site: "summit-auto-group", amount: 52000, tradeIn: 0, residual: 0, term: 5, interest: 8.5 },
])("repayment chart on $site /finance", ({ site, ...inputs }) => {
  it("labels the years and dollars from the inputs, names each series and tabulates the same years", async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(site, "/finance"));
    await waitForSlot(page, "finance");
    const calculator = page.locator("#finance-calculator");
    await calculator.getByLabel("Purchase price").fill(String(inputs.amount));
    await calculator.getByLabel("Deposit or trade-in").fill(String(inputs.tradeIn));
    await calculator.getByLabel("Residual / balloon").fill(String(inputs.residual));
    await calculator.getByLabel("Loan term").selectOption(String(inputs.term));
    await calculator.getByLabel("Interest rate (% p.a.)").fill(String(inputs.interest));
    const result = calculateRepayment({ ...inputs, frequency: "monthly", total: null }, demoConfig(site).finance);
    if (result.kind !== "repayment") throw new Error("expected a repayment");

    const chart = calculator.locator("figure.repayment-chart");
    const years = Array.from({ length: Math.ceil(inputs.term) }, (_, index) => String(index + 1));
    await expect.poll(() => chart.locator(".repayment-chart__x-tick").allTextContents()).toEqual(years);
    expect(await chart.locator("svg text").allTextContents()).toContain("Year");

    // Dollar ticks in the project's money format, from $0 up past the amount financed.
    const ticks = await chart.locator(".repayment-chart__y-tick text").allTextContents();
    for (const tick of ticks) expect(tick).toMatch(/^\$\d{1,3}(,\d{3})*$/);
    const values = ticks.map(dollars);
    expect(values[0]).toBe(0);
    expect(values.at(-2)).toBeLessThan(result.amountFinanced);
    expect(values.at(-1)).toBeGreaterThanOrEqual(result.amountFinanced);

    const legend = ["Principal paid", "Interest paid", "Balance owing", ...(inputs.residual > 0 ? ["Balloon $8,000"] : [])];
    expect(await chart.locator("figcaption .repayment-chart__key").allTextContents()).toEqual(legend);
    expect(await chart.locator(".repayment-chart__balloon").count()).toBe(inputs.residual > 0 ? 1 : 0);

    // One table, inside the figure, that the chart and its caption point to, with the chart's years as rows.
    expect(await calculator.locator("table").count()).toBe(1);
    const tableId = await chart.locator("table").getAttribute("id");
    expect(await chart.getByRole("img").getAttribute("aria-details")).toBe(tableId);
    expect(await chart.locator("figcaption a").getAttribute("href")).toBe(`#${tableId}`);
    expect(await chart.locator("table tbody th").allTextContents()).toEqual(years);
    expect(await chart.locator(":scope > figcaption:last-child").count()).toBe(1);

    // Following the caption's link opens the figures.
    await chart.locator("figcaption a").click();
    expect(await chart.locator("details").getAttribute("open")).not.toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("repayment chart motion", () => {
  it("eases its bars to new figures, and holds them still for a visitor who asks for reduced motion", async () => {
    for (const [reducedMotion, duration] of [["no-preference", "0.2s"], ["reduce", "0s"]] as const) {
      const page = await browser.newPage({ reducedMotion });
      await page.goto(siteUrl("harbour-city-motors", "/finance"));
      await waitForSlot(page, "finance");
      const bar = page.locator("#finance-calculator .repayment-chart__principal").first();
      expect(await bar.evaluate((element) => getComputedStyle(element).transitionDuration.split(",")[0])).toBe(duration);
      await page.close();
    }
  });
});
