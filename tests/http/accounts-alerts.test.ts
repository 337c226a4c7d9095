import { describe, expect, it } from "vitest";
import { query } from "../../scripts/d1";
import { randomUUID } from "node:crypto";
import { alertsOnText, EMAIL_NOT_CONFIRMED_MESSAGE, WRONG_EMAIL_CODE_MESSAGE } from "@dealer/shared/rules";
import { codeFromEmailOutbox, emailOutbox, newClient, postJson, signIn } from "../support/accounts";
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
