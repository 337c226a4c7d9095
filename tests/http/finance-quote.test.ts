import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";
import { demoConfig } from "../support/finance";

const body = { selfAssessedCreditScore: "GREAT", purchasePrice: 30000, loanTerm: 5, year: 2022, vin: "JTN0000000001", nvic: null, whoIsHelping: "" };
const post = (site: string, payload: string) => fetchSite(site, "/api/youx/quote", { method: "POST", headers: { "content-type": "application/json" }, body: payload });

describe("POST /api/youx/quote", () => {
  it("answers a quote at the site's rate (with its fee in the comparison rate)", async () => {
    const response = await post("harbour-city-motors", JSON.stringify(body));
    expect(response.status).toBe(200);
    const quote = (await response.json()) as Record<string, number>;
    expect(quote.advertisedRate).toBe(demoConfig("harbour-city-motors").finance.defaultInterestRate);
    expect(quote.comparisonRate).toBeGreaterThan(quote.advertisedRate ?? 0);
    expect(quote.weeklyRepaymentAmount).toBeGreaterThan(0);
    const group = (await (await post("summit-auto-group", JSON.stringify(body))).json()) as Record<string, number>;
    expect(group).toMatchObject({ advertisedRate: 8.5, comparisonRate: 8.5 });
  });

  it("refuses bad input with a 4xx, never a 5xx", async () => {
    const bad = [
      "",
      "not json",
      "null",
      "[]",
      JSON.stringify({}),
      JSON.stringify({ ...body, purchasePrice: "30,000" }),
      JSON.stringify({ ...body, purchasePrice: -1 }),
      JSON.stringify({ ...body, purchasePrice: 0 }),
      JSON.stringify({ ...body, purchasePrice: 1e308 }),
      JSON.stringify({ ...body, loanTerm: 7 }),
      JSON.stringify({ ...body, year: 2022.5 }),
      JSON.stringify({ ...body, selfAssessedCreditScore: "POOR" }),
      `{"purchasePrice": 1e999}`,
    ];
    for (const payload of bad) {
      const response = await post("metro-certified", payload);
      expect(response.status, payload).toBe(400);
    }
    const wrongMethod = await fetchSite("metro-certified", "/api/youx/quote");
    expect(wrongMethod.status).toBeGreaterThanOrEqual(400);
    expect(wrongMethod.status).toBeLessThan(500);
  });
});
