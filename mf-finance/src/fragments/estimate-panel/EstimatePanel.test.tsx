import { formatMoneyCents } from "@dealer/shared/rules";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import EstimatePanel from "./EstimatePanel";
import type { EstimateFigure } from "./props";

const figure: EstimateFigure = { amount: 123.45, frequency: "weekly", interestRate: 9.5, comparisonRate: 10.45, source: "lender", price: 30000, deposit: 3000, balloon: 0, termYears: 5 };
const panel = { hidden: false as const, figure, disclaimer: `${"D".repeat(300)} the end`, quoteRequest: null };

describe("EstimatePanel", () => {
  it("shows the figure in its frequency, both rates side by side and what it assumes", () => {
    const html = renderToString(<EstimatePanel {...panel} />);
    expect(html).toContain(`${formatMoneyCents(123.45)}</span> <span class="estimate-panel__per">per week`);
    expect(html).toContain(">9.50%<");
    expect(html).toContain(">10.45%<");
    expect(html).toContain("Based on $30,000 over 5 years at 9.50% p.a. with a $3,000 deposit and a $0 final payment.");
  });

  it("puts the whole disclaimer in the 'View disclaimer' dialog", () => {
    const html = renderToString(<EstimatePanel {...panel} />);
    expect(html).toContain("View disclaimer");
    expect(html).toMatch(/<dialog[^>]*>/);
    expect(html).toContain(`${"D".repeat(300)} the end`);
    expect(renderToString(<EstimatePanel hidden />)).toBe("");
  });

  it("says a quote is on its way when one is requested, with no figure until it answers", () => {
    const quoteRequest = { selfAssessedCreditScore: "GREAT" as const, purchasePrice: 30000, loanTerm: 5 as const, year: 2022, vin: null, nvic: null, whoIsHelping: "" as const };
    const html = renderToString(<EstimatePanel {...panel} figure={null} quoteRequest={quoteRequest} />);
    expect(html).toContain("Getting your quote…");
    expect(html).not.toContain("estimate-repayment");
  });
});
