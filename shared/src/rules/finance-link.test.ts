import { describe, expect, it } from "vitest";
import { calculatorFiguresFromQuery, youxQuoteRequestSchema } from "../contract/finance";
import { financeLink, shouldRequestYouxQuote, youxQuoteRequest } from "./finance-link";
import { makeCar } from "./test-fixtures";

describe("finance link", () => {
  it("carries preferredDealership, vehiclePriceBudget, car_id, car_type and vin, then #finance-form", () => {
    const car = makeCar({ vin: "JTDKB20U503123456" });
    expect(financeLink("/finance", car)).toBe(
      "/finance?preferredDealership=harbour-city-toyota&vehiclePriceBudget=27990&car_id=101&car_type=used&vin=JTDKB20U503123456#finance-form",
    );
    expect(financeLink("/apply-for-finance", makeCar({ price: null }))).toBe(
      "/apply-for-finance?preferredDealership=harbour-city-toyota&car_id=101&car_type=used#finance-form",
    );
  });
});

describe("the repayment calculator's finance link", () => {
  it("adds the calculator's figures to the query; the enquiry form reads back only valid ones", () => {
    const link = financeLink("/finance-enquiry", makeCar({ vin: null }), { deposit: 5000, balloon: 0, term_months: 48, interest_rate: 9.5, frequency: "weekly", repayment: 152.4 });
    expect(link).toBe(
      "/finance-enquiry?preferredDealership=harbour-city-toyota&vehiclePriceBudget=27990&car_id=101&car_type=used&deposit=5000&balloon=0&term_months=48&interest_rate=9.5&frequency=weekly&repayment=152.4#finance-form",
    );
    const query = Object.fromEntries(new URL(link, "https://dealer.example").searchParams);
    expect(calculatorFiguresFromQuery(query)).toEqual({ deposit: 5000, balloon: 0, term_months: 48, interest_rate: 9.5, frequency: "weekly", repayment: 152.4 });
    // An edited link loses its bad figures, not the form.
    expect(calculatorFiguresFromQuery({ deposit: "-1", term_months: "4.5", frequency: "yearly", interest_rate: "abc", repayment: "200" })).toEqual({ repayment: 200 });
  });
});

describe("YouX-style quote", () => {
  it("is requested only for a positive price and no quote, when the site uses it", () => {
    const on = { youxQuote: true };
    expect(shouldRequestYouxQuote(makeCar(), on)).toBe(true);
    expect(shouldRequestYouxQuote(makeCar({ price: 0 }), on)).toBe(false);
    expect(shouldRequestYouxQuote(makeCar({ youxQuote: { weeklyRepaymentAmount: 99, advertisedRate: 6.29, comparisonRate: 8.19 } }), on)).toBe(false);
    expect(shouldRequestYouxQuote(makeCar(), { youxQuote: false })).toBe(false);
  });
  it("payload: GREAT, price, 5-year term, year, vin, nvic, empty whoIsHelping", () => {
    const body = youxQuoteRequest(makeCar({ vin: "V", nvic: "N" }));
    expect(body).toEqual({ selfAssessedCreditScore: "GREAT", purchasePrice: 27990, loanTerm: 5, year: 2021, vin: "V", nvic: "N", whoIsHelping: "" });
    expect(youxQuoteRequestSchema.safeParse(body).success).toBe(true);
  });
});
