import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dealerLeads, enquiry, postLead } from "../support/leads";
import { query } from "../support/db";
import { fetchSite, GATEWAY_PORT } from "../support/platform";

const SITE = "harbour-city-motors";
const KEY = "write-harbour-city-motors";

describe("POST /api/leads: stored once", () => {
  it("the same Idempotency-Key, sent again and sent 10 times at once, stores one lead and answers the same lead_id", async () => {
    const key = randomUUID();
    const body = enquiry();
    const first = await postLead(SITE, body, { "idempotency-key": key });
    expect(first.status).toBe(201);
    const answer = (await first.json()) as { lead_id: number };
    const again = await postLead(SITE, body, { "idempotency-key": key });
    expect(again.status).toBe(201);
    // The first answer again, /success's lines included.
    expect(await again.json()).toEqual(answer);

    const raceKey = randomUUID();
    const raced = enquiry();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postLead(SITE, raced, { "idempotency-key": raceKey })));
    const ids = await Promise.all(answers.map(async (answer) => [answer.status, ((await answer.json()) as { lead_id: number }).lead_id]));
    expect(new Set(ids.map(([status]) => status))).toEqual(new Set([201]));
    expect(new Set(ids.map(([, id]) => id)).size).toBe(1);

    const email = (raced.values as { email: string }).email;
    const stored = (await dealerLeads(SITE, KEY, "?limit=1000")).filter((lead) => lead.values.email === email);
    expect(stored).toHaveLength(1);
  });

  it("a key reused for other details is refused with 422", async () => {
    const key = randomUUID();
    expect((await postLead(SITE, enquiry(), { "idempotency-key": key })).status).toBe(201);
    expect((await postLead(SITE, enquiry(), { "idempotency-key": key })).status).toBe(422);
  });

  it("a trailing-dot host, capitals or the dealer's own domain resolve the tenant the pages do", async () => {
    for (const host of [`${SITE}.localhost.:${GATEWAY_PORT}`, `HARBOUR-CITY-MOTORS.localhost:${GATEWAY_PORT}`]) {
      expect((await postLead(SITE, enquiry(), { origin: `http://${host}` }, host)).status, host).toBe(201);
    }
    const page = await fetchSite(SITE, "/contact");
    expect(page.status).toBe(200);
  });
});

describe("POST /api/leads: refusals", () => {
  it("cross-site posts: another site, another tenant, Origin null, text/plain", async () => {
    for (const origin of ["https://evil.example", `http://summit-auto-group.localhost:${GATEWAY_PORT}`, "null"]) {
      const response = await postLead(SITE, enquiry(), { origin });
      expect(response.status, origin).toBe(403);
    }
    const plain = await postLead(SITE, JSON.stringify(enquiry()), { "content-type": "text/plain", origin: "https://evil.example" });
    expect(plain.status).toBe(403);
    const plainSameSite = await postLead(SITE, JSON.stringify(enquiry()), { "content-type": "text/plain" });
    expect(plainSameSite.status).toBe(415);
  });

  it("a body over 64 KB is refused with 413 before it is read; a 10 MB one too", async () => {
    const big = await postLead(SITE, enquiry({}, { message: "m".repeat(70 * 1024) }));
    expect(big.status).toBe(413);
    const started = Date.now();
    const huge = await postLead(SITE, "x".repeat(10 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("a field that is too long answers 400 naming the field", async () => {
    const response = await postLead(SITE, enquiry({}, { name: "n".repeat(5000), message: "m".repeat(6000) }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors["values.name"]).toEqual(["Please use at most 200 characters."]);
    expect(body.fieldErrors["values.message"]).toEqual(["Please use at most 5000 characters."]);
  });

  it("the spec's validation texts come back by field", async () => {
    const response = await postLead(SITE, enquiry({ form: "contact" }, { postcode: "40", category: "", message: "" }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; fieldErrors: Record<string, string[]> };
    expect(body.message).toBe("Please fix the following errors:");
    expect(body.fieldErrors).toEqual({
      "values.postcode": ["Invalid postcode. Please enter a 4-digit number."],
      "values.category": ["Please select a category."],
      "values.location": ["Please select a location."],
      "values.message": ["Please enter a message."],
    });
  });

  it("one client sending many leads is limited with 429 and Retry-After", async () => {
    const client = { "cf-connecting-ip": `203.0.113.${Math.floor(Math.random() * 250)}-rate-${randomUUID()}` };
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 25; i += 1) {
      const response = await postLead(SITE, enquiry(), client);
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get("retry-after");
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe("a plain form post (before the form's script)", () => {
  it("stores the lead and redirects to /success; the same form twice is one lead", async () => {
    const email = `form-${randomUUID()}@example.com`;
    const form = new URLSearchParams({
      kind: "enquiry",
      form: "contact",
      // One of this site's own locations: any other is refused (issue 21).
      "values.location": String(query<{ id: number }>(`SELECT id FROM locations WHERE site = '${SITE}' LIMIT 1`)[0]?.id),
      idempotency_key: randomUUID(),
      "values.name": "Pat Form",
      "values.email": email,
      "values.phone": "(07) 3123 4567",
      "values.postcode": "4000",
      "values.category": "Sales Enquiry",
      "values.message": "Hello",
      "values.opt_in": "on",
      website: "",
    }).toString();
    const post = () => postLead(SITE, form, { "content-type": "application/x-www-form-urlencoded", referer: `http://${SITE}.localhost:${GATEWAY_PORT}/contact` });
    const first = await post();
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/success");
    expect((await post()).status).toBe(303);
    const stored = (await dealerLeads(SITE, KEY, "?limit=1000")).filter((lead) => lead.values.email === email);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.values).toMatchObject({ name: "Pat Form", category: "Sales Enquiry", opt_in: true });
  });

  it("answers a page that names each error and links back to the form", async () => {
    const form = new URLSearchParams({ kind: "enquiry", form: "contact", "values.name": "", "values.email": "x", "values.phone": "1", "values.postcode": "12" }).toString();
    const response = await postLead(SITE, form, { "content-type": "application/x-www-form-urlencoded", referer: `http://${SITE}.localhost:${GATEWAY_PORT}/contact` });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please fix the following errors:");
    expect(html).toContain("Invalid postcode. Please enter a 4-digit number.");
    expect(html).toContain('href="/contact"');
  });
});

describe("the dealer's lead API", () => {
  it("needs the dealership's key, and exports CSV", async () => {
    expect((await fetchSite(SITE, "/api/leads")).status).toBe(401);
    expect((await fetchSite(SITE, "/api/leads", { headers: { authorization: "Bearer search-harbour-city-motors" } })).status).toBe(401);
    const csv = await fetchSite(SITE, "/api/leads?format=csv&status=delivered", { headers: { authorization: `Bearer ${KEY}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    // The dealership's columns, then every field of the lead record (issue 21).
    expect((await csv.text()).split("\r\n")[0]).toMatch(/^lead_id,status,assigned_to,delivery_status,attempts,staff_notes,version,kind,form,created_at,.*,customer\.first_name,customer\.last_name,.*,vehicle\.vin,.*,source\.linked_query_params$/);
    expect((await fetchSite(SITE, "/api/leads?status=lost", { headers: { authorization: `Bearer ${KEY}` } })).status).toBe(400);
  });
});

describe("marketing consent (Spam Act 2003)", () => {
  it.each([
    ["harbour-city-motors", "write-harbour-city-motors"],
    ["ridge-motorcycles", "write-ridge-motorcycles"],
  ])("%s records consent only when the shopper gave it, from the script's JSON and from the plain form alike", async (site, key) => {
    const sent = enquiry();
    const { opt_in: _, ...withoutConsent } = sent.values;
    const json = { ...sent, values: withoutConsent };
    expect((await postLead(site, json)).status).toBe(201);
    const form = new URLSearchParams({ kind: "enquiry", form: "enquiry", "values.name": "Pat Form", "values.email": `pat-${randomUUID()}@example.com`, "values.phone": "0412 345 678", "values.postcode": "4000", "values.message": "Hi", "values.category": "Vehicle Enquiry", website: "" });
    expect((await postLead(site, form.toString(), { "content-type": "application/x-www-form-urlencoded" })).status).toBe(303);
    const stored = (await dealerLeads(site, key, "?limit=1000")).filter((lead) => [json.values.email, form.get("values.email")].includes(String(lead.values.email)));
    expect(stored).toHaveLength(2);
    for (const lead of stored) {
      expect(lead.values.opt_in).toBe(false);
      expect((lead as unknown as { record: { customer: { consent: { opt_in: boolean } } } }).record.customer.consent.opt_in).toBe(false);
    }
  });
});
