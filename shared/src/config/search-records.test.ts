import { describe, expect, it } from "vitest";
import { changesSearchRecords } from "./search-records";

const SITE = "harbour-city-motors";
const stored = (override: Record<string, unknown>, template = "car-dealer") => ({ template, override });

describe("which configuration changes reach the search records (ADR 0055)", () => {
  const before = stored({ finance: { provider: "taurus", establishmentFee: 1360.5 }, theme: { logoText: "Harbour" } });

  it("a change to what a car's repayment depends on does", () => {
    expect(changesSearchRecords(SITE, before, stored({ finance: { provider: "taurus", establishmentFee: 990 }, theme: { logoText: "Harbour" } }))).toBe(true);
    expect(changesSearchRecords(SITE, before, stored({ ...before.override, finance: { provider: "angle", establishmentFee: 1360.5 } }))).toBe(true);
    expect(changesSearchRecords(SITE, before, stored({ ...before.override, finance: { provider: "taurus", establishmentFee: 1360.5, excludedManufacturers: ["BMW"] } }))).toBe(true);
    expect(changesSearchRecords(SITE, before, stored({ ...before.override, labels: { noPriceText: "Call us." } }))).toBe(true);
  });

  it("a change the records do not hold does not (no reload of a large site for a new logo or calculator bound)", () => {
    expect(changesSearchRecords(SITE, before, stored({ ...before.override, theme: { logoText: "Harbour City" } }))).toBe(false);
    expect(changesSearchRecords(SITE, before, stored({ finance: { provider: "taurus", establishmentFee: 1360.5, calculator: { rateMax: 14.5 } }, theme: { logoText: "Harbour" } }))).toBe(false);
    expect(changesSearchRecords(SITE, before, before)).toBe(false);
  });

  it("a configuration that no longer resolves gives no weekly figures: a change to or from one counts", () => {
    expect(changesSearchRecords(SITE, stored({ reserve: { amount: -5 } }), before)).toBe(true);
    expect(changesSearchRecords(SITE, stored({}, "no-such-template"), before)).toBe(true);
    expect(changesSearchRecords(SITE, stored({ reserve: { amount: -5 } }), stored({}, "no-such-template"))).toBe(false);
  });
});
