import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "../config/defaults";
import { budgetBodyTypes, budgetButton, budgetDefaults, budgetFromRepayment, budgetSearchUrl, parseBudgetInput } from "./budget";

describe("budget finder", () => {
  it("budget = repayment x 52 or 12 x 5 + deposit, rounded", () => {
    expect(budgetFromRepayment(200, "weekly", 2000)).toBe(54000);
    expect(budgetFromRepayment(600, "monthly", 2000)).toBe(38000);
    expect(budgetFromRepayment(99.99, "weekly", 0)).toBe(25997);
  });
  it("inputs: invalid becomes 0, clamped to 0..1,000,000", () => {
    expect(parseBudgetInput("abc")).toBe(0);
    expect(parseBudgetInput("$1,200")).toBe(1200);
    expect(parseBudgetInput(-5)).toBe(0);
    expect(parseBudgetInput("2000000")).toBe(1_000_000);
    expect(parseBudgetInput(Number.NaN)).toBe(0);
  });
  it("defaults: weekly, 200 weekly / 600 monthly, deposit 2000", () => {
    expect(budgetDefaults(defaultSiteConfig.budget)).toEqual({ period: "weekly", repayment: 200, deposit: 2000 });
    expect(budgetDefaults({ ...defaultSiteConfig.budget, defaultPeriod: "monthly" })).toEqual({ period: "monthly", repayment: 600, deposit: 2000 });
  });
  it("disabled below the lowest price, with either wording", () => {
    expect(budgetButton(9000, 10000, "SUV", "noneFound")).toEqual({ disabled: true, label: "No SUVs found for this budget" });
    expect(budgetButton(9000, 10000, "SUV", "zeroFound")).toEqual({ disabled: true, label: "0 SUVs Found" });
    expect(budgetButton(10000, 10000, "SUV", "zeroFound")).toEqual({ disabled: false, label: "View SUVs In This Range" });
  });
  it("search URL caps the budget to the max price, 100,000 when unknown", () => {
    expect(budgetSearchUrl(54000, 80000)).toBe("/search?range%5Bprice%5D=:54000");
    expect(budgetSearchUrl(154000, 80000)).toBe("/search?range%5Bprice%5D=:80000");
    expect(budgetSearchUrl(154000, null)).toBe("/search?range%5Bprice%5D=:100000");
  });
  it("body types: limit 4 (20 custom), count desc then name desc", () => {
    expect(budgetBodyTypes({ sedan: 5, suv: 9, ute: 5, hatch: 2, wagon: 1 }, false)).toEqual(["suv", "ute", "sedan", "hatch"]);
  });
  it("property: the budget is never negative", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double()), fc.constantFrom("weekly" as const, "monthly" as const), fc.oneof(fc.string(), fc.double()), (r, period, d) => {
        const budget = budgetFromRepayment(parseBudgetInput(r), period, parseBudgetInput(d));
        return budget >= 0 && Number.isFinite(budget);
      }),
    );
  });
});
