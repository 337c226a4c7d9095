import { randomUUID } from "node:crypto";
import { formatMoney, LATE_PAYMENT_REFUNDED, lateRefundText } from "@dealer/shared/rules";
import { afterEach, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { carReserved, lapsedReservation, postReservation, reservableCar, reservationRow, shopper, signed } from "../support/checkout";
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
    const processor = { name: "stripe", publicKey: "pk_test_harbour", secretKeySlot: "stripe-secret-key-unset", webhookSecretSlot: "stripe-webhook-secret-unset" };
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

describe("a card processor per dealership of a dealer group (ADR 0030)", () => {
  it("the car's dealership decides: two dealerships record their own accounts, one without its secrets takes nothing, the rest use the site's", { timeout: 120_000 }, async () => {
    const original = storedConfig(OTHER);
    restore = () => setConfig(OTHER, original);
    const dealerships = query<{ id: number; slug: string }>(`SELECT id, slug FROM dealerships WHERE site = '${OTHER}' ORDER BY id LIMIT 4`);
    const [toyota, mazda, hyundai, ford] = dealerships as [{ id: number; slug: string }, { id: number; slug: string }, { id: number; slug: string }, { id: number; slug: string }];
    const testAccount = (publicKey: string) => ({ name: "test", publicKey, secretKeySlot: null, webhookSecretSlot: null });
    const override = JSON.parse(original) as Record<string, Record<string, unknown>>;
    setConfig(
      OTHER,
      JSON.stringify({
        ...override,
        reserve: {
          ...(override.reserve ?? {}),
          dealershipProcessors: {
            [toyota.slug]: testAccount("pk_test_toyota_account"),
            [mazda.slug]: testAccount("pk_test_mazda_account"),
            [hyundai.slug]: { name: "stripe", publicKey: "pk_test_hyundai", secretKeySlot: "stripe-secret-key-hyundai-unset", webhookSecretSlot: "stripe-webhook-secret-hyundai-unset" },
          },
        },
      }),
    );
    const accountOf = (token: string) => query<{ processor: string; processor_account: string }>(`SELECT processor, processor_account FROM reservations WHERE token = '${token}'`)[0];

    const toyotaCar = reservableCar(OTHER, `dealership_id = ${toyota.id}`);
    const mazdaCar = reservableCar(OTHER, `dealership_id = ${mazda.id}`);
    const toyotaHold = await reserve(OTHER, toyotaCar.slug);
    const mazdaHold = await reserve(OTHER, mazdaCar.slug);
    expect(accountOf(toyotaHold.token)).toEqual({ processor: "test", processor_account: "pk_test_toyota_account" });
    expect(accountOf(mazdaHold.token)).toEqual({ processor: "test", processor_account: "pk_test_mazda_account" });
    // A dealership with no processor of its own uses the site's (the test processor locally).
    const fordHold = await reserve(OTHER, reservableCar(OTHER, `dealership_id = ${ford.id}`).slug);
    expect(accountOf(fordHold.token)).toEqual({ processor: "test", processor_account: "test" });

    // The Hyundai dealership names Stripe without its secrets: its cars take no payment, the others' still do.
    const hyundaiCar = reservableCar(OTHER, `dealership_id = ${hyundai.id}`);
    const refused = await postReservation(OTHER, { car: hyundaiCar.slug, values: shopper() });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Online payment is unavailable/);
    expect(query(`SELECT COUNT(*) AS n FROM reservations WHERE car_id = ${hyundaiCar.id} AND holding = 1`)[0]).toEqual({ n: 0 });

    // The Toyota reservation's webhook is verified with its dealership's account and confirms it.
    const event = signed({ id: `evt_${randomUUID()}`, type: "checkout.session.completed", data: { object: { id: `tps_${randomUUID()}`, client_reference_id: toyotaHold.token, payment_status: "paid" } } });
    expect((await postWebhook(OTHER, event.body, event.signature)).status).toBe(200);
    await expect.poll(() => reservationRow(toyotaHold.token)?.state).toBe("paid");
  });
});

describe("a payment that arrives after its hold lapsed", () => {
  it("is refunded through the processor, the reservation marked refunded, and the shopper told on the confirmation page", { timeout: 180_000 }, async () => {
    const car = reservableCar(SITE);
    // The 30-minute payment window passes and the scheduled job lets the car go.
    const { token, sessionId } = await lapsedReservation(SITE, car);
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
