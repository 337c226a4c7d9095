import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "../config/defaults";
import { buildEnquiryFormSchema, deliveryPostcodeSchema } from "./forms";
import { parseWithFieldErrors } from "./parse";

const base = { name: "Sam", email: "sam@example.com", phone: "0412 345 678" };
const forms = defaultSiteConfig.forms;

describe("enquiry form schema", () => {
  it("requires the message unless the dealer marks it optional", () => {
    expect(parseWithFieldErrors(buildEnquiryFormSchema(forms), base)).toMatchObject({ ok: false, fieldErrors: { message: expect.any(Array) } });
    expect(parseWithFieldErrors(buildEnquiryFormSchema({ ...forms, messageOptional: true }), base).ok).toBe(true);
  });

  it("requires category, location and dealership only when shown", () => {
    const schema = buildEnquiryFormSchema({ ...forms, messageOptional: true }, { category: true, location: true, dealership: true });
    const result = parseWithFieldErrors(schema, base);
    expect(result.ok ? [] : Object.keys(result.fieldErrors).sort()).toEqual(["category", "dealership_slug", "location"]);
  });

  it("records consent only when given, whatever the box starts as (Spam Act 2003); rego is optional", () => {
    for (const optInDefault of [true, false]) {
      const schema = buildEnquiryFormSchema({ ...forms, optInDefault });
      expect(schema.parse({ ...base, message: "Hi" }).opt_in).toBe(false);
      expect(schema.parse({ ...base, message: "Hi", opt_in: true }).opt_in).toBe(true);
    }
    expect(buildEnquiryFormSchema(forms).parse({ ...base, message: "Hi" }).Rego).toBeUndefined();
  });

  it("postcode must be exactly 4 digits", () => {
    const result = parseWithFieldErrors(buildEnquiryFormSchema(forms), { ...base, message: "Hi", postcode: "40000" });
    expect(result).toEqual({ ok: false, fieldErrors: { postcode: ["Invalid postcode. Please enter a 4-digit number."] } });
  });

  it("terms: required for the dealer group, asked with a checkbox, so the message carries the '*'", () => {
    const required = buildEnquiryFormSchema({ ...forms, termsRequired: true });
    expect(parseWithFieldErrors(required, { ...base, message: "Hi", terms_conditions: false })).toEqual({
      ok: false,
      fieldErrors: { terms_conditions: ["*You must agree to the terms of use before submitting."] },
    });
    expect(parseWithFieldErrors(required, { ...base, message: "Hi" })).toEqual({
      ok: false,
      fieldErrors: { terms_conditions: ["*You must agree to the terms of use before submitting."] },
    });
  });

  it("delivery postcode is required", () => {
    expect(parseWithFieldErrors(deliveryPostcodeSchema, " ")).toEqual({ ok: false, fieldErrors: { "(root)": ["Please enter a postcode."] } });
    expect(parseWithFieldErrors(deliveryPostcodeSchema, "40a")).toEqual({ ok: false, fieldErrors: { "(root)": ["Invalid postcode. Please enter a 4-digit number."] } });
    expect(deliveryPostcodeSchema.parse(" 4006 ")).toBe("4006");
  });
});
