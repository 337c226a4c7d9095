import { describe, expect, it } from "vitest";
import type { FinanceProvider } from "../config/site-config";
import { financeEntryFor, isFinanceDisplayable } from "./finance-eligibility";
import { makeCar } from "./test-fixtures";

const now = new Date("2025-06-10T00:00:00Z");
const entry = { interestRate: 6.29, comparisonRate: 8.19, paymentWeek: 120, paymentMonth: 520 };
const rules = (provider: FinanceProvider) => ({ provider, excludedManufacturers: [], excludedDealerships: [] });
const carWith = (provider: string, overrides = {}, lender: Record<string, unknown> = entry) =>
  makeCar({ finance_lenders: { [provider]: lender }, ...overrides });

describe("finance display eligibility", () => {
  it("needs a non-empty entry for the configured provider with both rates", () => {
    expect(isFinanceDisplayable(carWith("manual"), rules("manual"), now)).toBe(true);
    expect(isFinanceDisplayable(carWith("angle"), rules("manual"), now)).toBe(false);
    expect(financeEntryFor(carWith("manual", {}, { disclaimer: null }), "manual")).toBeNull();
    expect(isFinanceDisplayable(carWith("manual", {}, { ...entry, comparisonRate: null }), rules("manual"), now)).toBe(false);
  });

  it("excluded manufacturer and excluded dealerships come from configuration", () => {
    const car = carWith("manual");
    expect(isFinanceDisplayable(car, { ...rules("manual"), excludedManufacturers: ["toyota"] }, now)).toBe(false);
    expect(isFinanceDisplayable(car, { ...rules("manual"), excludedDealerships: ["harbour-city-toyota"] }, now)).toBe(false);
    expect(isFinanceDisplayable(car, { ...rules("manual"), excludedDealerships: ["1"] }, now)).toBe(false);
  });

  it("Taurus-type: year newer than current year minus 12, price above 500, in stock", () => {
    expect(isFinanceDisplayable(carWith("taurus", { year: 2014 }), rules("taurus"), now)).toBe(true);
    expect(isFinanceDisplayable(carWith("taurus", { year: 2013 }), rules("taurus"), now)).toBe(false);
    expect(isFinanceDisplayable(carWith("taurus", { price: 500 }), rules("taurus"), now)).toBe(false);
    expect(isFinanceDisplayable(carWith("taurus", { status: "sold" }), rules("taurus"), now)).toBe(false);
  });

  it("360 Finance-type and AusLoans-type: in stock only", () => {
    for (const provider of ["finance360", "ausloans"] as const) {
      expect(isFinanceDisplayable(carWith(provider, { price: 100 }), rules(provider), now)).toBe(true);
      expect(isFinanceDisplayable(carWith(provider, { status: "sold" }), rules(provider), now)).toBe(false);
    }
  });

  it("Manual, Angle-type, Powertorque-type: price above 500, in stock, weekly payment present", () => {
    for (const provider of ["manual", "angle", "powertorque"] as const) {
      expect(isFinanceDisplayable(carWith(provider), rules(provider), now)).toBe(true);
      expect(isFinanceDisplayable(carWith(provider, { price: 500 }), rules(provider), now)).toBe(false);
      expect(isFinanceDisplayable(carWith(provider, {}, { ...entry, paymentWeek: null }), rules(provider), now)).toBe(false);
    }
  });

  it("Nissan-type: price above 500, in stock, monthly payment present", () => {
    expect(isFinanceDisplayable(carWith("nissan"), rules("nissan"), now)).toBe(true);
    expect(isFinanceDisplayable(carWith("nissan", {}, { ...entry, paymentMonth: null }), rules("nissan"), now)).toBe(false);
  });
});
