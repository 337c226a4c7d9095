import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { randomUUID } from "node:crypto";
import { alertsOnText, EMAIL_NOT_CONFIRMED_MESSAGE, EMAIL_SEND_FAILED_MESSAGE, GARAGE_PATH, WRONG_EMAIL_CODE_MESSAGE } from "@dealer/shared/rules";
import { codeFromEmailOutbox, emailOutbox, newClient, postJson, signIn } from "../support/accounts";
import { operatorApi } from "../support/operator";
import { fetchSite } from "../support/platform";

const SITE = "outback-trucks";
type Row = { id: number; stocknum: string; dealership: string; name: string; price: number };

function stockApi(key: string, path: string, body?: unknown) {
  return fetchSite(SITE, `/api/stock${path}`, {
    method: body ? "POST" : "GET",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

const outbox = async (phone: string) =>
  ((await (await fetchSite(SITE, `/api/auth/sms-outbox?phone=${phone}`)).json()) as { messages: { body: string }[] }).messages.map((message) => message.body);
const dispatch = async () => ((await (await fetchSite(SITE, "/api/alerts/dispatch", { method: "POST" })).json()) as { sent: number }).sent;

/** An in-stock car whose price a test lowers (and puts back), with its stock record and its dealership's key. */
async function carToLower(offset: number) {
  const [car] = query<Row>(
    `SELECT v.id, v.stocknum, d.slug AS dealership, json_extract(v.data, '$.name') AS name, json_extract(v.data, '$.price') AS price FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id
     WHERE v.site = '${SITE}' AND v.status = 'in_stock' AND json_extract(v.data, '$.price') > 20000 AND json_extract(v.data, '$.offer_price') IS NULL ORDER BY v.id LIMIT 1 OFFSET ${offset}`,
  );
  if (!car) throw new Error("no car to lower the price of");
  const key = `write-${car.dealership}`;
  const { vehicles } = (await (await stockApi(key, `/vehicles?stocknum=${encodeURIComponent(car.stocknum)}`)).json()) as { vehicles: Record<string, unknown>[] };
  return { car, key, original: vehicles[0]! };
}

describe("price-drop alerts for watchlisted cars", () => {
  it("a stock batch that lowers a watched car's price texts the shopper who opted in, once; the link unsubscribes", { timeout: 60_000 }, async () => {
    const { car, key, original } = await carToLower(0);

    const watcher = await signIn(SITE);
    const silent = await signIn(SITE);
    for (const shopper of [watcher, silent]) {
      expect((await postJson(SITE, "/api/watchlist/save-car", { phone_number: shopper.phone, car_id: car.id }, { cookie: shopper.cookie })).status).toBe(200);
    }
    // Only one of them opts in (the consent is recorded); the other saved the car but asked for no texts.
    expect(await (await postJson(SITE, "/api/alerts", { opt_in: true }, { cookie: watcher.cookie })).json()).toMatchObject({ success: true, alerts: true });
    expect(await (await fetchSite(SITE, "/my-garage", { headers: { cookie: watcher.cookie } })).text()).toContain("Alerts are on");
    await dispatch();
    const before = (await outbox(watcher.phone)).length;
    try {
      const lowered = car.price - 1500;
      expect((await stockApi(key, "/vehicles/batch", { upsert: [{ ...original, price: lowered }], delete: [] })).status).toBe(200);
      expect(await dispatch()).toBeGreaterThanOrEqual(1);
      const texts = await outbox(watcher.phone);
      expect(texts.length).toBe(before + 1);
      expect(texts[0]).toContain(`Price drop: ${car.name} on your watchlist is now $${lowered.toLocaleString("en-AU")} (was $${car.price.toLocaleString("en-AU")}).`);
      expect((await outbox(silent.phone)).some((text) => text.startsWith("Price drop"))).toBe(false);
      expect(await dispatch()).toBe(0);

      // One tap on the page the text links to.
      const token = /\/pages\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(texts[0] ?? "")?.[1] ?? "";
      expect(await (await fetchSite(SITE, `/pages/unsubscribe?token=${token}`)).text()).toContain(">Unsubscribe</button>");
      const unsubscribed = await fetchSite(SITE, "/api/alerts/unsubscribe", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }).toString(),
      });
      expect(unsubscribed.status).toBe(303);
      expect(await (await fetchSite(SITE, unsubscribed.headers.get("location") ?? "")).text()).toContain("You&#x27;re unsubscribed");
      expect((await stockApi(key, "/vehicles/batch", { upsert: [{ ...original, price: lowered - 1000 }], delete: [] })).status).toBe(200);
      await dispatch();
      expect((await outbox(watcher.phone)).length).toBe(before + 1);
    } finally {
      await stockApi(key, "/vehicles/batch", { upsert: [original], delete: [] });
    }
  });

  it("by e-mail: the address is confirmed with an e-mailed code first, then alerts go there, with the consent recorded and the one-tap unsubscribe", { timeout: 90_000 }, async () => {
    const { car, key, original } = await carToLower(1);
    const shopper = await signIn(SITE);
    const auth = { cookie: shopper.cookie };
    const email = `alerts-${randomUUID()}@example.com`;
    expect((await postJson(SITE, "/api/watchlist/save-car", { phone_number: shopper.phone, car_id: car.id }, auth)).status).toBe(200);
    // No confirmed address yet: e-mail alerts are refused, and only a signed-in shopper can add one.
    const early = await postJson(SITE, "/api/alerts", { opt_in: true, channel: "email" }, auth);
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ message: EMAIL_NOT_CONFIRMED_MESSAGE });
    expect((await postJson(SITE, "/api/account/email", { email }, newClient())).status).toBe(401);
    expect((await postJson(SITE, "/api/account/email", { email: "not an address" }, auth)).status).toBe(400);

    expect((await postJson(SITE, "/api/account/email", { email: email.toUpperCase() }, auth)).status).toBe(200);
    const code = await codeFromEmailOutbox(SITE, email);
    const wrong = await postJson(SITE, "/api/account/email/verify", { code: String((Number(code) + 1) % 1_000_000).padStart(6, "0") }, auth);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: WRONG_EMAIL_CODE_MESSAGE });
    expect((await postJson(SITE, "/api/account/email/verify", { code }, auth)).status).toBe(200);
    expect((await postJson(SITE, "/api/account/email/verify", { code }, auth)).status).toBe(400);

    expect(await (await postJson(SITE, "/api/alerts", { opt_in: true, channel: "email" }, auth)).json()).toMatchObject({ success: true, alerts: true, channel: "email" });
    expect(await (await fetchSite(SITE, "/my-garage", { headers: auth })).text()).toContain(alertsOnText("email"));
    const [consent] = query<{ channel: string; consent_text: string }>(`SELECT channel, consent_text FROM alert_subscriptions WHERE user_id = (SELECT id FROM users WHERE site = '${SITE}' AND phone = '+61${shopper.phone.slice(1)}')`);
    expect(consent).toMatchObject({ channel: "email", consent_text: expect.stringContaining("E-mail me when a car on my watchlist") });

    await dispatch();
    try {
      const lowered = car.price - 2000;
      expect((await stockApi(key, "/vehicles/batch", { upsert: [{ ...original, price: lowered }], delete: [] })).status).toBe(200);
      expect(await dispatch()).toBeGreaterThanOrEqual(1);
      const [alert] = await emailOutbox(SITE, email);
      expect(alert?.subject).toBe(`Price drop: ${car.name}`);
      expect(alert?.body).toContain(`is now $${lowered.toLocaleString("en-AU")}`);
      // E-mail, not a text.
      expect((await outbox(shopper.phone)).some((text) => text.startsWith("Price drop"))).toBe(false);

      const token = /\/pages\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(alert?.body ?? "")?.[1] ?? "";
      expect((await postJson(SITE, "/api/alerts/unsubscribe", { token })).status).toBe(200);
      expect((await stockApi(key, "/vehicles/batch", { upsert: [{ ...original, price: lowered - 1000 }], delete: [] })).status).toBe(200);
      await dispatch();
      expect((await emailOutbox(SITE, email)).filter((mail) => mail.subject.startsWith("Price drop"))).toHaveLength(1);
    } finally {
      await stockApi(key, "/vehicles/batch", { upsert: [original], delete: [] });
    }
  });

  it("an e-mail code allows 5 wrong tries, then even the right one is refused until a new code is sent", { timeout: 60_000 }, async () => {
    const shopper = await signIn(SITE);
    const auth = { cookie: shopper.cookie };
    const email = `locked-${randomUUID()}@example.com`;
    expect((await postJson(SITE, "/api/account/email", { email }, auth)).status).toBe(200);
    const code = await codeFromEmailOutbox(SITE, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) expect((await postJson(SITE, "/api/account/email/verify", { code: wrong }, auth)).status).toBe(400);
    const locked = await postJson(SITE, "/api/account/email/verify", { code }, auth);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await postJson(SITE, "/api/account/email", { email }, auth)).status).toBe(200);
    expect((await postJson(SITE, "/api/account/email/verify", { code: await codeFromEmailOutbox(SITE, email) }, auth)).status).toBe(200);
  });
});

// --- Shopper mail through the site's transactional provider (ADR 0030): a local receiver in Resend's shape. ---
type ProviderCall = { headers: IncomingMessage["headers"]; body: { from: string; to: string[]; subject: string; text: string } };
const providerCalls: ProviderCall[] = [];
let providerMode: "ok" | "500" | "silent" = "ok";
let provider: Server;
let providerUrl = "";

/** The platform's log, where a failed send must be named (npm start and npm test write it). */
const platformLog = () => readFileSync(new URL("../../.state/logs/platform.log", import.meta.url), "utf8");
const storedConfig = () => query<{ config: string }>(`SELECT config FROM sites WHERE slug = '${SITE}'`)[0]?.config ?? "{}";
const setConfig = (config: string) => query(`UPDATE sites SET config = '${config.replaceAll("'", "''")}' WHERE slug = '${SITE}'`);

describe("shopper mail through the site's mail provider", () => {
  let original = "{}";
  /** The site's key, stored in its secret slot as the operator would (ADR 0056). */
  const mailKey = `re_test_${randomUUID()}`;
  beforeAll(async () => {
    expect((await operatorApi("PUT", `/sites/${SITE}/secrets/mail-api-key`, { value: mailKey })).status).toBe(200);
    provider = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      request.on("end", () => {
        providerCalls.push({ headers: request.headers, body: JSON.parse(text) as ProviderCall["body"] });
        if (providerMode === "silent") return; // never answers: the platform's timeout ends the wait
        if (providerMode === "500") response.writeHead(500, { "content-type": "application/json" }).end('{"message":"internal error"}');
        else response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: randomUUID() }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/emails`;
    original = storedConfig();
    const override = JSON.parse(original) as Record<string, unknown>;
    setConfig(JSON.stringify({ ...override, shopperEmail: { provider: "http", url: providerUrl, apiKeySlot: "mail-api-key", from: "Outback Trucks <no-reply@outbacktrucks.com.au>" } }));
  });
  afterAll(async () => {
    setConfig(original);
    await operatorApi("DELETE", `/sites/${SITE}/secrets/mail-api-key`);
    provider.closeAllConnections();
    await new Promise((resolve) => provider.close(resolve));
  });

  const callsTo = (email: string) => providerCalls.filter((call) => call.body.to.includes(email));
  const codeSentTo = (email: string) => /^(\d{6}) is your /.exec(callsTo(email).at(-1)?.body.subject ?? "")?.[1] ?? "";

  it("sends the e-mail code as a JSON POST with the site's key and sender; the outbox stays empty", { timeout: 60_000 }, async () => {
    providerMode = "ok";
    const shopper = await signIn(SITE);
    const email = `provider-${randomUUID()}@example.com`;
    expect((await postJson(SITE, "/api/account/email", { email }, { cookie: shopper.cookie })).status).toBe(200);
    const [call] = callsTo(email);
    expect(call?.headers.authorization).toBe(`Bearer ${mailKey}`);
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(call?.body).toMatchObject({ from: "Outback Trucks <no-reply@outbacktrucks.com.au>", to: [email], text: expect.stringContaining(codeSentTo(email)) });
    expect(await emailOutbox(SITE, email)).toEqual([]);
    expect((await postJson(SITE, "/api/account/email/verify", { code: codeSentTo(email) }, { cookie: shopper.cookie })).status).toBe(200);
  });

  it("a provider answering 500 or not at all: a clear logged failure and a clear 4xx for the shopper, never a 5xx", { timeout: 60_000 }, async () => {
    const shopper = await signIn(SITE);
    for (const mode of ["500", "silent"] as const) {
      providerMode = mode;
      const email = `down-${mode}-${randomUUID()}@example.com`;
      const answer = await postJson(SITE, "/api/account/email", { email }, { cookie: shopper.cookie });
      expect(answer.status, mode).toBe(424);
      expect(await answer.json()).toEqual({ success: false, message: EMAIL_SEND_FAILED_MESSAGE });
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(callsTo(email)).toHaveLength(1);
      // The same from My garage's plain form: back to the page with the message.
      const form = await fetchSite(SITE, "/api/account/email", {
        method: "POST",
        headers: { cookie: shopper.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email }).toString(),
      });
      expect(form.status).toBe(303);
      expect(form.headers.get("location")).toContain(`${GARAGE_PATH}?email_error=`);
    }
    await expect.poll(platformLog).toContain(`e-mail code for ${SITE} not sent: mail provider answered 500: {"message":"internal error"}`);
    await expect.poll(platformLog).toMatch(new RegExp(`e-mail code for ${SITE} not sent: mail provider gave no answer in 5000 ms`));
  });

  it("an e-mail alert the provider refused is retried on the next sweep under the same idempotency key, and sent once", { timeout: 90_000 }, async () => {
    providerMode = "ok";
    const { car, key, original: record } = await carToLower(2);
    const shopper = await signIn(SITE);
    const auth = { cookie: shopper.cookie };
    const email = `alert-provider-${randomUUID()}@example.com`;
    expect((await postJson(SITE, "/api/watchlist/save-car", { phone_number: shopper.phone, car_id: car.id }, auth)).status).toBe(200);
    expect((await postJson(SITE, "/api/account/email", { email }, auth)).status).toBe(200);
    expect((await postJson(SITE, "/api/account/email/verify", { code: codeSentTo(email) }, auth)).status).toBe(200);
    expect((await postJson(SITE, "/api/alerts", { opt_in: true, channel: "email" }, auth)).status).toBe(200);
    await dispatch();
    try {
      providerMode = "500";
      expect((await stockApi(key, "/vehicles/batch", { upsert: [{ ...record, price: car.price - 2500 }], delete: [] })).status).toBe(200);
      await dispatch();
      const refused = callsTo(email).filter((call) => call.body.subject.startsWith("Price drop"));
      expect(refused).toHaveLength(1);
      await expect.poll(platformLog).toMatch(/alert \d+ \(email, outback-trucks\) not sent, retried on the next sweep: mail provider answered 500/);

      providerMode = "ok";
      expect(await dispatch()).toBeGreaterThanOrEqual(1);
      const tries = callsTo(email).filter((call) => call.body.subject.startsWith("Price drop"));
      expect(tries).toHaveLength(2);
      expect(tries[1]?.body.subject).toBe(`Price drop: ${car.name}`);
      expect(tries[1]?.headers["idempotency-key"]).toMatch(/^watch-alert-\d+$/);
      expect(tries[1]?.headers["idempotency-key"]).toBe(tries[0]?.headers["idempotency-key"]);
      await dispatch();
      expect(callsTo(email).filter((call) => call.body.subject.startsWith("Price drop"))).toHaveLength(2);
    } finally {
      await stockApi(key, "/vehicles/batch", { upsert: [record], delete: [] });
    }
  });
});
