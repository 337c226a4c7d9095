import { financeEstimate, formatMoneyCents } from "@dealer/shared/rules";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import EstimatePanel from "./EstimatePanel";

const panel = { hidden: false as const, price: 30000, estimateRate: 9.5, advertisedRate: 9.5, comparisonRate: 10.45, disclaimer: "D".repeat(300), quoteRequest: null };

describe("EstimatePanel", () => {
  it("shows the monthly estimate (5 years, 10% deposit, 30% final), the weekly via 4.33 and both rates", () => {
    const html = renderToString(<EstimatePanel {...panel} />);
    const estimate = financeEstimate(30000, 9.5);
    expect(html).toContain(formatMoneyCents(estimate.monthly));
    expect(html).toContain(`about ${formatMoneyCents(estimate.weekly)} per week`);
    expect(html).toContain("9.50%");
    expect(html).toContain("10.45%");
    expect(html).toContain("10% deposit ($3,000) and a 30% final payment ($9,000)");
  });

  it("reads '-' for a missing rate and puts the 197-character excerpt in the 'View disclaimer' dialog", () => {
    const html = renderToString(<EstimatePanel {...panel} advertisedRate={null} comparisonRate={null} />);
    expect(html.match(/data-testid="(advertised|comparison)-rate">-</g)).toHaveLength(2);
    expect(html).toContain("View disclaimer");
    expect(html).toMatch(/<dialog[^>]*>/);
    expect(html).toContain(`${"D".repeat(197)}...`);
    expect(html).not.toContain("D".repeat(198));
    expect(renderToString(<EstimatePanel hidden />)).toBe("");
  });

  it("says a quote is on its way when one is requested", () => {
    const quoteRequest = { selfAssessedCreditScore: "GREAT" as const, purchasePrice: 30000, loanTerm: 5 as const, year: 2022, vin: null, nvic: null, whoIsHelping: "" as const };
    expect(renderToString(<EstimatePanel {...panel} quoteRequest={quoteRequest} />)).toContain("Getting your quote…");
  });
});
