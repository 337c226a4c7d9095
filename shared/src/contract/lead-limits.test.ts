import { describe, expect, it } from "vitest";
import { customerFormValuesSchema, emailSchema, LEAD_TEXT_MAX, phoneSchema } from "./lead";
import { tooLongMessage } from "./limits";
import { parseWithFieldErrors } from "./parse";

describe("phoneSchema (Australian numbers as typed)", () => {
  it("takes mobiles, landlines, +61, 13/1300/1800 numbers with spaces, dashes, brackets and dots", () => {
    for (const phone of ["0412 345 678", "0412-345-678", "(07) 3123 4567", "+61 412 345 678", "61 2 9876 5432", "1300 123 456", "1800 123 456", "13 12 34", "0412.345.678"]) {
      expect(phoneSchema.safeParse(phone).success, phone).toBe(true);
    }
  });

  it("refuses numbers an Australian dealer cannot call back", () => {
    for (const phone of ["", "12345", "0123 456 789", "0412 345 67", "+1 415 555 0100", "04123456789", "phone me", "0412345678x"]) {
      expect(phoneSchema.safeParse(phone).success, phone).toBe(false);
    }
  });
});

describe("lead field limits", () => {
  const valid = { name: "Jo", email: "jo@example.com", phone: "0412 345 678" };

  it("names the field that is too long", () => {
    const result = parseWithFieldErrors(customerFormValuesSchema, { ...valid, name: "x".repeat(LEAD_TEXT_MAX.short + 1), message: "m".repeat(LEAD_TEXT_MAX.message + 1) });
    expect(result).toEqual({ ok: false, fieldErrors: { name: [tooLongMessage(LEAD_TEXT_MAX.short)], message: [tooLongMessage(LEAD_TEXT_MAX.message)] } });
  });

  it("keeps e-mail addresses to 254 characters", () => {
    expect(emailSchema.safeParse(`${"a".repeat(250)}@x.au`).success).toBe(false);
    expect(emailSchema.safeParse(" jo@example.com ").data).toBe("jo@example.com");
  });
});
