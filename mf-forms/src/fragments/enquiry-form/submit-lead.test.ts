import type { LeadPayload } from "@dealer/shared/contract";
import { describe, expect, it } from "vitest";
import { FORM_SUBMIT_ERROR, UNEXPECTED_LEAD_ERROR } from "@dealer/shared/rules";
import { submitLead } from "./submit-lead";

const payload = {} as LeadPayload;
const answering = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("submitLead", () => {
  it("returns the lead id", async () => {
    expect(await submitLead(payload, answering(201, { lead_id: 7 }))).toEqual({ ok: true, leadId: 7 });
  });

  it("shows the server's error and field errors", async () => {
    expect(await submitLead(payload, answering(503, { message: "Try again" }))).toEqual({ ok: false, message: "Try again", fieldErrors: {} });
    const invalid = await submitLead(payload, answering(400, { message: "Bad", fieldErrors: { "values.postcode": ["Invalid postcode. Please enter a 4-digit number."] } }));
    expect(invalid).toMatchObject({ ok: false, fieldErrors: { "values.postcode": ["Invalid postcode. Please enter a 4-digit number."] } });
  });

  it("falls back to the spec's texts", async () => {
    expect(await submitLead(payload, answering(500, "oops"))).toMatchObject({ message: FORM_SUBMIT_ERROR });
    expect(await submitLead(payload, answering(200, {}))).toMatchObject({ message: UNEXPECTED_LEAD_ERROR });
    const offline = (async () => {
      throw new TypeError("network");
    }) as unknown as typeof fetch;
    expect(await submitLead(payload, offline)).toMatchObject({ message: FORM_SUBMIT_ERROR });
  });
});
