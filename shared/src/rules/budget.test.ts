import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "../config/defaults";
import {
  BUDGET_DISCLAIMER,
  budgetBasisText,
  budgetBodyTypes,
  budgetButton,
  budgetCarType,
  budgetDefaults,
  budgetFromRepayment,
  budgetSearchUrl,
  parseBudgetInput,
} from "./budget";

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
  it("property: the budget is held to 0 to 1,000,000 like its inputs", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double()), fc.constantFrom("weekly" as const, "monthly" as const), fc.oneof(fc.string(), fc.double()), (r, period, d) => {
        const budget = budgetFromRepayment(parseBudgetInput(r), period, parseBudgetInput(d));
        return budget >= 0 && budget <= 1_000_000 && Number.isFinite(budget);
      }),
    );
    // The issue's $60,003,500: a repayment of $230,770 a week.
    expect(budgetFromRepayment(230_770, "weekly", 3500)).toBe(1_000_000);
  });
  it("states its basis and the spec's disclaimer (5 years; no interest, fees or balloon)", () => {
    expect(budgetBasisText(200, "weekly", 2000)).toBe("5 years of weekly repayments of $200 plus a $2,000 deposit or trade-in.");
    expect(BUDGET_DISCLAIMER).toMatch(/5-year term and includes no interest, fees or balloon amounts/);
  });
  it("names a chosen body with the site's noun unless cars' bodies are nouns", () => {
    expect(budgetCarType(["SUV"], "Car")).toBe("SUV");
    expect(budgetCarType(["Naked"], "Motorcycle")).toBe("Naked Motorcycle");
    expect(budgetCarType(["Naked", "Adventure"], "Motorcycle")).toBe("Motorcycle");
    expect(budgetCarType([], "Truck")).toBe("Truck");
  });
});
