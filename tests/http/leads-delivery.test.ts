import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerLeads, enquiry, postLead } from "../support/leads";
import { fetchSite } from "../support/platform";

const SITE = "ridge-motorcycles";
const KEY = "write-ridge-motorcycles";
const SECRET = `whsec-${randomUUID()}`;

type Received = { headers: IncomingMessage["headers"]; body: string };
const received: Received[] = [];
/** Answers 500 to the first `failFirst` deliveries of each lead to each URL, then 200: a CRM that is down for a while. */
let failFirst = 0;
const triesByLead = new Map<string, number>();
let server: Server;
const destinations: number[] = [];

function dealerApi(path: string, method = "GET", body?: unknown) {
  return fetchSite(SITE, path, { method, headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" }, ...(body ? { body: JSON.stringify(body) } : {}) });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      const lead = `${String(request.headers["x-lead-id"])} ${request.url}`;
      const tries = (triesByLead.get(lead) ?? 0) + 1;
      triesByLead.set(lead, tries);
      if (tries <= failFirst) {
        response.writeHead(500).end("down");
        return;
      }
      received.push({ headers: request.headers, body });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  for (const format of ["json", "adf"]) {
    // Version 1: a receiver written before the lead record keeps getting the lead as posted.
    const added = await dealerApi("/api/leads/destinations", "POST", { kind: "webhook", url: `http://127.0.0.1:${port}/${format}`, format, version: 1, secret: SECRET });
    expect(added.status).toBe(201);
    destinations.push(((await added.json()) as { id: number }).id);
  }
});

afterAll(async () => {
  for (const id of destinations) await dealerApi(`/api/leads/destinations/${id}`, "DELETE");
  await new Promise((resolve) => server.close(resolve));
});

describe("lead delivery through the queue", () => {
  it("a CRM that fails twice gets the lead on a later try, signed, as JSON and as ADF/XML; the log shows the tries", { timeout: 60_000 }, async () => {
    failFirst = 2;
    const body = enquiry();
    const email = (body.values as { email: string }).email;
    const answer = await postLead(SITE, body, { "idempotency-key": randomUUID() });
    expect(answer.status).toBe(201);
    const { lead_id } = (await answer.json()) as { lead_id: number };

    await expect.poll(async () => (await dealerLeads(SITE, KEY)).find((lead) => lead.lead_id === lead_id)?.delivery_status, { timeout: 45_000, interval: 500 }).toBe("delivered");
    const mine = received.filter((delivery) => delivery.headers["x-lead-id"] === String(lead_id));
    const json = mine.find((delivery) => delivery.headers["content-type"] === "application/json");
    const adf = mine.find((delivery) => delivery.headers["content-type"] === "application/xml");
    expect(JSON.parse(json?.body ?? "{}")).toMatchObject({ lead_id, site: SITE, values: { email } });
    expect(json?.headers["x-lead-schema-version"]).toBe("1");
    expect(adf?.body).toContain(`<email preferredcontact="0">${email}</email>`);
    for (const delivery of [json, adf]) {
      const timestamp = String(delivery?.headers["x-lead-timestamp"]);
      const expected = createHmac("sha256", SECRET).update(`${timestamp}.${delivery?.body}`).digest("hex");
      expect(delivery?.headers["x-lead-signature"]).toBe(`sha256=${expected}`);
    }
    const lead = (await dealerLeads(SITE, KEY)).find((entry) => entry.lead_id === lead_id);
    const webhooks = lead?.deliveries.filter((delivery) => delivery.destination.startsWith("webhook:")) ?? [];
    expect(webhooks.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
      ["delivered", 3],
      ["delivered", 3],
    ]);
    expect(lead?.deliveries.find((delivery) => delivery.destination === "email:dealership")).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("a retry after a failed queue send queues the stored lead at once; a retry of a queued lead does not queue it again", { timeout: 60_000 }, async () => {
    failFirst = 0;
    const body = enquiry();
    const headers = { "idempotency-key": randomUUID() };
    // The lead is stored, its queue send fails (the dev-only switch, ADR 0030), and the shopper still gets 201.
    const first = await postLead(SITE, body, { ...headers, "x-dev-fault": "mf-forms=queue-fail:100" });
    expect(first.status).toBe(201);
    const { lead_id } = (await first.json()) as { lead_id: number };
    const mine = () => dealerLeads(SITE, KEY).then((leads) => leads.find((lead) => lead.lead_id === lead_id));
    // Not queued: without a retry it would wait for the sweep (a minute and more).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await mine()).toMatchObject({ delivery_status: "pending", queued_at: null, deliveries: [] });

    // The form's retry with the same key (its answer was lost, say) gets the first answer and queues the lead.
    const retry = await postLead(SITE, body, headers);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual({ lead_id, next: expect.any(Array) });
    await expect.poll(async () => (await mine())?.delivery_status, { timeout: 30_000, interval: 500 }).toBe("delivered");
    const delivered = await mine();
    expect(delivered?.queued_at).toEqual(expect.any(String));
    expect(received.filter((delivery) => delivery.headers["x-lead-id"] === String(lead_id))).toHaveLength(2);

    // Once queued, a retry answers the same and leaves the queue alone: queued_at is unchanged.
    expect((await postLead(SITE, body, headers)).status).toBe(201);
    expect((await mine())?.queued_at).toBe(delivered?.queued_at);
    expect(await dealerLeads(SITE, KEY).then((leads) => leads.filter((lead) => lead.lead_id === lead_id))).toHaveLength(1);
  });

  it("the dealership's mail is in its outbox", async () => {
    const outbox = await dealerApi("/api/leads/outbox");
    expect(outbox.status).toBe(200);
    const { mails } = (await outbox.json()) as { mails: { subject: string; recipient: string }[] };
    expect(mails[0]?.recipient).toBe("leads@ridge-motorcycles.dealers.local");
    expect(mails[0]?.subject).toMatch(/^New enquiry lead #\d+ from Jo Citizen$/);
  });

  it("POST /api/leads/sweep runs the cron's sweep for the key's site now, and only with a dealership key", async () => {
    expect((await fetchSite(SITE, "/api/leads/sweep", { method: "POST" })).status).toBe(401);
    expect((await fetchSite(SITE, "/api/leads/sweep", { method: "POST", headers: { authorization: "Bearer write-harbour-city-motors" } })).status).toBe(401);
    const swept = await dealerApi("/api/leads/sweep", "POST");
    expect(swept.status).toBe(200);
    expect(await swept.json()).toEqual({ queued: expect.any(Number) });
  });

  it("a destination must be a URL with a secret of 16 characters or more", async () => {
    const bad = await dealerApi("/api/leads/destinations", "POST", { kind: "webhook", url: "ftp://x", secret: "short" });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fieldErrors: object }).fieldErrors).sort()).toEqual(["secret", "url"]);
  });
});
