import { defaultSiteConfig } from "@dealer/shared/config";
import { describe, expect, it } from "vitest";
import { leadFormValuesSchema } from "../../leads/form-schema";
import { zodResolver } from "./zod-resolver";

const resolve = (values: Record<string, unknown>, forms = defaultSiteConfig.forms) =>
  zodResolver(leadFormValuesSchema(forms, {}))(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

const valid = { name: "Jo", email: "jo@example.com", phone: "0412 345 678", postcode: "4000", message: "Hi", opt_in: true, terms_conditions: false };

describe("zodResolver with the shared lead schema", () => {
  it("passes parsed values through", async () => {
    const result = await resolve(valid);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: "Jo", postcode: "4000", opt_in: true });
  });

  it("names each bad field with the spec's messages", async () => {
    const result = await resolve({ ...valid, postcode: "40", message: "" });
    expect(result.errors.postcode?.message).toBe("Invalid postcode. Please enter a 4-digit number.");
    expect(result.errors.message?.message).toBeDefined();
    expect((await resolve({ ...valid, message: "" }, { ...defaultSiteConfig.forms, messageOptional: true })).errors).toEqual({});
  });

  it("nests errors by path", async () => {
    const nested = zodResolver(leadFormValuesSchema(defaultSiteConfig.forms, {}).array())([{ ...valid, email: "x" }] as never, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(((await nested).errors as Record<string, Record<string, { message: string }>>)["0"]?.email?.message).toBe("Please enter a valid email address.");
  });

  it("requires terms agreement where the dealer does", async () => {
    const forms = { ...defaultSiteConfig.forms, termsRequired: true, termsCheckbox: true };
    expect((await resolve(valid, forms)).errors.terms_conditions?.message).toBe("*You must agree to the terms of use before submitting.");
  });
});
