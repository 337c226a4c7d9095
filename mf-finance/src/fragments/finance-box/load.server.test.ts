import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../../db/test-support/d1";
import { testFragmentRequest } from "../../../../db/test-support/fragment-request";
import type { Env } from "../../env";
import { insertCars, lenderEntry } from "../../test-cars";
import { loadFinanceBox } from "./load.server";

const SITE = "harbour-city-motors";
let db: D1Database;
let dispose: () => Promise<void>;
const now = new Date("2026-06-01T00:00:00Z");
const load = (slug: string, finance: Record<string, unknown>, vehicle: Record<string, unknown> = {}) =>
  loadFinanceBox(testFragmentRequest(SITE, { slug }, { finance, vehicle }), { DB: db } as Env, now);

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  const lenders = { manual: lenderEntry, nissan: lenderEntry, carclarity: { ...lenderEntry, disclaimer: "Car Clarity: indicative only." }, taurus: lenderEntry };
  await insertCars(db, [
    { id: 1, slug: "financed", stocknum: "S1", price: 30000, year: 2022, finance_lenders: lenders, vin: "VIN1" },
    { id: 2, slug: "sold", stocknum: "S2", status: "sold", finance_lenders: lenders },
    { id: 3, slug: "old", stocknum: "S3", year: 2010, finance_lenders: lenders },
    { id: 4, slug: "no-rate", stocknum: "S4", finance_lenders: { manual: { ...lenderEntry, comparisonRate: null } } },
  ]);
});
afterAll(() => dispose());

describe("loadFinanceBox", () => {
  it("shows the lender's weekly figure, rates and the finance link with its parameters", async () => {
    expect(await load("financed", { provider: "manual" }, { financeButtonLabel: "Get Finance Quote" })).toEqual({
      hidden: false,
      provider: "manual",
      repayment: { amount: 123.45, period: "week" },
      terms: "Over 5 years with a $3,000 deposit and a $0 final payment.",
      interestRate: 9.5,
      comparisonRate: 10.45,
      lenderDisclaimer: null,
      link: "/finance?preferredDealership=harbour-city-toyota&vehiclePriceBudget=30000&car_id=1&car_type=used&vin=VIN1#finance-form",
      buttonLabel: "Get Finance Quote",
    });
  });

  it("follows each provider's rule: Nissan-type monthly, Car Clarity-style with its own disclaimer, Taurus-type age limit", async () => {
    expect(await load("financed", { provider: "nissan" })).toMatchObject({ repayment: { amount: 534.95, period: "month" } });
    expect(await load("financed", { provider: "carclarity" })).toMatchObject({ lenderDisclaimer: "Car Clarity: indicative only." });
    expect(await load("old", { provider: "taurus" })).toEqual({ hidden: true });
    expect(await load("financed", { provider: "finance360" })).toEqual({ hidden: true });
  });

  it("hides for a sold car, a missing comparison rate or an excluded make", async () => {
    expect(await load("sold", { provider: "manual" })).toEqual({ hidden: true });
    expect(await load("no-rate", { provider: "manual" })).toEqual({ hidden: true });
    expect(await load("financed", { provider: "manual", excludedManufacturers: ["toyota"] })).toEqual({ hidden: true });
  });
});
