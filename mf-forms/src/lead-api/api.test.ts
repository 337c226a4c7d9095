import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
import { insertSite } from "../../../db/test-support/fragment-request";
import { carInput } from "@dealer/shared/testing";
import type { Env, LeadMessage } from "../env";
import { INVALID_LEAD, KEY_REUSED, LEAD_BODY_MAX_BYTES, LEAD_STORE_FAILED, RATE_LIMITED } from "../leads/guard";
import { createLeadApi } from "./api";

let db: D1Database;
let dispose: () => Promise<void>;
const app = createLeadApi();
const queued: number[] = [];
const queue = {
  send: async (message: LeadMessage) => void queued.push(message.leadId),
  sendBatch: async (messages: { body: LeadMessage }[]) => void queued.push(...messages.map((m) => m.body.leadId)),
} as unknown as Queue<LeadMessage>;
const HOST = "harbour-city-motors.localhost:8787";
let client = 0;

const values = { name: "Jo Citizen", email: "jo@example.com", phone: "0412 345 678", postcode: "4000", message: "Is it available?", opt_in: true };
const payload = (over: Record<string, unknown> = {}) => ({
  kind: "enquiry",
  values,
  userData: { url: "http://harbour-city-motors.localhost:8787/cars/x", source: "Website", user_agent: "test", car_id: 501, car_dealership_id: 99, lead_attributes: { visited_pages: [], linked_query_params: {} } },
  ...over,
});

type PostOptions = { host?: string; database?: D1Database; headers?: Record<string, string>; env?: Partial<Env> };
function post(body: unknown, { host = HOST, database = db, headers = {}, env = {} }: PostOptions = {}) {
  // Each call is its own client unless a test says otherwise, so the rate limit stays out of the way.
  client += 1;
  return app.request(
    "/api/leads",
    {
      method: "POST",
      headers: { host, "content-type": "application/json", "cf-connecting-ip": `10.0.0.${client}`, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    { DB: database, LEAD_QUEUE: queue, ...env },
  );
}

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertSite(db, "harbour-city-motors");
  await insertSite(db, "metro-certified", { forms: { messageOptional: true } });
  await db.prepare("INSERT INTO site_domains (domain, site) VALUES ('www.metrocertified.com.au', 'metro-certified')").run();
  await db.prepare("INSERT INTO dealerships (id, site, slug, name, finance_provider, data) VALUES (3, 'harbour-city-motors', 'harbour-city-mazda', 'Mazda', 'none', '{}'), (7, 'metro-certified', 'metro', 'Metro', 'none', '{}')").run();
  const car = carInput({ id: 501, slug: "car", stocknum: "S1", dealership_id: 3, dealership_slug: "harbour-city-mazda" });
  await db.prepare("INSERT INTO vehicles (id, site, dealership_id, slug, stocknum, status, updated_at, data) VALUES (501, 'harbour-city-motors', 3, 'car', 'S1', 'in_stock', 'now', ?)").bind(JSON.stringify(car)).run();
});
afterAll(() => dispose());

describe("POST /api/leads: storing", () => {
  it("stores a valid lead as pending for the Host's site, queues it and answers 201 {lead_id}", async () => {
    const response = await post(payload());
    expect(response.status).toBe(201);
    const { lead_id } = (await response.json()) as { lead_id: number };
    const row = await db.prepare("SELECT * FROM leads WHERE id = ?").bind(lead_id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ site: "harbour-city-motors", kind: "enquiry", car_id: 501, dealership_id: 3, delivery_status: "pending", attempts: 0 });
    expect(row?.queued_at).toEqual(expect.any(String));
    const data = JSON.parse(String(row?.data));
    expect(data).toMatchObject({ kind: "enquiry", values: { name: "Jo Citizen", postcode: "4000" }, consent: { opt_in: true, privacy_notice: expect.any(String) } });
    expect(queued).toContain(lead_id);
  });

  it("finds a site by its own domain or a trailing-dot host, and gives a car-less lead the site's dealership", async () => {
    const response = await post(payload({ values: { ...values, message: "" }, userData: { ...payload().userData, car_id: undefined } }), { host: "WWW.metrocertified.com.au." });
    expect(response.status).toBe(201);
    const { lead_id } = (await response.json()) as { lead_id: number };
    expect(await db.prepare("SELECT site, car_id, dealership_id FROM leads WHERE id = ?").bind(lead_id).first()).toEqual({ site: "metro-certified", car_id: null, dealership_id: 7 });
    expect((await post(payload(), { host: "harbour-city-motors.localhost.:8787" })).status).toBe(201);
  });

  it("keeps a lead stored when the queue is down (the sweep queues it later)", async () => {
    const down = { send: async () => Promise.reject(new Error("queue down")) } as unknown as Queue<LeadMessage>;
    const response = await post(payload(), { env: { LEAD_QUEUE: down } });
    expect(response.status).toBe(201);
    const { lead_id } = (await response.json()) as { lead_id: number };
    expect(await db.prepare("SELECT delivery_status, queued_at FROM leads WHERE id = ?").bind(lead_id).first()).toEqual({ delivery_status: "pending", queued_at: null });
  });

  it("queues a stored lead on the retry when the first queue send failed, and a queued one never again", async () => {
    const down = { send: async () => Promise.reject(new Error("queue down")) } as unknown as Queue<LeadMessage>;
    const headers = { "idempotency-key": "key-queue-retry-1" };
    const first = await post(payload(), { headers, env: { LEAD_QUEUE: down } });
    const { lead_id } = (await first.json()) as { lead_id: number };
    expect(queued).not.toContain(lead_id);
    const retried = await post(payload(), { headers });
    expect(retried.status).toBe(201);
    expect(await retried.json()).toEqual({ lead_id, next: expect.any(Array) });
    expect(queued.filter((id) => id === lead_id)).toHaveLength(1);
    const { queued_at } = (await db.prepare("SELECT queued_at FROM leads WHERE id = ?").bind(lead_id).first<{ queued_at: string }>()) ?? { queued_at: null };
    expect(queued_at).toEqual(expect.any(String));
    // Two more retries at once: the lead is on the queue already, so neither sends it again.
    await Promise.all([post(payload(), { headers }), post(payload(), { headers })]);
    expect(queued.filter((id) => id === lead_id)).toHaveLength(1);
    expect(await db.prepare("SELECT queued_at FROM leads WHERE id = ?").bind(lead_id).first()).toEqual({ queued_at });
  });

  it("answers 404 for a host no site answers on", async () => {
    expect((await post(payload(), { host: "nobody.localhost:8787" })).status).toBe(404);
    expect((await post(payload(), { host: "evil.example.com" })).status).toBe(404);
  });

  it("answers 503 with a clear message when the lead cannot be stored", async () => {
    const broken = await createTestD1();
    try {
      await insertSite(broken.db, "harbour-city-motors");
      await broken.db.prepare("INSERT INTO dealerships (id, site, slug, name, finance_provider, data) VALUES (3, 'harbour-city-motors', 'harbour-city-mazda', 'Mazda', 'none', '{}')").run();
      await broken.db.prepare("DROP TABLE leads").run();
      const response = await post(payload({ userData: { ...payload().userData, car_id: undefined } }), { database: broken.db });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: LEAD_STORE_FAILED });
    } finally {
      await broken.dispose();
    }
  });

  it("answers a body that cannot be a lead with 400 without reading storage, so a failing D1 never turns it into a 503", async () => {
    const failing = { prepare: () => { throw new Error("D1 is busy"); } } as unknown as D1Database;
    for (const body of ["", "{", "null", "[]", JSON.stringify({ kind: "no-such-kind" })]) {
      const response = await post(body, { database: failing });
      expect(response.status, body).toBe(400);
      expect((await response.json()).message).toBe(INVALID_LEAD);
    }
    const form = await app.request("/api/leads", { method: "POST", headers: { host: HOST, "content-type": "application/x-www-form-urlencoded" }, body: "" }, { DB: failing, LEAD_QUEUE: queue });
    expect(form.status).toBe(400);
  });
});

describe("POST /api/leads: the dev-only store fault (ADR 0024)", () => {
  it("fails the store write in a local session only; a retry with the same key stores the lead once", async () => {
    const fault = { "x-dev-fault": "mf-forms=store-fail:100" };
    const body = payload({ values: { ...values, email: "fault@example.com" } });
    // Half the faults strike after the write: the lead is stored, the answer lost (the retry below finds it).
    const failed = await post(body, { headers: { ...fault, "idempotency-key": "key-fault-1" }, env: { LOCAL_DEV: "on" } });
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ message: LEAD_STORE_FAILED });
    const retried = await post(body, { headers: { "idempotency-key": "key-fault-1" }, env: { LOCAL_DEV: "on" } });
    expect(retried.status).toBe(201);
    const { n } = (await db.prepare("SELECT COUNT(*) AS n FROM leads WHERE idempotency_key = 'key-fault-1'").first<{ n: number }>()) ?? { n: 0 };
    expect(n).toBe(1);
    // Without LOCAL_DEV=on (a deployed Worker) the header does nothing.
    expect((await post(body, { headers: { ...fault, "idempotency-key": "key-fault-2" } })).status).toBe(201);
  });
});

describe("POST /api/leads: idempotency", () => {
  it("stores one lead per Idempotency-Key and answers a retry with the first answer", async () => {
    const headers = { "idempotency-key": "key-retry-1" };
    const first = await post(payload(), { headers });
    const again = await post(payload(), { headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await db.prepare("SELECT COUNT(*) AS n FROM leads WHERE idempotency_key = 'key-retry-1'").first()).toEqual({ n: 1 });
  });

  it("makes one lead of two submits racing with the same key", { timeout: 20_000 }, async () => {
    const headers = { "idempotency-key": "key-race-1" };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(payload(), { headers })));
    const ids = new Set(await Promise.all(answers.map(async (answer) => ((await answer.json()) as { lead_id: number }).lead_id)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(ids.size).toBe(1);
    expect(await db.prepare("SELECT COUNT(*) AS n FROM leads WHERE idempotency_key = 'key-race-1'").first()).toEqual({ n: 1 });
  });

  it("refuses a key reused for different details, and a malformed key", async () => {
    const headers = { "idempotency-key": "key-reuse-1" };
    expect((await post(payload(), { headers })).status).toBe(201);
    const reused = await post(payload({ values: { ...values, message: "Another car" } }), { headers });
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({ message: KEY_REUSED });
    const bad = await post(payload(), { headers: { "idempotency-key": "x".repeat(300) } });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fieldErrors: object }).fieldErrors)).toEqual(["Idempotency-Key"]);
  });
});

describe("POST /api/leads: refusals", () => {
  it("refuses a car, location or dealership that is not this site's with 400 naming the field, and stores nothing", async () => {
    const count = async () => (await db.prepare("SELECT COUNT(*) AS n FROM leads").first<{ n: number }>())?.n;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [payload({ userData: { ...payload().userData, car_id: 999 } }), "userData.car_id"],
      [payload({ values: { ...values, location: "9999" } }), "values.location"],
      [payload({ values: { ...values, location_id: 9999 } }), "values.location_id"],
      // Metro's dealership is another site's.
      [payload({ userData: { ...payload().userData, car_id: undefined }, values: { ...values, dealership_slug: "metro" } }), "values.dealership_slug"],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toHaveProperty([field]);
    }
    expect(await count()).toBe(before);
  });

  it("answers 400 with field errors: postcode, required message, email, a field too long", async () => {
    const response = await post(payload({ values: { ...values, postcode: "400", message: " ", email: "nope", name: "n".repeat(100_00) } }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; fieldErrors: Record<string, string[]> };
    expect(body.message).toBe("Please fix the following errors:");
    expect(body.fieldErrors["values.postcode"]).toEqual(["Invalid postcode. Please enter a 4-digit number."]);
    expect(body.fieldErrors["values.message"]).toBeDefined();
    expect(body.fieldErrors["values.email"]).toBeDefined();
    expect(body.fieldErrors["values.name"]).toEqual(["Please use at most 200 characters."]);
    expect((await post(payload({ kind: "sell_everything" }))).status).toBe(400);
    expect((await post("not json")).status).toBe(400);
  });

  it("answers 413 for a body over the limit before reading it", async () => {
    const response = await post(payload({ values: { ...values, message: "m".repeat(LEAD_BODY_MAX_BYTES) } }));
    expect(response.status).toBe(413);
  });

  // Cross-site posts are the gateway's to refuse (ADR 0057: shared/src/http/same-site.ts, tests/http/same-site.test.ts).
  it("refuses text/plain, the body another site's form could send without a preflight", async () => {
    expect((await post(payload(), { headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await post(payload(), { headers: { origin: "http://harbour-city-motors.localhost:8787" } })).status).toBe(201);
  });

  it("limits leads per client with 429 and Retry-After", async () => {
    // An hour's window: five posts never straddle two windows (a minute's did, once in CI).
    const env = { LEAD_RATE_LIMIT: "3/3600" };
    const headers = { "cf-connecting-ip": "192.0.2.99" };
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await post(payload(), { headers, env }));
    expect(statuses.map((response) => response.status)).toEqual([201, 201, 201, 429, 429]);
    const limited = statuses[4];
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited?.json()).toEqual({ message: RATE_LIMITED });
  });

  it("drops what fills the honeypot", async () => {
    expect((await post(payload({ website: "http://spam.example" }))).status).toBe(400);
  });
});

describe("POST /api/leads: a plain form post", () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post(new URLSearchParams(fields).toString(), {
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://harbour-city-motors.localhost:8787", referer: "http://harbour-city-motors.localhost:8787/contact", ...headers },
    });
  const fields = { kind: "enquiry", "values.name": "Pat", "values.email": "pat@example.com", "values.phone": "0412 345 678", "values.postcode": "4000", "values.message": "Hi", "values.opt_in": "on", idempotency_key: "form-key-1" };

  it("stores the lead and sends the browser to /success; the same form sent twice is one lead", async () => {
    const first = await form(fields);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/success");
    expect((await form(fields)).status).toBe(303);
    const row = await db.prepare("SELECT data FROM leads WHERE idempotency_key = 'form-key-1'").all<{ data: string }>();
    expect(row.results).toHaveLength(1);
    expect(JSON.parse(row.results[0]?.data ?? "{}")).toMatchObject({ values: { name: "Pat", opt_in: true }, userData: { url: "http://harbour-city-motors.localhost:8787/contact", source: "Website" } });
  });

  it("answers a page naming each error, with a way back to the form", async () => {
    const response = await form({ ...fields, "values.postcode": "12", idempotency_key: "form-key-2" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please fix the following errors:");
    expect(html).toContain("Invalid postcode. Please enter a 4-digit number.");
    expect(html).toContain('href="/contact"');
  });
});
