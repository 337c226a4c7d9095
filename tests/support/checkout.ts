import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { query } from "./db";
import { ROOT } from "../../scripts/stack";
import { fetchSite, GATEWAY_PORT } from "./platform";
import { cars } from "./vehicles";

/** The local test processor's webhook secret, as mf-forms is configured with it. */
export const TEST_WEBHOOK_SECRET = /"TEST_PAYMENT_WEBHOOK_SECRET":\s*"([^"]+)"/.exec(readFileSync(join(ROOT, "mf-forms/wrangler.jsonc"), "utf8"))?.[1] ?? "";

/** A processor event signed the card processor's way: t={seconds},v1=HMAC-SHA256(secret, "{t}.{body}"). */
export function signed(event: unknown, secret = TEST_WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000)) {
  const body = JSON.stringify(event);
  return { body, signature: `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${body}`).digest("hex")}` };
}

/**
 * A car of the site that can be reserved now: checkout on, in stock, not reserved, no hold on it. Random, so reruns find
 * a free one; one no earlier run reserved while there is one, as the tests count a car's charges and payment sessions
 * (a third run on one database met a car with an earlier run's charge).
 */
export function reservableCar(site: string, condition = "1 = 1"): { id: number; slug: string; stocknum: string } {
  const [row] = query<{ id: number; slug: string; stocknum: string }>(
    `SELECT id, slug, stocknum FROM vehicles WHERE site = '${site}' AND ${cars.checkout} AND (${condition}) AND coalesce(json_extract(data, '$.reserved'), 0) = 0
       AND json_extract(data, '$.show_on_dealer_website') != 0
       AND id NOT IN (SELECT car_id FROM reservations WHERE holding = 1) ORDER BY id IN (SELECT car_id FROM reservations), random() LIMIT 1`,
  );
  if (!row) throw new Error(`no reservable car on ${site}`);
  return row;
}

export const shopper = () => ({ name: "Jo Citizen", email: `jo-${randomUUID()}@example.com`, phone: "0412 345 678", postcode: "4000", opt_in: false, terms_conditions: true });

/** POST /api/reservations as the site's own page (same Origin), from a client address of its own. */
export function postReservation(site: string, body: unknown, headers: Record<string, string> = {}) {
  return fetchSite(site, "/api/reservations", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: `http://${site}.localhost:${GATEWAY_PORT}`,
      "cf-connecting-ip": `203.0.113.${Math.floor(Math.random() * 250)}-${randomUUID().slice(0, 8)}`,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export type ReservationRecord = { token: string; state: string; holding: number | null; hold_until: string; lead_id: number | null; car_id: number };
export const reservationRow = (token: string) => query<ReservationRecord>(`SELECT token, state, holding, hold_until, lead_id, car_id FROM reservations WHERE token = '${token}'`)[0];
export const carReserved = (carId: number) => Boolean(query<{ reserved: number | null }>(`SELECT json_extract(data, '$.reserved') AS reserved FROM vehicles WHERE id = ${carId}`)[0]?.reserved);
/** No fuel tag outranks the Reserved tag on its card. */
export const NO_FUEL_TAG = "coalesce(json_extract(data, '$.simple_fuel'), '') NOT IN ('Electric', 'Hybrid', 'PHEV', 'Plug-in Hybrid')";

/** Charges the test processor made for a car's reservations. */
export const chargesFor = (carId: number) =>
  query<{ n: number }>(`SELECT COUNT(*) AS n FROM test_payment_sessions WHERE status = 'paid' AND reservation_token IN (SELECT token FROM reservations WHERE car_id = ${carId})`)[0]?.n ?? 0;
export const writeKeyFor = (carId: number) =>
  `write-${query<{ slug: string }>(`SELECT d.slug FROM dealerships d JOIN vehicles v ON v.dealership_id = d.id WHERE v.id = ${carId} LIMIT 1`)[0]?.slug}`;

/**
 * A reservation whose unpaid hold lapsed while the processor's page was still open: reserved by the API, its
 * 30-minute payment window moved into the past and released by the scheduled job. Paying the session now
 * is a late payment, which the processor refunds (ADR 0027).
 */
export async function lapsedReservation(site: string, car: { id: number; slug: string }): Promise<{ token: string; sessionId: string }> {
  const response = await postReservation(site, { car: car.slug, values: shopper() });
  if (response.status !== 201) throw new Error(`POST /api/reservations answered ${response.status}`);
  const { reservation: token, next_url } = (await response.json()) as { reservation: string; next_url: string };
  const sessionId = /\/payments\/test-processor\/(tps_[a-f0-9]+)/.exec(next_url)?.[1] ?? "";
  query(`UPDATE reservations SET hold_until = '${new Date(Date.now() - 1000).toISOString()}' WHERE token = '${token}'`);
  await fetchSite(site, "/api/reservations/release-expired", { method: "POST", headers: { authorization: `Bearer ${writeKeyFor(car.id)}` } });
  return { token, sessionId };
}
