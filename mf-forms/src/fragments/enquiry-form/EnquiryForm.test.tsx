import { defaultSiteConfig } from "@dealer/shared/config";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import EnquiryForm from "./EnquiryForm";
import type { EnquiryFormProps } from "./props";

const props = (over: Partial<EnquiryFormProps> = {}): EnquiryFormProps => ({
  variant: "enquiry",
  heading: "Send us an enquiry",
  submitText: "Submit Form",
  forms: defaultSiteConfig.forms,
  car: null,
  carDefaults: null,
  defaults: { message: "", subcategory: null },
  shown: { category: false, location: false, dealership: false },
  locations: [],
  locationDefault: null,
  dealerships: [],
  distributionLocations: [],
  bookingSlots: [],
  saveValuationColumn: false,
  finance: { vehiclePriceBudget: null, preferredDealership: null, carType: null, vin: null, calculator: {} },
  signedInPhone: null,
  idempotencyKey: "key-1",
  ...over,
});

describe("EnquiryForm", () => {
  it("is a complete form post before any script: action, hidden lead fields, labelled inputs, checked opt-in", () => {
    const html = renderToString(<EnquiryForm {...props()} />);
    expect(html).toContain('action="/api/leads" method="post"');
    expect(html).toContain('<input type="hidden" name="kind" value="enquiry"/>');
    expect(html).toContain('<input type="hidden" name="idempotency_key" value="key-1"/>');
    expect(html).toContain('<input type="hidden" name="values.category" value="Vehicle Enquiry"/>');
    for (const label of ["Name", "Email", "Phone", "Postcode", "Comments"]) expect(html).toMatch(new RegExp(`<label for="[^"]+" class="enquiry-form__label">${label}</label>`));
    expect(html).toMatch(/name="values.opt_in" checked=""/);
    expect(html).toMatch(/inputMode="numeric" maxLength="4"/);
    expect(html).toContain(">Submit Form</button>");
    expect(html).not.toContain("Please fix the following errors:");
    expect(html).not.toContain("terms of use");
  });

  it("marks the message optional when the dealer does, and shows the terms checkbox when required", () => {
    const html = renderToString(<EnquiryForm {...props({ forms: { ...defaultSiteConfig.forms, messageOptional: true, termsRequired: true } })} />);
    expect(html).toContain("Comments<!-- --> (optional)");
    expect(html).toContain("I agree to the terms of use");
  });

  it("starts a sold car's enquiry with the find-something-similar message and subcategory", () => {
    const html = renderToString(
      <EnquiryForm {...props({ heading: "Find Me Something Similar", car: { id: 1, dealershipId: 2, title: "Car" }, defaults: { message: "Can you please find me something similar?", subcategory: "Find me something similar" } })} />,
    );
    expect(html).toContain("Find Me Something Similar</h2>");
    expect(html).toMatch(/<textarea[^>]*>Can you please find me something similar\?<\/textarea>/);
    expect(html).toContain('name="values.subcategory" value="Find me something similar"');
  });

  it("shows the shown selects, a single location selected, and the contact categories", () => {
    const html = renderToString(<EnquiryForm {...props({ variant: "contact", shown: { category: true, location: true, dealership: false }, locations: [{ value: "7", label: "Brisbane" }] })} />);
    expect(html).toMatch(/<option value="7" selected="">Brisbane<\/option>/);
    expect(html).toContain('<option value="Careers Enquiry">Careers Enquiry</option>');
    expect(html).not.toContain('name="values.category" value=');
  });

  it("renders the trade-in steps: rego and state, odometer with kms, the valuation questions", () => {
    const html = renderToString(<EnquiryForm {...props({ variant: "trade_in" })} />);
    expect(html).toContain("Step 1 of 3: Your vehicle");
    expect(html).toContain('name="vehicle.kms"');
    expect(html).toContain("<span>kms</span>");
    expect(html).toContain("Has the vehicle been in an accident?");
    expect(html).toContain('name="regoState"');
  });

  it("offers the booking times and the services list where the form has them", () => {
    const drive = renderToString(<EnquiryForm {...props({ variant: "test_drive", bookingSlots: [{ value: "2026-11-23T09:00:00+10:00", label: "Mon 23 Nov, 9:00 am" }] })} />);
    expect(drive).toContain('<option value="2026-11-23T09:00:00+10:00">Mon 23 Nov, 9:00 am</option>');
    const service = renderToString(<EnquiryForm {...props({ variant: "service" })} />);
    expect(service).toContain('name="values.additional_services" value="Tyres"');
  });

  it("asks the credit-check form's consent, with its subcategory, and fills in the signed-in shopper's number", () => {
    const html = renderToString(<EnquiryForm {...props({ variant: "credit_check", defaults: { message: "", subcategory: "Credit check" }, signedInPhone: "0412345678" })} />);
    expect(html).toContain('name="credit_check_consent"');
    expect(html).toContain("obtaining my credit report from a credit reporting body");
    expect(html).toContain('name="values.subcategory" value="Credit check"');
    expect(html).toMatch(/name="values.phone"[^>]*value="0412345678"/);
    expect(renderToString(<EnquiryForm {...props()} />)).not.toContain("credit_check_consent");
  });
  it("shows the repayment calculator's figures it sends, under the labels the dealer reads", () => {
    const calculator = { deposit: 5000, balloon: 4000, term_months: 60, interest_rate: 9.5, frequency: "monthly", repayment: 775.84 } as const;
    const html = renderToString(<EnquiryForm {...props({ variant: "finance_enquiry", finance: { vehiclePriceBudget: 40000, preferredDealership: null, carType: null, vin: null, calculator } })} />);
    expect(html).toContain('name="vehiclePriceBudget"');
    expect(html).toContain('value="40000"');
    expect(html).toContain('<input type="hidden" name="finance.repayment" value="775.84"/>');
    for (const [label, value] of [["Deposit or trade-in", "$5,000"], ["Loan term", "60 months"], ["Interest rate", "9.5% p.a."], ["Residual / balloon", "$4,000"], ["Repayment", "$775.84 monthly"]]) {
      expect(html).toContain(`<dt>${label}</dt><dd>${value}</dd>`);
    }
    expect(renderToString(<EnquiryForm {...props({ variant: "finance_enquiry" })} />)).not.toContain("enquiry-form__figures");
  });
});
