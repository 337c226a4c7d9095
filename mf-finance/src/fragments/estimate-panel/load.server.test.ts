import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../../db/test-support/d1";
import { testFragmentRequest } from "../../../../db/test-support/fragment-request";
import type { Env } from "../../env";
import { insertCars, lenderEntry } from "../../test-cars";
import { loadEstimatePanel } from "./load.server";

const SITE = "summit-auto-group";
let db: D1Database;
let dispose: () => Promise<void>;
const load = (slug: string, youxQuote = false) =>
  loadEstimatePanel(
    testFragmentRequest(SITE, { slug }, { finance: { provider: "finance360", defaultInterestRate: 8.5, excludedDealerships: ["summit-kia-adelaide"] }, features: { youxQuote } }),
    { DB: db } as Env,
  );

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertCars(db, [
    { id: 1, site: SITE, slug: "lender", stocknum: "S1", price: 30000, finance_lenders: { finance360: lenderEntry } },
    { id: 2, site: SITE, slug: "quote", stocknum: "S2", price: 30000, youxQuote: { weeklyRepaymentAmount: 120, advertisedRate: 7.2, comparisonRate: 7.9 } },
    { id: 3, site: SITE, slug: "none", stocknum: "S3", price: 30000 },
    { id: 4, site: SITE, slug: "cheap", stocknum: "S4", price: 400 },
    { id: 5, site: SITE, slug: "sold", stocknum: "S5", status: "sold" },
    { id: 6, site: SITE, slug: "kia", stocknum: "S6", price: 30000, dealership_slug: "summit-kia-adelaide", youxQuote: { weeklyRepaymentAmount: 152, advertisedRate: 11.59, comparisonRate: 12.1 } },
  ]);
});
afterAll(() => dispose());

describe("loadEstimatePanel", () => {
  it("shows the car's advertised repayment (the lender's, else a stored quote's), never the standard estimate (ADR 0063)", async () => {
    expect(await load("lender")).toMatchObject({ figure: { amount: 123.45, frequency: "weekly", interestRate: 9.5, comparisonRate: 10.45, source: "lender", deposit: 3000 }, disclaimer: lenderEntry.disclaimer });
    const quote = await load("quote", true);
    expect(quote).toMatchObject({ figure: { amount: 120, interestRate: 7.2, comparisonRate: 7.9, source: "quote" }, quoteRequest: null });
    expect(quote.hidden === false && quote.disclaimer).not.toBe(lenderEntry.disclaimer);
    expect(await load("none")).toEqual({ hidden: true });
  });

  it("asks for a YouX-style quote only where the site wants one and the car has none, and shows no figure until it answers", async () => {
    expect(await load("none", true)).toMatchObject({ figure: null, quoteRequest: { purchasePrice: 30000, loanTerm: 5, selfAssessedCreditScore: "GREAT", whoIsHelping: "" } });
    expect(await load("quote", true)).toMatchObject({ quoteRequest: null });
  });

  it("shows an excluded dealership's car nothing, its stored quote included", async () => {
    expect(await load("kia", true)).toEqual({ hidden: true });
  });

  it("without a car (/finance) estimates the address's budget at the site's rate, the fee in the comparison rate", async () => {
    const site = (params: Record<string, string>) =>
      loadEstimatePanel(testFragmentRequest(SITE, params, { finance: { defaultInterestRate: 10, establishmentFee: 1360.5 } }), { DB: db } as Env);
    const props = await site({ vehiclePriceBudget: "40000" });
    expect(props).toMatchObject({ hidden: false, figure: { price: 40000, interestRate: 10, source: "estimate" }, quoteRequest: null });
    expect(props.hidden === false && props.figure?.comparisonRate).toBeGreaterThan(10);
    expect(await site({ vehiclePriceBudget: "abc" })).toMatchObject({ figure: { price: 30000 } });
    expect(await site({ vehiclePriceBudget: "1e308" })).toMatchObject({ figure: { price: 250000 } });
  });

  it("hides for a sold car or a price of $500 or less", async () => {
    expect(await load("sold")).toEqual({ hidden: true });
    expect(await load("cheap")).toEqual({ hidden: true });
  });
});
