import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertConcurrently, concurrentProperty } from "../support/fuzz";
import { postLead } from "../support/leads";
import { signedInStaff } from "../support/staff";
import { fetchSite, GATEWAY_PORT } from "../support/platform";

const SITE = "harbour-city-motors";
const SEED = 20261123;
const headers = (type: string) => ({ "content-type": type, origin: `http://${SITE}.localhost:${GATEWAY_PORT}` });

const valuation = fc.oneof(
  fc.record({ estimate: fc.constant(true), low: fc.oneof(fc.integer(), fc.double()), high: fc.integer(), offer: fc.jsonValue(), comparables: fc.integer() }),
  fc.record({ estimate: fc.constant(false), reason: fc.oneof(fc.constantFrom("age-or-kms", "no-comparables"), fc.string()), message: fc.string({ maxLength: 800 }) }),
  fc.jsonValue(),
);
/** Bodies for /api/miscellaneous: right-looking ones with bent fields, and anything at all. */
const miscBody = fc.oneof(
  fc
    .record({
      lead_id: fc.oneof(fc.integer(), fc.string(), fc.double(), fc.constant(null)),
      lead_key: fc.oneof(fc.uuid(), fc.string({ maxLength: 300 })),
      column_name: fc.option(fc.oneof(fc.constantFrom("valuation", "miscellaneous"), fc.string()), { nil: undefined }),
      valuation,
    })
    .map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
);
/** Offer acceptances to /api/leads, bent. */
const acceptanceBody = fc
  .record({
    kind: fc.constant("offer_acceptance"),
    category: fc.oneof(fc.constant("Trade-In Valuation"), fc.string()),
    subcategory: fc.oneof(fc.constant("3. Offer Accepted"), fc.string()),
    lead_id: fc.oneof(fc.integer(), fc.string(), fc.jsonValue()),
    lead_key: fc.oneof(fc.uuid(), fc.jsonValue()),
    form_completed: fc.oneof(fc.boolean(), fc.jsonValue()),
    offer_accepted: fc.oneof(fc.constant(true), fc.jsonValue()),
    userData: fc.oneof(fc.constant({ url: "http://x/trade-in", source: "Website", user_agent: "fuzz", lead_attributes: {} }), fc.jsonValue()),
  })
  .map((value) => JSON.stringify(value));
/** Sign-in form posts to the dealer inbox. */
/** Lead updates of no real lead (ids far past the demo's), so the fuzz changes nothing other tests read. */
const inboxBody = fc.oneof(
  fc
    .record({
      // An update, or a chat reply (ADR 0049).
      action: fc.constantFrom("update", "reply", ""),
      lead_id: fc.oneof(fc.integer({ min: 1_000_000_000 }).map(String), fc.string({ maxLength: 40 })),
      message: fc.string({ maxLength: 2100 }),
      status: fc.oneof(fc.constantFrom("new", "contacted", "lost"), fc.string({ maxLength: 40 })),
      assigned_to: fc.string({ maxLength: 200 }),
      note: fc.string({ maxLength: 3000 }),
    })
    .map((value) => new URLSearchParams(value).toString()),
  fc.string(),
);

/** Chat openings (ADR 0049) on a site that offers chat, bent; and anything at all. */
const chatOpening = fc.oneof(
  fc
    .record({
      car_id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
      message: fc.oneof(fc.string({ maxLength: 2100 }), fc.jsonValue()),
      page_url: fc.oneof(fc.webUrl(), fc.string({ maxLength: 3000 })),
      values: fc.oneof(
        fc.record({ name: fc.string(), email: fc.oneof(fc.emailAddress(), fc.string()), phone: fc.string({ maxLength: 40 }), opt_in: fc.jsonValue(), PreferredContactMethod: fc.string() }, { requiredKeys: [] }),
        fc.jsonValue(),
      ),
      website: fc.option(fc.string(), { nil: undefined }),
    })
    .map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
);
/** A fresh client per request: the fuzz is about the chat's answers, not the shared rate limit. */
const fuzzClient = () => ({ "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250)}-fuzz-${Math.random().toString(36).slice(2)}` });

describe("new lead APIs fuzzed (fixed seed)", () => {
  it("chat: POST /api/leads/chat, its messages and GET with made-up cookies and queries, and dealer replies: fuzzed requests, never a 5xx", { timeout: 240_000 }, async () => {
    await assertConcurrently(
      concurrentProperty(chatOpening, fc.string({ maxLength: 60 }), async (body, noise) => {
        const open = await fetchSite(SITE, "/api/leads/chat", { method: "POST", headers: { ...headers("application/json"), ...fuzzClient() }, body });
        expect(open.status, body.slice(0, 200)).toBeLessThan(500);
        const cookie = `__Host-chat=${encodeURIComponent(noise)}`;
        const message = await fetchSite(SITE, "/api/leads/chat/messages", { method: "POST", headers: { ...headers("application/json"), ...fuzzClient(), cookie }, body });
        expect(message.status, body.slice(0, 200)).toBeLessThan(500);
        const read = await fetchSite(SITE, `/api/leads/chat?after=${encodeURIComponent(noise)}`, { headers: { cookie } });
        expect(read.status, noise).toBeLessThan(500);
        // The dealer's reply, to no real lead (an id far past the demo's).
        const reply = await fetchSite(SITE, "/api/leads/1000000000/replies", { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer write-${SITE}` }, body });
        expect(reply.status, body.slice(0, 200)).toBeLessThan(500);
      }),
      { numRuns: 100, seed: SEED },
    );
  });

  it("POST /api/miscellaneous: fuzzed bodies, never a 5xx", { timeout: 240_000 }, async () => {
    await assertConcurrently(
      concurrentProperty(miscBody, fc.constantFrom("application/json", "text/plain"), async (body, type) => {
        const response = await fetchSite(SITE, "/api/miscellaneous", { method: "POST", headers: headers(type), body });
        // The answer's own text says which part failed (the remote, or the gateway's "is unavailable").
        if (response.status >= 500) expect.fail(`${response.status} ${await response.text()} for ${type} ${body.slice(0, 200)}`);
      }),
      { numRuns: 200, seed: SEED },
    );
  });

  it("POST /api/leads offer acceptances: fuzzed bodies, never a 5xx", { timeout: 240_000 }, async () => {
    await assertConcurrently(
      concurrentProperty(acceptanceBody, async (body) => {
        const response = await postLead(SITE, body);
        expect(response.status, body.slice(0, 200)).toBeLessThan(500);
      }),
      { numRuns: 200, seed: SEED },
    );
  });

  it("POST and GET /dealer/leads signed in, and with made-up sessions: fuzzed requests, never a 5xx", { timeout: 240_000 }, async () => {
    const { cookie } = await signedInStaff(SITE, SITE, "salesperson");
    await assertConcurrently(
      concurrentProperty(inboxBody, fc.string({ maxLength: 100 }), async (body, query) => {
        const post = await fetchSite(SITE, "/dealer/leads", { method: "POST", headers: { ...headers("application/x-www-form-urlencoded"), cookie }, body });
        expect(post.status, body.slice(0, 200)).toBeLessThan(500);
        const get = await fetchSite(SITE, `/dealer/leads?status=${encodeURIComponent(query)}&from=${encodeURIComponent(query)}`, { headers: { cookie } });
        expect(get.status, query).toBeLessThan(500);
        const madeUp = await fetchSite(SITE, "/dealer/leads", { headers: { cookie: `__Host-staff=${encodeURIComponent(query)}` } });
        expect(madeUp.status, query).toBe(303);
      }),
      { numRuns: 100, seed: SEED },
    );
  });
});
