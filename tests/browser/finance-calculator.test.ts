import { calculateRepayment, financeEstimate, formatMoneyCents, priceHelpText } from "@dealer/shared/rules";
import type { RepaymentFrequency } from "@dealer/shared/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsWithId, watchBeaconEvents } from "../support/analytics";
import { analyticsEvents, BROKEN_NUMBER, demoConfig } from "../support/finance";
import { launchChromium, siteUrl, waitForSlot, watchConsole } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function openCalculator(site: string, path: string) {
  const page = await browser.newPage();
  const errors = watchConsole(page);
  await page.goto(siteUrl(site, path));
  await waitForSlot(page, "finance");
  return { page, errors, calculator: page.locator("#finance-calculator") };
}

const repaymentText = (page: Page) => page.getByTestId("repayment").innerText();

describe("repayment calculator on /finance (Taurus-type lender: fee 1360.5, $5,000 minimum, 7.5-14.5%)", () => {
  const site = "harbour-city-motors";
  const finance = demoConfig(site).finance;

  it("starts at the finance link's vehiclePriceBudget and recalculates on every change, matching the shared maths", async () => {
    const { page, errors, calculator } = await openCalculator(site, "/finance?vehiclePriceBudget=40000");
    const sent = watchBeaconEvents(page);
    const price = calculator.getByLabel("Purchase price");
    expect(await price.inputValue()).toBe("40,000");
    const inputs = { amount: 40000, tradeIn: 0, residual: 0, term: 5, interest: finance.defaultInterestRate, frequency: "monthly" as RepaymentFrequency, total: null };
    const expected = (changes: Partial<typeof inputs>) => {
      const result = calculateRepayment({ ...inputs, ...changes }, finance);
      if (result.kind !== "repayment") throw new Error("expected a repayment");
      return result;
    };
    expect(await repaymentText(page)).toBe(formatMoneyCents(expected({}).repayment));
    expect(await calculator.getByText("Establishment fee (financed)").count()).toBe(1);

    await price.fill("35000");
    expect(await price.inputValue()).toBe("35,000");
    await calculator.getByLabel("Deposit or trade-in").fill("5000");
    await calculator.getByLabel("Residual / balloon").fill("8000");
    await calculator.getByLabel("Loan term").selectOption("3.5");
    await calculator.getByLabel("Interest rate (% p.a.)").fill("12.5");
    await calculator.getByRole("radio", { name: "Weekly" }).check();
    const result = expected({ amount: 35000, tradeIn: 5000, residual: 8000, term: 3.5, interest: 12.5, frequency: "weekly" });
    await expect.poll(() => repaymentText(page)).toBe(formatMoneyCents(result.repayment));
    expect(await calculator.getByText("Repayment per week").count()).toBe(1);
    expect(await page.getByTestId("total").innerText()).toBe(formatMoneyCents(result.total));

    // The chart is there with a text alternative a screen reader reads.
    const chart = calculator.getByRole("img", { name: /Loan balance and repayments by year/ });
    expect(await chart.count()).toBe(1);
    expect(await calculator.locator(".repayment-chart__summary").innerText()).toContain("over 3.5 years");

    // Analytics event 26 fired once for all those changes, through the shared module: the tag manager's dataLayer and the beacon.
    expect((await analyticsEvents(page)).filter((event) => event.eventId === 26)).toHaveLength(1);
    await expect.poll(() => eventsWithId(sent, 26).length).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("holds the lender's bounds with the spec's texts, and bad input never shows NaN", async () => {
    const { page, errors, calculator } = await openCalculator(site, "/finance");
    const price = calculator.getByLabel("Purchase price");
    const help = priceHelpText(finance.calculator);
    expect(help).toBe("Cannot be less than $5,000 or more than $250,000");
    await price.fill("4000");
    await calculator.getByText(help).first().waitFor();
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    await price.fill("$1,000,000.00");
    expect(await price.inputValue()).toBe("1,000,000");
    await calculator.getByText(help).first().waitFor();
    for (const bad of ["abc", "-5", "", "1e308"]) {
      await price.fill(bad);
      expect(await calculator.innerText()).not.toMatch(BROKEN_NUMBER);
    }
    const rate = calculator.getByLabel("Interest rate (% p.a.)");
    await rate.fill("20");
    await calculator.getByText("Cannot be less than 7.5% or more than 14.5%").first().waitFor();
    expect(await calculator.getByLabel("Loan term").locator("option").allInnerTexts()).toEqual(
      ["1 year", "1.5 years", "2 years", "2.5 years", "3 years", "3.5 years", "4 years", "4.5 years", "5 years", "5.5 years", "6 years", "6.5 years", "7 years"],
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it("is keyboard operable: arrow keys step the price, quick picks set it, the disclaimer toggles", async () => {
    const { page, calculator } = await openCalculator(site, "/finance");
    const price = calculator.getByLabel("Purchase price");
    await price.focus();
    await page.keyboard.press("ArrowUp");
    expect(await price.inputValue()).toBe("31,000");
    await calculator.getByRole("button", { name: "$70,000" }).click();
    expect(await price.inputValue()).toBe("70,000");
    expect(await calculator.getByRole("button", { name: "$70,000" }).getAttribute("aria-pressed")).toBe("true");

    const toggle = page.locator("#financeDisclaimer").getByRole("button", { name: "Show More" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const less = page.locator("#financeDisclaimer").getByRole("button", { name: "Show Less" });
    expect(await less.getAttribute("aria-expanded")).toBe("true");
    await less.click();
    expect(await page.locator("#financeDisclaimer").getByRole("button", { name: "Show More" }).count()).toBe(1);
    await page.close();
  });
});

describe("repayment calculator on a dealer group (360 Finance-type lender, group rate 8.5)", () => {
  const site = "summit-auto-group";

  it("starts at 8.5% within 0.5-15, reads 'Enquire for Finance' as a finance link at 25 or less", async () => {
    const { page, errors, calculator } = await openCalculator(site, "/apply-for-finance");
    const sent = watchBeaconEvents(page);
    expect(await calculator.getByLabel("Interest rate (% p.a.)").inputValue()).toBe("8.5");
    expect(await calculator.getByLabel("Interest rate (% p.a.)").getAttribute("max")).toBe("15");
    await calculator.getByLabel("Purchase price").fill("6000");
    await calculator.getByLabel("Deposit or trade-in").fill("5000");
    const enquire = calculator.getByRole("link", { name: "Enquire for Finance" });
    await enquire.waitFor();
    // To the enquiry form with the calculator's inputs; no repayment to carry.
    const href = new URL((await enquire.getAttribute("href")) ?? "", "http://dealer.example");
    expect(href.pathname + href.hash).toBe(`${demoConfig(site).finance.financePath}#finance-form`);
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ vehiclePriceBudget: "6000", deposit: "5000", interest_rate: "8.5", frequency: "monthly" });
    expect(href.searchParams.has("repayment")).toBe(false);
    expect(await page.getByTestId("total").innerText()).toBe("");
    expect(await calculator.getByRole("img").count()).toBe(0);
    // Event 26 on this site too: once for both changes.
    await expect.poll(() => eventsWithId(sent, 26).length).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("answers /finance-enquiry with the same tools", async () => {
    const { page, calculator } = await openCalculator(site, "/finance-enquiry?vehiclePriceBudget=52000");
    expect(await calculator.getByLabel("Purchase price").inputValue()).toBe("52,000");
    await page.close();
  });
});

describe("repayment calculator on the Angle-type lender's site (4-20%)", () => {
  it("takes rates from 4 to 20 and refuses 3.5", async () => {
    const { page, calculator } = await openCalculator("ridge-motorcycles", "/finance");
    const rate = calculator.getByLabel("Interest rate (% p.a.)");
    expect([await rate.getAttribute("min"), await rate.getAttribute("max")]).toEqual(["4", "20"]);
    await rate.fill("19.5");
    await calculator.getByText("4% to 20% in 0.5% steps").waitFor();
    await rate.fill("3.5");
    // The field says why, and so does the result in place of a figure (ADR 0063).
    await calculator.getByText("Cannot be less than 4% or more than 20%").first().waitFor();
    expect(await calculator.getByTestId("repayment-refused").innerText()).toBe("Cannot be less than 4% or more than 20%");
    expect(await calculator.getByTestId("repayment").count()).toBe(0);
    await page.close();
  });
});

describe("finance estimate on /finance", () => {
  it("estimates the finance link's price at the site's rate and opens its disclaimer in a dialog", async () => {
    const { page, errors } = await openCalculator("summit-auto-group", "/finance?vehiclePriceBudget=40000");
    await waitForSlot(page, "estimate");
    const panel = page.locator(".estimate-panel");
    expect(await panel.getByTestId("estimate-repayment").innerText()).toBe(formatMoneyCents(financeEstimate(40000, 8.5).monthly));
    expect(await panel.getByTestId("advertised-rate").innerText()).toBe("8.50%");
    expect(await panel.getByTestId("comparison-rate").innerText()).toBe("8.50%");
    await panel.getByRole("button", { name: "View disclaimer" }).click();
    const dialog = page.getByRole("dialog", { name: "Finance disclaimer" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("View disclaimer");
    expect(errors).toEqual([]);
    await page.close();
  });
});
