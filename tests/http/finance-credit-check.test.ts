import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signIn } from "../support/accounts";
import { dealerLeads, postLead } from "../support/leads";
import { fetchSite } from "../support/platform";

const SITE = "harbour-city-motors";
const KEY = "write-harbour-city-motors";

/** The credit-check form's lead as the page sends it. */
const creditCheck = (email: string, consent?: boolean) => ({
  kind: "finance_enquiry",
  form: "credit_check",
  values: { name: "Jo Citizen", email, phone: "0412 345 678", postcode: "4000", category: "Finance Enquiry", subcategory: "Credit check", opt_in: false },
  ...(consent === undefined ? {} : { credit_check_consent: consent }),
  userData: { url: "http://example/finance/credit-check", source: "Website", user_agent: "tests", lead_attributes: { visited_pages: [], linked_query_params: {} } },
});

describe("know your credit score (equifax-style finance)", () => {
  it("is gated under every name a dealer links to; a signed-in shopper gets the form with the consent and their number", async () => {
    for (const path of ["/finance/credit-check", "/credit-check", "/credit-score", "/know-your-credit-score"]) {
      const response = await fetchSite(SITE, path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(`/sign-in?type=credit-check&redirect=${encodeURIComponent(path)}&back=${encodeURIComponent(path)}`);
    }
    const { cookie, phone } = await signIn(SITE);
    const page = await fetchSite(SITE, "/finance/credit-check", { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Know your credit score</h1>");
    expect(html).toContain('name="credit_check_consent"');
    expect(html).toMatch(new RegExp(`name="values.phone"[^>]*value="${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}"`));
    // The sign-in page says why it was asked for.
    expect(await (await fetchSite(SITE, "/sign-in?type=credit-check&redirect=%2Fcredit-check&back=%2F")).text()).toContain("Sign in to check your credit score");
  });

  it("refuses the lead without the consent; with it, stores a finance lead with the consent recorded", async () => {
    const email = `credit-${randomUUID()}@example.com`;
    for (const consent of [undefined, false]) {
      const refused = await postLead(SITE, creditCheck(email, consent), { "idempotency-key": randomUUID() });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.credit_check_consent).toEqual(["Please give your consent to the credit check."]);
    }
    const taken = await postLead(SITE, creditCheck(email, true), { "idempotency-key": randomUUID() });
    expect(taken.status).toBe(201);
    const [stored] = (await dealerLeads(SITE, KEY, "?limit=1000")).filter((lead) => lead.values.email === email);
    expect(stored?.values).toMatchObject({ category: "Finance Enquiry", subcategory: "Credit check" });
    expect((stored as unknown as { credit_check: Record<string, unknown> }).credit_check).toMatchObject({
      consent: true,
      consent_text: expect.stringContaining("obtaining my credit report"),
      consented_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      bureau: "dealership",
      status: "referred",
    });
  });
});
