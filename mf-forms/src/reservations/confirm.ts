import { type ReservationCustomer, reserveLeadSchema } from "@dealer/shared/contract";
import { enqueueLeads } from "../delivery/queue";
import type { Env } from "../env";
import { buildLeadRecord, loadSiteFacts, placeLead } from "../leads/record";
import { PRIVACY_NOTICE, requestHash, storeLead } from "../leads/store";
import { trySetCarReserved } from "./stock-flag";
import { markPaid, paidHolds, type ReservationRow, recordLead, releaseDueHolds } from "./store";

export const RESERVE_LEAD_CATEGORY = "Vehicle Reservation";

/**
 * The dealership's lead for a paid reservation, through the lead pipeline (ADR 0012): stored once (the
 * reservation's token is its idempotency key, so a repeated confirmation stores nothing new), then queued.
 */
async function sendReservationLead(env: Env, reservation: ReservationRow, pageUrl: string, now: Date): Promise<number> {
  const customer = JSON.parse(reservation.customer) as ReservationCustomer;
  const lead = reserveLeadSchema.parse({
    kind: "reserve",
    values: { ...customer, category: RESERVE_LEAD_CATEGORY, subcategory: reservation.amount_cents > 0 ? "Deposit paid" : "Reserved" },
    userData: { url: pageUrl, source: "Website", user_agent: "checkout", car_id: reservation.car_id, car_dealership_id: reservation.dealership_id, lead_attributes: {} },
    car_id: reservation.car_id,
    amount: reservation.amount_cents / 100,
  });
  const consent = { opt_in: customer.opt_in, recorded_at: now.toISOString(), privacy_notice: PRIVACY_NOTICE };
  const held = { ...lead, reservation: { token: reservation.token, hold_until: reservation.hold_until } };
  const facts = await loadSiteFacts(env.DB, { slug: reservation.site, url: new URL(pageUrl).origin, slotMinutes: 60 }, reservation.car_id);
  const placed = placeLead(held, facts);
  if (!placed.ok) throw new Error(`reservation ${reservation.id}: its car is not on its site (${Object.keys(placed.fieldErrors).join(", ")})`);
  const record = buildLeadRecord(held, placed.place, facts, { createdAt: now, consent });
  const stored = await storeLead(env.DB, {
    site: reservation.site,
    kind: "reserve",
    carId: reservation.car_id,
    dealershipId: placed.place.dealership.id,
    locationId: placed.place.location?.id ?? null,
    email: customer.email,
    phone: customer.phone,
    data: JSON.stringify({ ...held, consent, record }),
    idempotencyKey: `reservation:${reservation.token}`,
    requestHash: await requestHash(reservation.token),
    booking: null,
    now,
  });
  if ("bookingTaken" in stored) throw new Error("a reservation lead has no booking");
  if (stored.created) await enqueueLeads(env, [stored.leadId], now);
  return stored.leadId;
}

/**
 * A paid reservation: held 48 hours, the dealership's lead sent, the car marked reserved in search.
 * Only the call that moves it from awaiting payment acts; a repeat finds it paid and does nothing.
 */
export async function confirmReservation(env: Env, token: string, pageUrl: string, now = new Date()): Promise<ReservationRow | null> {
  const paid = await markPaid(env.DB, token, now);
  if (!paid) return null;
  const leadId = await sendReservationLead(env, paid, pageUrl, now);
  await recordLead(env.DB, paid.id, leadId);
  await trySetCarReserved(env, paid.site, paid.car_id, true);
  return paid;
}

/**
 * The scheduled job (cron, and POST /api/reservations/release-expired for one site): holds past their time
 * let go of the car, and its Reserved tag goes once no hold remains; cars of running paid holds show as reserved.
 */
export async function releaseExpiredHolds(env: Env, now = new Date(), site?: string): Promise<number> {
  const released = await releaseDueHolds(env.DB, now, site);
  for (const hold of released) if (hold.state === "released") await trySetCarReserved(env, hold.site, hold.car_id, false);
  if (!site) for (const hold of await paidHolds(env.DB)) await trySetCarReserved(env, hold.site, hold.car_id, true);
  return released.length;
}
