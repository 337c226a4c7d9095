import { defaultSiteConfig } from "@dealer/shared/config";
import { amortisedPayment, formatMoneyCents } from "@dealer/shared/rules";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import RepaymentEstimate from "./RepaymentEstimate";

const finance = {
  defaultInterestRate: defaultSiteConfig.finance.defaultInterestRate,
  establishmentFee: 0,
  calculator: defaultSiteConfig.finance.calculator,
};

describe("RepaymentEstimate", () => {
  it("shows the weekly estimate: 5-year term, 10% deposit, 30% final payment, the site's rate", () => {
    const html = renderToString(<RepaymentEstimate price={30000} car={null} finance={finance} />);
    const weekly = amortisedPayment(27000, 10, 5, 52, 9000);
    expect(html).toContain(formatMoneyCents(weekly));
    expect(html).toContain("per week");
    expect(html).toContain('value="3000"');
    expect(html).toMatch(/<option value="5" selected="">5 years<\/option>/);
    expect(html).toContain("Interest rate 10.00% p.a.");
    expect(html).toContain("final payment of $9,000");
    expect(html).toContain("Estimate your repayments");
  });

  it("labels every input and names the car on a vehicle page", () => {
    const html = renderToString(<RepaymentEstimate price={27990} car={{ id: 1, title: "2021 Toyota Corolla" }} finance={finance} />);
    expect(html).toContain("Finance estimate for 2021 Toyota Corolla");
    for (const label of ["Purchase price ($)", "Deposit or trade-in ($)", "Term", "Repayment frequency", "Weekly", "Fortnightly", "Monthly"]) {
      expect(html).toContain(label);
    }
  });

  it("reads 'Enquire for Finance' when the repayment is 25 or less", () => {
    const html = renderToString(<RepaymentEstimate price={1000} car={null} finance={finance} />);
    expect(html).toContain("Enquire for Finance");
    expect(html).not.toContain("Total of repayments");
  });

  it("explains the price bounds when the price is outside them", () => {
    const html = renderToString(<RepaymentEstimate price={300000} car={null} finance={finance} />);
    expect(html).toContain("Cannot be less than $1,000 or more than $250,000");
  });
});
