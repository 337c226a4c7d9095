import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import FinanceBox from "./FinanceBox";

const box = { hidden: false as const, provider: "manual" as const, interestRate: 9.5, comparisonRate: 10.45, link: "/finance?car_id=1#finance-form", buttonLabel: "Finance Enquiry", terms: "Over 5 years with a $3,000 deposit and a $0 final payment." };

describe("FinanceBox", () => {
  it("shows /wk, both rates as prominently, the finance link and the calculator anchor", () => {
    const html = renderToString(<FinanceBox {...box} repayment={{ amount: 123.45, period: "week" }} lenderDisclaimer={null} />);
    expect(html).toContain("$123.45");
    expect(html).toContain("/wk");
    expect(html).toContain("9.50% p.a.");
    expect(html).toContain("10.45% p.a.");
    expect(html).toContain('href="/finance?car_id=1#finance-form">Finance Enquiry</a>');
    expect(html).toContain('href="#finance-calculator"');
    expect(html).toContain('href="#financeDisclaimer"');
    expect(html).toContain("Over 5 years with a $3,000 deposit and a $0 final payment.");
  });

  it("shows the Car Clarity-style lender's own disclaimer, and nothing when hidden", () => {
    expect(renderToString(<FinanceBox {...box} repayment={{ amount: 500, period: "month" }} lenderDisclaimer="Car Clarity: indicative only." />)).toContain("Car Clarity: indicative only.");
    expect(renderToString(<FinanceBox hidden />)).toBe("");
  });
});
