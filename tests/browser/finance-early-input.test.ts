import { budgetFromRepayment, calculateRepayment, formatMoney, formatMoneyCents } from "@dealer/shared/rules";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoConfig } from "../support/finance";
import { holdRemoteCode, launchChromium, siteUrl, waitForSlot, watchConsole } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const SITE = "harbour-city-motors";

/**
 * /finance with mf-finance's code held back until `release`, as on a slow phone: every finance slot hydrates on first
 * touch, so a shopper types into the server's markup before the code that reads it has arrived (ADR 0130).
 */
async function financeWithCodeHeld(): Promise<{ page: Page; errors: string[]; release: () => void }> {
  const page = await browser.newPage();
  const errors = watchConsole(page);
  const release = await holdRemoteCode(page, "mf-finance");
  await page.goto(siteUrl(SITE, "/finance"));
  return { page, errors, release };
}

describe("what a shopper enters on /finance before its code has arrived", () => {
  it("the repayment calculator works its figure from what the boxes show once it hydrates, and goes on recalculating", { timeout: 60_000 }, async () => {
    const { page, errors, release } = await financeWithCodeHeld();
    const calculator = page.locator("#finance-calculator");
    await calculator.getByLabel("Purchase price").fill("35000");
    await calculator.getByLabel("Deposit or trade-in").fill("5000");
    await calculator.getByLabel("Residual / balloon").fill("8000");
    await calculator.getByLabel("Loan term").selectOption("3.5");
    await calculator.getByLabel("Interest rate (% p.a.)").fill("12.5");
    await calculator.getByRole("radio", { name: "Weekly" }).check();
    expect(await page.locator("#slot-finance[data-hydrated]").count()).toBe(0);

    release();
    await waitForSlot(page, "finance");
    const finance = demoConfig(SITE).finance;
    const inputs = { amount: 35000, tradeIn: 5000, residual: 8000, term: 3.5, interest: 12.5, frequency: "weekly" as const, total: null };
    const figure = (changes: Partial<typeof inputs> = {}) => {
      const result = calculateRepayment({ ...inputs, ...changes }, finance);
      if (result.kind !== "repayment") throw new Error("expected a repayment");
      return formatMoneyCents(result.repayment);
    };
    await expect.poll(() => page.getByTestId("repayment").innerText()).toBe(figure());
    expect(await calculator.getByText("Repayment per week").count()).toBe(1);
    // The box now shows its figure as the calculator writes it, and the Apply link carries the shopper's figures.
    expect(await calculator.getByLabel("Purchase price").inputValue()).toBe("35,000");
    const apply = new URL((await calculator.getByRole("link", { name: "Apply for Finance" }).getAttribute("href")) ?? "", "https://x");
    expect(apply.searchParams.get("deposit")).toBe("5000");
    expect(apply.searchParams.get("term_months")).toBe("42");

    await calculator.getByLabel("Purchase price").fill("36000");
    await expect.poll(() => page.getByTestId("repayment").innerText()).toBe(figure({ amount: 36000 }));
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the budget finder's budget is the period, repayment and deposit entered before it hydrated", { timeout: 60_000 }, async () => {
    const { page, errors, release } = await financeWithCodeHeld();
    const finder = page.locator("#slot-budget");
    await finder.scrollIntoViewIfNeeded();
    await finder.getByRole("radio", { name: "Monthly" }).check();
    // The label still says weekly: it is the server's markup until the code arrives.
    await finder.locator("input[name='repayment']").fill("900");
    await finder.getByLabel("Deposit or trade-in").fill("2000");
    expect(await page.locator("#slot-budget[data-hydrated]").count()).toBe(0);

    release();
    await waitForSlot(page, "budget");
    await expect.poll(() => page.getByTestId("budget").innerText()).toBe(formatMoney(budgetFromRepayment(900, "monthly", 2000)));
    expect(await finder.getByLabel("Monthly repayment").inputValue()).toBe("900");
    expect(errors).toEqual([]);
    await page.close();
  });
});
