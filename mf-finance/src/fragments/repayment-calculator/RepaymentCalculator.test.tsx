import { defaultSiteConfig } from "@dealer/shared/config";
import { calculateRepayment, defaultCalculatorInputs, financeLink, formatMoneyCents } from "@dealer/shared/rules";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lenderEntry } from "../../test-cars";
import type { RepaymentCalculatorProps } from "./props";
import RepaymentCalculator from "./RepaymentCalculator";

const finance = { calculator: defaultSiteConfig.finance.calculator, establishmentFee: 0, financePath: "/finance" as const };
const car = { id: 7, name: "2021 Toyota Corolla", price: 30000, car_type: "used" as const, vin: "JTN123", dealership_slug: "harbour-city-motors" };
const props = (overrides: Partial<Extract<RepaymentCalculatorProps, { hidden: false }>> = {}): RepaymentCalculatorProps => ({
  hidden: false,
  start: defaultCalculatorInputs(30000, { defaultInterestRate: 10 }),
  car: null,
  preset: null,
  finance,
  quickPicks: [5000, 70000],
  disclaimer: "A".repeat(250),
  notes: [],
  ...overrides,
});
const render = (p: RepaymentCalculatorProps) => renderToString(<RepaymentCalculator {...p} />);

describe("RepaymentCalculator", () => {
  it("labels every input, offers the term in half years and the rate within the lender's bounds", () => {
    const html = render(props({ finance: { ...finance, calculator: { ...finance.calculator, rateMin: 7.5, rateMax: 14.5 } } }));
    for (const label of ["Purchase price", "Deposit or trade-in", "Residual / balloon", "Loan term", "Interest rate (% p.a.)", "Repayment frequency", "Weekly", "Fortnightly", "Monthly"]) {
      expect(html).toContain(label);
    }
    expect(html.match(/<option /g)).toHaveLength(13);
    expect(html).toContain('<option value="1.5">1.5 years</option>');
    expect(html).toMatch(/min="7.5" max="14.5" step="0.5"/);
    expect(html).toContain('id="finance-calculator"');
  });

  it("shows the shared maths' monthly repayment and total, and the chart with its text alternative", () => {
    const html = render(props());
    const result = calculateRepayment(defaultCalculatorInputs(30000, { defaultInterestRate: 10 }), finance);
    if (result.kind !== "repayment") throw new Error("expected a repayment");
    expect(html).toContain(formatMoneyCents(result.repayment));
    expect(html).toContain("Repayment per month");
    expect(html).toContain(formatMoneyCents(result.total));
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain("The balance falls from $30,000 to $0 over 5 years");
  });

  it("reads 'Enquire for Finance' as a finance link with a blank total at 25 or less", () => {
    const html = render(props({ car, start: { ...defaultCalculatorInputs(1000, { defaultInterestRate: 10 }), tradeIn: 1000 } }));
    // No repayment to carry: the link has the inputs only.
    const figures = { deposit: 1000, balloon: 0, term_months: 60, interest_rate: 10, frequency: "monthly" as const };
    const link = financeLink("/finance", { ...car, price: 1000 }, figures).replaceAll("&", "&amp;");
    expect(html).toContain(`<a class="finance-calculator__enquire" href="${link}">Enquire for Finance</a>`);
    expect(html).toContain('<dd data-testid="total"></dd>');
    expect(html).not.toMatch(/<svg/);
  });

  it("links Apply for Finance to the enquiry form with the calculator's inputs and repayment", () => {
    const start = { amount: 30000, tradeIn: 3000, term: 5, interest: 9.5, residual: 4000, total: null, frequency: "weekly" as const };
    const html = render(props({ car, start }));
    const result = calculateRepayment(start, finance, { carPrice: 30000, lender: undefined });
    if (result.kind !== "repayment") throw new Error("expected a repayment");
    const href = /<a class="button button--primary" href="([^"]+)">Apply for Finance/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "";
    const url = new URL(href, "https://dealer.example");
    expect(url.pathname).toBe("/finance");
    expect(url.hash).toBe("#finance-form");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      vehiclePriceBudget: "30000",
      deposit: "3000",
      balloon: "4000",
      term_months: "60",
      interest_rate: "9.5",
      frequency: "weekly",
      repayment: String(Math.round(result.repayment * 100) / 100),
    });
  });

  it("explains the price bounds; shows the establishment fee; uses a matching lender preset", () => {
    expect(render(props({ start: defaultCalculatorInputs(300000, { defaultInterestRate: 10 }) }))).toContain("Cannot be less than $1,000 or more than $250,000");
    expect(render(props({ finance: { ...finance, establishmentFee: 1360.5 } }))).toContain("$1,360.50");
    const start = { amount: 30000, tradeIn: 3000, term: 5, interest: 9.5, residual: 0, total: null, frequency: "monthly" as const };
    const html = render(props({ car, start, preset: lenderEntry }));
    expect(html).toContain(formatMoneyCents(lenderEntry.paymentMonth));
    expect(html).toContain("The lender&#x27;s advertised repayment");
  });

  it("refuses a balloon above the amount financed with the reason, and draws no chart", () => {
    const start = { amount: 30000, tradeIn: 5000, term: 5, interest: 9.5, residual: 26000, total: null, frequency: "monthly" as const };
    const html = render(props({ start }));
    expect(html).toContain('data-testid="repayment-refused">Cannot be more than the amount financed ($25,000)</span>');
    expect(html).toContain('role="alert">Cannot be more than the amount financed ($25,000)</p>');
    expect(html).not.toMatch(/<svg/);
  });

  it("starts from an unrounded lender rate; a rate outside the range is an error and gives no figure", () => {
    const start = { amount: 30000, tradeIn: 0, term: 5, interest: 10.14, residual: 0, total: null, frequency: "monthly" as const };
    const own = render(props({ start }));
    expect(own).toContain('value="10.14"');
    expect(own).toContain('data-testid="repayment"');
    const outside = render(props({ start: { ...start, interest: 20 }, finance: { ...finance, calculator: { ...finance.calculator, rateMin: 7.5, rateMax: 14.5 } } }));
    expect(outside).toContain("Cannot be less than 7.5% or more than 14.5%");
    expect(outside).not.toContain('data-testid="repayment"');
    expect(outside).toContain('data-testid="repayment-refused"');
  });

  it("lists the dealer's finance copy under the disclaimer", () => {
    expect(render(props({ notes: ["Comparison rates from 8.38% p.a. to 19.42% p.a."] }))).toContain("<li>Comparison rates from 8.38% p.a. to 19.42% p.a.</li>");
    expect(render(props())).not.toContain("finance-notes");
  });

  it("renders the disclaimer excerpt with Show More, and nothing for a sold car", () => {
    const html = render(props());
    expect(html).toContain('id="financeDisclaimer"');
    expect(html).toContain(`${"A".repeat(197)}...`);
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain("Show More");
    expect(render({ hidden: true })).toBe("");
  });
});
