import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { query } from "../support/db";
import { emailOutbox, newClient, newMobile } from "../support/accounts";
import { dealerLeads, postLead, enquiry } from "../support/leads";
import { fetchSite, GATEWAY_PORT } from "../support/platform";
import { postDealerForm, signedInStaff } from "../support/staff";

/**
 * Issue 23 (ADR 0049): the vehicle page's instant-message chat. A shopper's first message opens a conversation that
 * is a lead of kind chat; the dealership answers from its inbox or its API; the shopper reads replies through the
 * cookie only their browser holds, and hears of them by e-mail or SMS.
 */
const HARBOUR = "harbour-city-motors";
const SUMMIT = "summit-auto-group";
/** A site that does not offer chat. */
const METRO = "metro-certified";
const TERMS_ERROR = "*You must agree to the terms of use before submitting.";

type Car = { id: number; dealership: string };
function carOf(site: string): Car {
  const [row] = query<Car>(
    `SELECT v.id, d.slug AS dealership FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id WHERE v.site = '${site}' AND v.status = 'in_stock' ORDER BY v.id LIMIT 1`,
  );
  if (!row) throw new Error(`no car on ${site}`);
  return row;
}
const harbourCar = carOf(HARBOUR);
const summitCar = carOf(SUMMIT);
/** Another of the group's dealerships than the car's. */
const otherSummitDealership = query<{ slug: string }>(`SELECT slug FROM dealerships WHERE site = '${SUMMIT}' AND slug != '${summitCar.dealership}' ORDER BY id LIMIT 1`)[0]?.slug ?? "";

const origin = (site: string) => `http://${site}.localhost:${GATEWAY_PORT}`;
type Answer = { status: number; body: Record<string, unknown> & { messages?: { id: number; from: string; name: string; body: string }[]; fieldErrors?: Record<string, string[]> }; cookie: string };

async function chatCall(site: string, method: "GET" | "POST", path: string, options: { body?: unknown; cookie?: string; client?: Record<string, string>; type?: string } = {}): Promise<Answer> {
  const response = await fetchSite(site, path, {
    method,
    headers: {
      origin: origin(site),
      ...(options.client ?? newClient()),
      ...(options.body === undefined ? {} : { "content-type": options.type ?? "application/json" }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.body === undefined ? {} : { body: typeof options.body === "string" ? options.body : JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Answer["body"], cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "" };
}

const opening = (car: Car, values: Record<string, unknown> = {}, message = "Is it still available?") => ({
  car_id: car.id,
  message,
  page_url: "http://example/cars/x",
  values: { name: "Jo Chat", email: `chat-${randomUUID()}@example.com`, phone: "0412 345 678", opt_in: true, ...values },
});

async function openChat(site: string, car: Car, values: Record<string, unknown> = {}) {
  const answer = await chatCall(site, "POST", "/api/leads/chat", { body: opening(car, values) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.cookie).toMatch(/^__Host-chat=[A-Za-z0-9_-]{43}$/);
  return { leadId: answer.body.lead_id as number, cookie: answer.cookie };
}

const replyByKey = (site: string, dealership: string, leadId: number, message: unknown) =>
  fetchSite(site, `/api/leads/${leadId}/replies`, { method: "POST", headers: { authorization: `Bearer write-${dealership}`, "content-type": "application/json" }, body: JSON.stringify({ message }) });

describe("instant-message chat", () => {
  it("opens a conversation that is a chat lead in the dealer's inbox; only the browser with its cookie reads and adds to it", async () => {
    const email = `chat-${randomUUID()}@example.com`;
    const { leadId, cookie } = await openChat(HARBOUR, harbourCar, { email });
    const read = await chatCall(HARBOUR, "GET", "/api/leads/chat", { cookie });
    expect(read.status).toBe(200);
    expect(read.body.messages?.map((message) => [message.from, message.body])).toEqual([["shopper", "Is it still available?"]]);

    // Another browser (no cookie, a made-up one) and another site (the same cookie sent to another host) read nothing.
    expect((await chatCall(HARBOUR, "GET", "/api/leads/chat")).status).toBe(204);
    expect((await chatCall(HARBOUR, "GET", "/api/leads/chat", { cookie: `__Host-chat=${"A".repeat(43)}` })).status).toBe(204);
    expect((await chatCall(SUMMIT, "GET", "/api/leads/chat", { cookie })).status).toBe(204);
    expect((await chatCall(HARBOUR, "POST", "/api/leads/chat/messages", { body: { message: "Hello?" } })).status).toBe(404);

    const added = await chatCall(HARBOUR, "POST", "/api/leads/chat/messages", { cookie, body: { message: "Does it have a tow bar?" } });
    expect(added.status).toBe(201);
    const firstId = read.body.messages?.[0]?.id ?? 0;
    const after = await chatCall(HARBOUR, "GET", `/api/leads/chat?after=${firstId}`, { cookie });
    expect(after.body.messages?.map((message) => message.body)).toEqual(["Does it have a tow bar?"]);

    // The lead: kind chat with its consent, delivered like any lead (the shopper's receipt says a reply comes here).
    const lead = (await dealerLeads(HARBOUR, `write-${harbourCar.dealership}`, "?limit=50")).find((candidate) => candidate.lead_id === leadId) as unknown as {
      kind: string;
      record: { category: string; message: string; vehicle: { id: number }; customer: { consent: { opt_in: boolean } } };
      chat: { author: string; body: string }[];
    };
    expect(lead.kind).toBe("chat");
    expect(lead.record).toMatchObject({ category: "Chat", message: "Is it still available?", vehicle: { id: harbourCar.id }, customer: { consent: { opt_in: true } } });
    expect(lead.chat.map((message) => message.author)).toEqual(["shopper", "shopper"]);
  });

  it("a staff reply from the inbox is audited, shows on the shopper's side, and is e-mailed to them; SMS when they chose it", async () => {
    const email = `chat-${randomUUID()}@example.com`;
    const { leadId, cookie } = await openChat(HARBOUR, harbourCar, { email });
    const staff = await signedInStaff(HARBOUR, harbourCar.dealership, "salesperson");
    const inbox = await fetchSite(HARBOUR, "/dealer/leads?limit=50", { headers: { cookie: staff.cookie } });
    expect(await inbox.text()).toContain(`aria-label="Reply to chat ${leadId}"`);
    const replied = await postDealerForm(HARBOUR, "/dealer/leads", { action: "reply", lead_id: String(leadId), message: "Yes, it is. Come and see it." }, staff.cookie);
    expect(replied.status).toBe(303);

    const read = await chatCall(HARBOUR, "GET", "/api/leads/chat", { cookie });
    expect(read.body.messages?.at(-1)).toMatchObject({ from: "dealer", name: "Harbour City Motors", body: "Yes, it is. Come and see it." });
    const audit = query<{ actor: string }>(`SELECT actor FROM audit_log WHERE action = 'chat.reply' AND subject = 'lead ${leadId}'`);
    expect(audit.map((row) => row.actor)).toEqual([expect.stringContaining(staff.email)]);
    const mails = await emailOutbox(HARBOUR, email);
    expect(mails.find((mail) => mail.subject === "Harbour City Motors replied to your chat")?.body).toContain("Yes, it is. Come and see it.");

    // A shopper who asked for texts is also texted; the dealer sees how they were told.
    const texting = await openChat(HARBOUR, harbourCar, { phone: newMobile(), PreferredContactMethod: "SMS" });
    const byKey = await replyByKey(HARBOUR, harbourCar.dealership, texting.leadId, "Booked you in for 10 am.");
    expect(byKey.status).toBe(201);
    expect(((await byKey.json()) as { notified: string }).notified).toBe("email, sms");
  });

  it("refuses another dealership's chat, another site's car, a site without chat and another site's page", async () => {
    const { leadId } = await openChat(SUMMIT, summitCar, { terms_conditions: true });
    // Another of the group's dealerships: neither its key nor its staff reach this conversation.
    expect((await replyByKey(SUMMIT, otherSummitDealership, leadId, "Not ours")).status).toBe(404);
    const otherStaff = await signedInStaff(SUMMIT, otherSummitDealership, "salesperson");
    expect((await postDealerForm(SUMMIT, "/dealer/leads", { action: "reply", lead_id: String(leadId), message: "Not ours" }, otherStaff.cookie)).status).toBe(404);
    // A key of another site is no key here.
    expect((await replyByKey(SUMMIT, harbourCar.dealership, leadId, "Not ours")).status).toBe(401);
    expect((await replyByKey(SUMMIT, summitCar.dealership, leadId, "Ours")).status).toBe(201);

    const wrongCar = await chatCall(SUMMIT, "POST", "/api/leads/chat", { body: opening(harbourCar, { terms_conditions: true }) });
    expect(wrongCar.status).toBe(400);
    expect(Object.keys(wrongCar.body.fieldErrors ?? {})).toEqual(["userData.car_id"]);
    expect((await chatCall(METRO, "POST", "/api/leads/chat", { body: opening(harbourCar) })).status).toBe(404);
    const crossSite = await fetchSite(HARBOUR, "/api/leads/chat", { method: "POST", headers: { origin: origin(SUMMIT), "content-type": "application/json", ...newClient() }, body: JSON.stringify(opening(harbourCar)) });
    expect(crossSite.status).toBe(403);
  });

  it("answers bad input with 4xx and field errors, with the site's own consent rules", async () => {
    const empty = await chatCall(HARBOUR, "POST", "/api/leads/chat", { body: { car_id: harbourCar.id, values: {} } });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fieldErrors ?? {})).toEqual(expect.arrayContaining(["values.name", "values.email", "values.phone", "message"]));
    const noTerms = await chatCall(SUMMIT, "POST", "/api/leads/chat", { body: opening(summitCar) });
    expect(noTerms.body.fieldErrors?.["values.terms_conditions"]).toEqual([TERMS_ERROR]);
    expect((await chatCall(HARBOUR, "POST", "/api/leads/chat", { body: opening(harbourCar, {}, "x".repeat(2001)) })).body.fieldErrors?.message).toBeDefined();
    expect((await chatCall(HARBOUR, "POST", "/api/leads/chat", { body: "{not json" })).status).toBe(400);
    expect((await chatCall(HARBOUR, "POST", "/api/leads/chat", { body: "hello", type: "text/plain" })).status).toBe(415);
    const { cookie, leadId } = await openChat(HARBOUR, harbourCar);
    expect((await chatCall(HARBOUR, "GET", "/api/leads/chat?after=abc", { cookie })).status).toBe(400);
    expect((await chatCall(HARBOUR, "POST", "/api/leads/chat/messages", { cookie, body: { message: " " } })).body.fieldErrors?.message).toEqual(["Please enter a message."]);
    expect((await replyByKey(HARBOUR, harbourCar.dealership, leadId, "")).status).toBe(400);
  });

  it("counts chat messages in the lead forms' rate limit: one client is limited across both", async () => {
    const client = { "cf-connecting-ip": `203.0.113.9-chat-${randomUUID()}` };
    const statuses: number[] = [];
    // Refused bodies count too: the limit is checked before the body is read.
    for (let sent = 0; sent < 20; sent += 1) statuses.push((await chatCall(HARBOUR, "POST", "/api/leads/chat", { client, body: { car_id: harbourCar.id } })).status);
    expect(statuses).toEqual(Array(20).fill(400));
    const limited = await chatCall(HARBOUR, "POST", "/api/leads/chat", { client, body: opening(harbourCar) });
    expect(limited.status).toBe(429);
    // The lead form's next post from that client waits as well.
    expect((await postLead(HARBOUR, enquiry(), client)).status).toBe(429);
  });
});
