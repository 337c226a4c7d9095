import { defaultSiteConfig } from "@dealer/shared/config";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import EnquiryForm from "./EnquiryForm";
import type { EnquiryFormProps } from "./props";

const props = (over: Partial<EnquiryFormProps> = {}): EnquiryFormProps => ({
  kind: "enquiry",
  heading: "Send us an enquiry",
  submitText: "Submit Form",
  forms: defaultSiteConfig.forms,
  car: null,
  defaults: { message: "", subcategory: null },
  ...over,
});

describe("EnquiryForm", () => {
  it("renders labelled fields, a checked opt-in and the configured submit text", () => {
    const html = renderToString(<EnquiryForm {...props()} />);
    expect(html).toContain("Send us an enquiry</h2>");
    for (const label of ["Name", "Email", "Phone", "Postcode", "Comments"]) expect(html).toMatch(new RegExp(`<label for="[^"]+" class="enquiry-form__label">${label}</label>`));
    expect(html).toMatch(/<input id="[^"]+opt_in" type="checkbox" name="opt_in" checked=""/);
    expect(html).toMatch(/inputMode="numeric" maxLength="4"/);
    expect(html).toContain(">Submit Form</button>");
    expect(html).not.toContain("Please fix the following errors:");
    expect(html).not.toContain("terms of use");
  });

  it("marks the message optional when the dealer does, and shows the terms checkbox when required", () => {
    const html = renderToString(<EnquiryForm {...props({ forms: { ...defaultSiteConfig.forms, messageOptional: true, termsRequired: true } })} />);
    expect(html).toContain("Comments (optional)");
    expect(html).toContain("I agree to the terms of use");
  });

  it("starts a sold car's enquiry with the find-something-similar message", () => {
    const html = renderToString(
      <EnquiryForm {...props({ heading: "Find Me Something Similar", car: { id: 1, dealershipId: 2, title: "Car" }, defaults: { message: "Can you please find me something similar?", subcategory: "Find me something similar" } })} />,
    );
    expect(html).toContain("Find Me Something Similar</h2>");
    expect(html).toMatch(/<textarea[^>]*>Can you please find me something similar\?<\/textarea>/);
  });
});
