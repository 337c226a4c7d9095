import { FragmentNotFound } from "@dealer/shared/fragment-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../../db/test-support/d1";
import { testFragmentRequest } from "../../../../db/test-support/fragment-request";
import type { Env } from "../../env";
import { insertCars, lenderEntry } from "../../test-cars";
import { loadRepaymentCalculator } from "./load.server";

const SITE = "harbour-city-motors";
let db: D1Database;
let dispose: () => Promise<void>;
const env = () => ({ DB: db }) as Env;
const load = (params: Record<string, string>, config: Record<string, unknown> = {}) => loadRepaymentCalculator(testFragmentRequest(SITE, params, config), env());

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertCars(db, [
    { id: 1, slug: "financed", stocknum: "S1", price: 30000, finance_lenders: { manual: lenderEntry } },
    { id: 2, slug: "no-price", stocknum: "S2", price: null },
    { id: 3, slug: "sold", stocknum: "S3", status: "sold" },
    { id: 4, slug: "on-offer", stocknum: "S4", price: 41990, offer_price: 39990 },
    { id: 5, slug: "hino", stocknum: "S5", price: 90000, make: "Hino", finance_lenders: { manual: lenderEntry } },
    { id: 6, slug: "low-rate", stocknum: "S6", price: 30000, finance_lenders: { manual: { ...lenderEntry, interestRate: 6.99 } } },
  ]);
});
afterAll(() => dispose());

describe("loadRepaymentCalculator", () => {
  it("starts /finance at the address's vehiclePriceBudget, else 30000; bad budgets never pass through", async () => {
    expect(await load({ vehiclePriceBudget: "40000" })).toMatchObject({ hidden: false, start: { amount: 40000, term: 5, interest: 10, tradeIn: 0, residual: 0 } });
    for (const [raw, amount] of [["abc", 30000], ["-5", 30000], ["", 30000], ["1e308", 250000], ["$45,500.00", 45500]] as const) {
      const props = await load({ vehiclePriceBudget: raw });
      expect(props.hidden === false && props.start.amount).toBe(amount);
    }
  });

  it("uses the site's rate, lender bounds, fee and quick picks", async () => {
    const props = await load({}, { finance: { defaultInterestRate: 8.5, establishmentFee: 1360.5, calculator: { rateMin: 7.5, rateMax: 14.5 } } });
    expect(props).toMatchObject({ start: { interest: 8.5 }, finance: { establishmentFee: 1360.5, calculator: { rateMin: 7.5, rateMax: 14.5 } } });
    expect(props.hidden === false && props.quickPicks).toEqual([5000, 18000, 31000, 44000, 57000, 70000]);
  });

  it("starts a car at its shown price and its lender's preset terms, with the lender's disclaimer", async () => {
    const props = await load({ slug: "financed" });
    expect(props).toMatchObject({ start: { amount: 30000, tradeIn: 3000, term: 5, interest: 9.5, residual: 0 }, preset: { paymentMonth: 534.95 }, car: { id: 1 } });
    expect(props.hidden === false && props.disclaimer).toBe(lenderEntry.disclaimer);
    // Waiting for a live quote: the car's shown price at the site's rate, and the site's disclaimer (no lender's rate under it).
    const quoting = await load({ slug: "on-offer" }, { features: { youxQuote: true } });
    expect(quoting).toMatchObject({ start: { amount: 39990, interest: 10 }, preset: null });
    expect(quoting.hidden === false && quoting.disclaimer).not.toBe(lenderEntry.disclaimer);
  });

  it("widens the lender's bounds to the car's own figures, never the site's (ADR 0063)", async () => {
    const calculator = { priceMin: 50000, rateMin: 7.5, rateMax: 14.5 };
    expect(await load({ slug: "low-rate" }, { finance: { calculator } })).toMatchObject({ start: { interest: 6.99 }, finance: { calculator: { priceMin: 30000, rateMin: 6.99, rateMax: 14.5 } } });
    expect(await load({}, { finance: { calculator } })).toMatchObject({ finance: { calculator: { priceMin: 50000, rateMin: 7.5 } } });
  });

  it("gives a car that shows no finance no calculator: no figure and no quote, an excluded make, no price", async () => {
    expect(await load({ slug: "on-offer" })).toEqual({ hidden: true });
    expect(await load({ slug: "no-price" }, { features: { youxQuote: true } })).toEqual({ hidden: true });
    expect(await load({ slug: "hino" }, { finance: { excludedManufacturers: ["hino"] }, features: { youxQuote: true } })).toEqual({ hidden: true });
  });

  it("gives a sold car no calculator and an unknown car a 404", async () => {
    expect(await load({ slug: "sold" })).toEqual({ hidden: true });
    await expect(load({ slug: "nope" })).rejects.toBeInstanceOf(FragmentNotFound);
  });
});
