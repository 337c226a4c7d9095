import { randomUUID } from "node:crypto";
import { formatMoney, LATE_PAYMENT_REFUNDED, lateRefundText } from "@dealer/shared/rules";
import { afterEach, describe, expect, it } from "vitest";
import { query } from "../../scripts/d1";
import { carReserved, postReservation, reservableCar, reservationRow, shopper, signed, writeKeyFor } from "../support/checkout";
import { fetchSite } from "../support/platform";

const SITE = "harbour-city-motors";
const OTHER = "summit-auto-group";

/** A site's stored config override, to name a processor for one test and put back after it. */
const storedConfig = (site: string) => query<{ config: string }>(`SELECT config FROM sites WHERE slug = '${site}'`)[0]?.config ?? "{}";
const setConfig = (site: string, config: string) => query(`UPDATE sites SET config = '${config.replaceAll("'", "''")}' WHERE slug = '${site}'`);
let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

async function reserve(site: string, slug: string): Promise<{ token: string; next_url: string }> {
  const response = await postReservation(site, { car: slug, values: shopper() });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { reservation: string; next_url: string };
  return { token: body.reservation, next_url: body.next_url };
}

const postWebhook = (site: string, body: string, signature: string) =>
  fetchSite(site, "/api/payments/webhook", { method: "POST", headers: { "content-type": "application/json", "test-processor-signature": signature }, body });

describe("each dealer's own card processor", () => {
  it("a dealer that names Stripe without its secrets takes no payment and holds nothing; another dealer still pays locally", { timeout: 120_000 }, async () => {
    const original = storedConfig(SITE);
    restore = () => setConfig(SITE, original);
    const override = JSON.parse(original) as Record<string, Record<string, unknown>>;
    const processor = { name: "stripe", publicKey: "pk_test_harbour", secretKeyEnv: "STRIPE_SECRET_KEY_HARBOUR_UNSET", webhookSecretEnv: "STRIPE_WEBHOOK_SECRET_HARBOUR_UNSET" };
    setConfig(SITE, JSON.stringify({ ...override, reserve: { ...(override.reserve ?? {}), processor } }));

    const car = reservableCar(SITE);
    const refused = await postReservation(SITE, { car: car.slug, values: shopper() });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Online payment is unavailable/);
    expect(query(`SELECT COUNT(*) AS n FROM reservations WHERE car_id = ${car.id} AND holding = 1`)[0]).toEqual({ n: 0 });
    // Its webhook is not the test processor's: nothing to verify against, so nothing is taken.
    const event = signed({ id: `evt_${randomUUID()}`, type: "checkout.session.completed", data: { object: { id: "cs_x", client_reference_id: "res_x", payment_status: "paid" } } });
    expect((await postWebhook(SITE, event.body, event.signature)).status).toBe(404);

    // Summit names no processor: under wrangler dev it gets the test processor.
    const otherCar = reservableCar(OTHER);
    expect((await reserve(OTHER, otherCar.slug)).next_url).toMatch(/\/payments\/test-processor\/tps_/);
  });

  it("a webhook is acted on only for the dealer whose host it reached", { timeout: 120_000 }, async () => {
    const car = reservableCar(SITE);
    const { token } = await reserve(SITE, car.slug);
    const event = signed({ id: `evt_${randomUUID()}`, type: "checkout.session.completed", data: { object: { id: `tps_${randomUUID()}`, client_reference_id: token, payment_status: "paid" } } });
    expect((await postWebhook(OTHER, event.body, event.signature)).status).toBe(200);
    expect(reservationRow(token)).toMatchObject({ state: "awaiting_payment", lead_id: null });
  });
});

describe("a payment that arrives after its hold lapsed", () => {
  it("is refunded through the processor, the reservation marked refunded, and the shopper told on the confirmation page", { timeout: 180_000 }, async () => {
    const car = reservableCar(SITE);
    const { token, next_url } = await reserve(SITE, car.slug);
    const sessionId = /\/payments\/test-processor\/(tps_[a-f0-9]+)/.exec(next_url)?.[1] ?? "";
    // The 30-minute payment window passes and the scheduled job lets the car go.
    query(`UPDATE reservations SET hold_until = '${new Date(Date.now() - 1000).toISOString()}' WHERE token = '${token}'`);
    await fetchSite(SITE, "/api/reservations/release-expired", { method: "POST", headers: { authorization: `Bearer ${writeKeyFor(car.id)}` } });
    expect(reservationRow(token)).toMatchObject({ state: "expired", holding: null });

    // The shopper pays anyway on the (processor's) page that was still open.
    const paid = await fetchSite(SITE, `/payments/test-processor/${sessionId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ card_number: "4242 4242 4242 4242" }).toString(),
    });
    expect(paid.status).toBe(303);
    const [session] = query<{ status: string; refund_id: string | null }>(`SELECT status, refund_id FROM test_payment_sessions WHERE id = '${sessionId}'`);
    expect(session?.status).toBe("paid");
    expect(session?.refund_id).toMatch(/^tre_/);
    const [row] = query<{ state: string; refund_id: string; refunded_at: string | null; lead_id: number | null }>(`SELECT state, refund_id, refunded_at, lead_id FROM reservations WHERE token = '${token}'`);
    expect(row).toMatchObject({ state: "expired", refund_id: session?.refund_id, lead_id: null });
    expect(row?.refunded_at).toBeTruthy();
    expect(carReserved(car.id)).toBe(false);

    // A redelivery (a new event id for the same payment) refunds nothing twice.
    const again = signed({ id: `evt_${randomUUID()}`, type: "checkout.session.completed", data: { object: { id: sessionId, client_reference_id: token, payment_status: "paid" } } });
    expect((await postWebhook(SITE, again.body, again.signature)).status).toBe(200);
    expect(query<{ refund_id: string }>(`SELECT refund_id FROM test_payment_sessions WHERE id = '${sessionId}'`)[0]?.refund_id).toBe(session?.refund_id);

    const confirmation = new URL(paid.headers.get("location") ?? "");
    const page = await (await fetchSite(SITE, confirmation.pathname + confirmation.search)).text();
    expect(page).toContain(`${LATE_PAYMENT_REFUNDED}</h1>`);
    expect(page).toContain(lateRefundText(formatMoney(200)));
  });
});
