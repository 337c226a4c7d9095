import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { carReserved, chargesFor, postReservation, reservableCar, reservationRow, shopper, signed, TEST_WEBHOOK_SECRET, writeKeyFor } from "../support/checkout";
import { dealerLeads } from "../support/leads";
import { fetchSite } from "../support/platform";
import { CAR_ALREADY_RESERVED as ALREADY_RESERVED } from "@dealer/shared/rules";
import { query } from "../support/db";

const SITE = "harbour-city-motors";

const paidEvent = (token: string, id = `evt_${randomUUID()}`) => ({
  id,
  type: "checkout.session.completed",
  data: { object: { id: `tps_${randomUUID()}`, client_reference_id: token, payment_status: "paid", amount_total: 20000 } },
});
const postWebhook = (body: string, signature?: string) =>
  fetchSite(SITE, "/api/payments/webhook", { method: "POST", headers: { "content-type": "application/json", ...(signature ? { "test-processor-signature": signature } : {}) }, body });

async function reserve(slug: string): Promise<string> {
  const response = await postReservation(SITE, { car: slug, values: shopper() });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { reservation: string; next_url: string };
  expect(body.next_url).toMatch(/\/payments\/test-processor\/tps_/);
  return body.reservation;
}

describe("reservation API and payment webhooks", () => {
  it("refuses a webhook without a valid signature and changes nothing", { timeout: 180_000 }, async () => {
    const car = reservableCar(SITE);
    const token = await reserve(car.slug);
    const event = paidEvent(token);
    const good = signed(event);
    for (const signature of [undefined, signed(event, "whsec_wrong").signature, good.signature.replace(/v1=(.)/, (_, first: string) => `v1=${first === "0" ? "1" : "0"}`), signed(event, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600).signature]) {
      const response = await postWebhook(good.body, signature);
      expect(response.status, String(signature)).toBe(400);
      expect(await response.json()).toMatchObject({ message: "Invalid signature" });
    }
    // The signature covers the body: a valid header over another body is refused too.
    expect((await postWebhook(JSON.stringify({ ...event, id: "evt_other" }), good.signature)).status).toBe(400);
    expect(reservationRow(token)).toMatchObject({ state: "awaiting_payment", lead_id: null });
    expect(carReserved(car.id)).toBe(false);
  });

  it("acts on a webhook once: the same event twice is one reservation paid, one lead, the car reserved", { timeout: 180_000 }, async () => {
    const car = reservableCar(SITE);
    const token = await reserve(car.slug);
    const { body, signature } = signed(paidEvent(token));
    const first = await postWebhook(body, signature);
    expect(first.status).toBe(200);
    const again = await postWebhook(body, signature);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true });
    const row = reservationRow(token);
    expect(row).toMatchObject({ state: "paid", holding: 1 });
    expect(row?.lead_id).toBeGreaterThan(0);
    const hours = (Date.parse(row?.hold_until ?? "") - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(query<{ n: number }>(`SELECT COUNT(*) AS n FROM leads WHERE kind = 'reserve' AND idempotency_key = 'reservation:${token}'`)[0]?.n).toBe(1);
    expect(carReserved(car.id)).toBe(true);
    // The dealership gets the lead through the lead pipeline (stored, queued, delivered to its outbox).
    await expect
      .poll(async () => (await dealerLeads(SITE, writeKeyFor(car.id))).find((lead) => lead.lead_id === row?.lead_id)?.delivery_status, { timeout: 30_000, interval: 1000 })
      .toBe("delivered");
    // A second event id for the same payment (the processor's retry with a new id) changes nothing either.
    const other = signed(paidEvent(token));
    expect((await postWebhook(other.body, other.signature)).status).toBe(200);
    expect(query<{ n: number }>(`SELECT COUNT(*) AS n FROM leads WHERE kind = 'reserve' AND idempotency_key = 'reservation:${token}'`)[0]?.n).toBe(1);
    // And the car cannot be reserved again while the hold runs.
    const second = await postReservation(SITE, { car: car.slug, values: shopper() });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ message: ALREADY_RESERVED });
  });

  it("two simultaneous reservations of one car: exactly one wins, the other is told and gets no payment page", { timeout: 180_000 }, async () => {
    const car = reservableCar(SITE);
    const answers = await Promise.all([0, 1].map(() => postReservation(SITE, { car: car.slug, values: shopper() })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.status === 409);
    expect(await loser?.json()).toMatchObject({ message: ALREADY_RESERVED });
    expect(query<{ n: number }>(`SELECT COUNT(*) AS n FROM test_payment_sessions WHERE reservation_token IN (SELECT token FROM reservations WHERE car_id = ${car.id})`)[0]?.n).toBe(1);
    expect(chargesFor(car.id)).toBe(0);
  });

  it("the scheduled job releases a paid hold after 48 hours: the car is free and no longer reserved", { timeout: 180_000 }, async () => {
    const car = reservableCar(SITE);
    const token = await reserve(car.slug);
    const { body, signature } = signed(paidEvent(token));
    expect((await postWebhook(body, signature)).status).toBe(200);
    expect(carReserved(car.id)).toBe(true);
    const key = writeKeyFor(car.id);
    // Not yet due: nothing is released.
    await fetchSite(SITE, "/api/reservations/release-expired", { method: "POST", headers: { authorization: `Bearer ${key}` } });
    expect(reservationRow(token)).toMatchObject({ state: "paid", holding: 1 });
    // 48 hours later (the hold's end moved into the past).
    query(`UPDATE reservations SET hold_until = '${new Date(Date.now() - 1000).toISOString()}' WHERE token = '${token}'`);
    expect((await fetchSite(SITE, "/api/reservations/release-expired", { method: "POST" })).status).toBe(401);
    const released = await fetchSite(SITE, "/api/reservations/release-expired", { method: "POST", headers: { authorization: `Bearer ${key}` } });
    expect(released.status).toBe(200);
    expect(((await released.json()) as { released: number }).released).toBeGreaterThanOrEqual(1);
    expect(reservationRow(token)).toMatchObject({ state: "released", holding: null });
    expect(carReserved(car.id)).toBe(false);
    // The car can be reserved again.
    expect((await postReservation(SITE, { car: car.slug, values: shopper() })).status).toBe(201);
  });

  it("answers bad reservations with field errors, a plain form post with 303 to the payment page", { timeout: 180_000 }, async () => {
    const car = reservableCar(SITE);
    const missing = await postReservation(SITE, { car: car.slug, values: { ...shopper(), terms_conditions: false, email: "nope" } });
    expect(missing.status).toBe(400);
    const errors = ((await missing.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors;
    expect(errors["values.terms_conditions"]).toEqual(["*You must agree to the terms of use before submitting."]);
    expect(errors["values.email"]).toBeTruthy();
    expect((await postReservation(SITE, { car: "no-such-car", values: shopper() })).status).toBe(404);
    const crossSite = await postReservation(SITE, { car: car.slug, values: shopper() }, { origin: "http://evil.example" });
    expect(crossSite.status).toBe(403);
    const form = new URLSearchParams({ car: car.slug, "values.name": "Jo", "values.email": "jo@example.com", "values.phone": "0412345678", "values.postcode": "4000", "values.terms_conditions": "on", idempotency_key: randomUUID() });
    const posted = await postReservation(SITE, form.toString(), { "content-type": "application/x-www-form-urlencoded" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toMatch(/\/payments\/test-processor\/tps_/);
  });
});
