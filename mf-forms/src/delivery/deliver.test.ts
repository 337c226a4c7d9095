import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
import { insertSite } from "../../../db/test-support/fragment-request";
import type { Env, LeadMessage } from "../env";
import { consumeDeadLetters, consumeLeads, deliverLead, retryDelaySeconds } from "./deliver";
import { signWebhook } from "../lead-formats/formats";
import { sweepPendingLeads } from "./queue";

let db: D1Database;
let dispose: () => Promise<void>;
// The SSRF guard is tested in shared/src/http/outbound-guard.test.ts; here the receivers are stand-ins on made-up hosts.
const env = (over: Partial<Env> = {}) => ({ DB: db, LOCAL_DEV: "on", ...over }) as Env;
const lead = { kind: "enquiry", values: { name: "Jo <Citizen>", email: "jo@example.com", phone: "0412 345 678", postcode: "4000", message: "Hi & bye" }, userData: { url: "http://x/cars/y" } };

async function storedLead(createdAt = new Date().toISOString()): Promise<number> {
  const row = await db
    .prepare("INSERT INTO leads (site, kind, car_id, dealership_id, created_at, data) VALUES ('harbour-city-motors', 'enquiry', NULL, 3, ?, ?) RETURNING id")
    .bind(createdAt, JSON.stringify(lead))
    .first<{ id: number }>();
  return row?.id ?? -1;
}

type Call = { url: string; headers: Headers; body: string };
function receiver(statuses: number[]) {
  const calls: Call[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    calls.push({ url, headers: new Headers(init.headers), body: String(init.body) });
    return new Response(null, { status: statuses.shift() ?? 200 });
  }) as unknown as typeof fetch;
  return { calls, fetcher };
}

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertSite(db, "harbour-city-motors");
  await db.prepare("INSERT INTO dealerships (id, site, slug, name, finance_provider, data) VALUES (3, 'harbour-city-motors', 'harbour-city-mazda', 'Mazda', 'none', '{}')").run();
  await db
    .prepare("INSERT INTO lead_destinations (site, dealership_id, kind, target, format, secret, created_at) VALUES ('harbour-city-motors', 3, 'webhook', 'https://crm.example/leads', 'json', 'sixteen-char-secret', 'now')")
    .run();
});
afterAll(() => dispose());

describe("deliverLead", () => {
  it("sends a signed JSON webhook and writes the dealership's mail to the outbox, once each", async () => {
    const id = await storedLead();
    const { calls, fetcher } = receiver([200]);
    expect(await deliverLead(env(), id, fetcher)).toBe(true);
    const [call] = calls;
    expect(call?.url).toBe("https://crm.example/leads");
    expect(JSON.parse(call?.body ?? "{}")).toMatchObject({ lead_id: id, dealership_slug: "harbour-city-mazda", values: { name: "Jo <Citizen>" } });
    const timestamp = Number(call?.headers.get("x-lead-timestamp"));
    expect(call?.headers.get("x-lead-signature")).toBe(`sha256=${await signWebhook("sixteen-char-secret", timestamp, call?.body ?? "")}`);
    expect(await db.prepare("SELECT recipient, subject FROM lead_outbox WHERE lead_id = ?").bind(id).first()).toEqual({
      recipient: "leads@harbour-city-mazda.dealers.local",
      subject: `New enquiry lead #${id} from Jo <Citizen>`,
    });
    expect(await db.prepare("SELECT delivery_status FROM leads WHERE id = ?").bind(id).first()).toEqual({ delivery_status: "delivered" });
    // A second delivery of a delivered lead sends nothing (the queue is at least once).
    expect(await deliverLead(env(), id, fetcher)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it("logs a failed try per destination and retries only what failed", async () => {
    const id = await storedLead();
    const { calls, fetcher } = receiver([500, 200]);
    expect(await deliverLead(env(), id, fetcher)).toBe(false);
    const log = await db.prepare("SELECT destination, status, attempts, last_error FROM lead_deliveries WHERE lead_id = ? ORDER BY destination").bind(id).all();
    expect(log.results).toEqual([
      { destination: "email:dealership", status: "delivered", attempts: 1, last_error: null },
      // The shopper's receipt (the local outbox here) is logged like any destination.
      { destination: "receipt:email", status: "delivered", attempts: 1, last_error: null },
      { destination: "webhook:1", status: "pending", attempts: 1, last_error: "HTTP 500" },
    ]);
    expect(await deliverLead(env(), id, fetcher)).toBe(true);
    expect(calls).toHaveLength(2);
    expect(await db.prepare("SELECT status, attempts FROM lead_deliveries WHERE lead_id = ? AND destination = 'webhook:1'").bind(id).first()).toEqual({ status: "delivered", attempts: 2 });
  });
});

describe("deliverLead: guards and mail", () => {
  async function leadOfDealership(dealershipId: number, destination: { kind: string; target: string }): Promise<number> {
    await db.prepare("INSERT OR IGNORE INTO dealerships (id, site, slug, name, finance_provider, data) VALUES (?, 'harbour-city-motors', ?, 'D', 'none', '{}')").bind(dealershipId, `d${dealershipId}`).run();
    await db
      .prepare("INSERT INTO lead_destinations (site, dealership_id, kind, target, format, secret, created_at) VALUES ('harbour-city-motors', ?, ?, ?, 'json', NULL, 'now')")
      .bind(dealershipId, destination.kind, destination.target)
      .run();
    const row = await db
      .prepare("INSERT INTO leads (site, kind, dealership_id, created_at, data) VALUES ('harbour-city-motors', 'enquiry', ?, '2026-01-01T00:00:00.000Z', ?) RETURNING id")
      .bind(dealershipId, JSON.stringify(lead))
      .first<{ id: number }>();
    return row?.id ?? -1;
  }

  it("in production a webhook to a private address is never called: the try is logged with the reason", async () => {
    const id = await leadOfDealership(5, { kind: "webhook", target: "http://169.254.169.254/latest/meta-data" });
    const { calls, fetcher } = receiver([200]);
    expect(await deliverLead(env({ LOCAL_DEV: undefined }), id, fetcher)).toBe(false);
    expect(calls).toHaveLength(0);
    const log = await db.prepare("SELECT last_error FROM lead_deliveries WHERE lead_id = ? AND destination LIKE 'webhook:%'").bind(id).first();
    expect(log).toEqual({ last_error: "Webhook URLs must use https." });
  });

  it("with a send_email binding, a dealer's address gets the mail (and the outbox keeps it); a failed send is retried", async () => {
    const id = await leadOfDealership(6, { kind: "email", target: "sales@dealer.example" });
    const sent: { to: string; subject: string }[] = [];
    let failing = true;
    const SEND_EMAIL = {
      send: async (message: { to: string; subject: string }) => {
        if (failing) throw new Error("send_email: destination not verified");
        sent.push(message);
        return {};
      },
    };
    expect(await deliverLead(env({ SEND_EMAIL, LEAD_EMAIL_FROM: "leads@platform.example" }), id)).toBe(false);
    failing = false;
    expect(await deliverLead(env({ SEND_EMAIL, LEAD_EMAIL_FROM: "leads@platform.example" }), id)).toBe(true);
    expect(sent).toEqual([expect.objectContaining({ to: "sales@dealer.example", subject: `New enquiry lead #${id} from Jo <Citizen>` })]);
    const outbox = await db.prepare("SELECT recipient FROM lead_outbox WHERE lead_id = ? ORDER BY recipient").bind(id).all();
    expect(outbox.results).toEqual([{ recipient: "leads@d6.dealers.local" }, { recipient: "sales@dealer.example" }]);
  });
});

describe("queue consumers", () => {
  function batch(queue: string, leadIds: number[], attempts = 1) {
    const outcome: Record<number, string> = {};
    const messages = leadIds.map((leadId) => ({
      body: { leadId },
      attempts,
      ack: () => void (outcome[leadId] = "ack"),
      retry: (options?: { delaySeconds?: number }) => void (outcome[leadId] = `retry ${options?.delaySeconds}`),
    }));
    return { batch: { queue, messages } as unknown as MessageBatch<LeadMessage>, outcome };
  }

  it("acks delivered leads, retries the rest with backoff, and the dead-letter queue marks them failed", async () => {
    const good = await storedLead();
    const bad = await storedLead();
    const { fetcher } = receiver([200, 503]);
    const run = batch("dealer-leads", [good, bad], 3);
    await consumeLeads(run.batch, env(), fetcher);
    expect(run.outcome).toEqual({ [good]: "ack", [bad]: `retry ${retryDelaySeconds(3)}` });
    const dead = batch("dealer-leads-dlq", [bad]);
    await consumeDeadLetters(dead.batch, env());
    expect(dead.outcome).toEqual({ [bad]: "ack" });
    expect(await db.prepare("SELECT delivery_status FROM leads WHERE id = ?").bind(bad).first()).toEqual({ delivery_status: "failed" });
  });

  it("backs off 2, 4, 8 ... seconds up to 5 minutes", () => {
    expect([1, 2, 3, 4, 10].map(retryDelaySeconds)).toEqual([2, 4, 8, 16, 300]);
  });
});

describe("sweepPendingLeads", () => {
  it("queues pending leads that never reached the queue", async () => {
    const stranded = await storedLead(new Date(Date.now() - 5 * 60 * 1000).toISOString());
    const sent: number[] = [];
    const queue = { sendBatch: async (messages: { body: LeadMessage }[]) => void sent.push(...messages.map((m) => m.body.leadId)) } as unknown as Queue<LeadMessage>;
    await sweepPendingLeads(env({ LEAD_QUEUE: queue }));
    expect(sent).toContain(stranded);
    expect(await db.prepare("SELECT queued_at IS NOT NULL AS queued FROM leads WHERE id = ?").bind(stranded).first()).toEqual({ queued: 1 });
  });

  it("of one site only when a dealer runs it", async () => {
    const stranded = await storedLead(new Date(Date.now() - 5 * 60 * 1000).toISOString());
    const sent: number[] = [];
    const queue = { sendBatch: async (messages: { body: LeadMessage }[]) => void sent.push(...messages.map((m) => m.body.leadId)) } as unknown as Queue<LeadMessage>;
    expect(await sweepPendingLeads(env({ LEAD_QUEUE: queue }), new Date(), "summit-auto-group")).toBe(0);
    expect(await sweepPendingLeads(env({ LEAD_QUEUE: queue }), new Date(), "harbour-city-motors")).toBeGreaterThan(0);
    expect(sent).toContain(stranded);
  });
});
