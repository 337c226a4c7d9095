import { FORM_SUBMIT_ERROR, UNEXPECTED_LEAD_ERROR } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { submitLead } from "./submit-lead";

const answering = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("submitLead", () => {
  it("returns the lead id", async () => {
    expect(await submitLead("{}", "k", answering(201, { lead_id: 7 }))).toEqual({ ok: true, leadId: 7 });
  });

  it("shows the server's error and field errors", async () => {
    expect(await submitLead("{}", "k", answering(503, { message: "Try again" }))).toEqual({ ok: false, message: "Try again", fieldErrors: {} });
    const invalid = await submitLead("{}", "k", answering(400, { message: "Bad", fieldErrors: { "values.postcode": ["Invalid postcode. Please enter a 4-digit number."] } }));
    expect(invalid).toMatchObject({ ok: false, fieldErrors: { "values.postcode": ["Invalid postcode. Please enter a 4-digit number."] } });
  });

  it("falls back to the spec's texts", async () => {
    expect(await submitLead("{}", "k", answering(500, "oops"))).toMatchObject({ message: FORM_SUBMIT_ERROR });
    expect(await submitLead("{}", "k", answering(200, {}))).toMatchObject({ message: UNEXPECTED_LEAD_ERROR });
  });

  it("retries a network failure once with the same Idempotency-Key", async () => {
    const keys: string[] = [];
    let calls = 0;
    const flaky = (async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get("idempotency-key") ?? "");
      calls += 1;
      if (calls === 1) throw new TypeError("network");
      return new Response(JSON.stringify({ lead_id: 9 }), { status: 201 });
    }) as unknown as typeof fetch;
    expect(await submitLead("{}", "key-x", flaky)).toEqual({ ok: true, leadId: 9 });
    expect(keys).toEqual(["key-x", "key-x"]);
    const offline = (async () => {
      throw new TypeError("network");
    }) as unknown as typeof fetch;
    expect(await submitLead("{}", "k", offline)).toMatchObject({ message: FORM_SUBMIT_ERROR });
  });
});
