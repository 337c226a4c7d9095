import type { ReservationCustomer } from "@dealer/shared/contract";
import { holdUntil } from "@dealer/shared/rules";

export type ReservationState = "awaiting_payment" | "paid" | "expired" | "released";

export type ReservationRow = {
  id: number;
  token: string;
  site: string;
  car_id: number;
  dealership_id: number;
  amount_cents: number;
  state: ReservationState;
  holding: 1 | null;
  customer: string;
  processor: string;
  /** The processor account the car's dealership chose (ADR 0030); null on reservations made before. */
  processor_account: string | null;
  payment_session: string | null;
  payment_url: string | null;
  request_hash: string;
  created_at: string;
  hold_until: string;
  paid_at: string | null;
  lead_id: number | null;
  refund_id: string | null;
  refunded_at: string | null;
};

export type NewReservation = {
  site: string;
  carId: number;
  dealershipId: number;
  amountCents: number;
  customer: ReservationCustomer;
  processor: string;
  processorAccount: string | null;
  idempotencyKey: string | null;
  requestHash: string;
  now: Date;
};

export type CreateOutcome = { created: true; reservation: ReservationRow } | { created: false; replay: ReservationRow; sameRequest: boolean } | { created: false; taken: true };

export const findReservation = (db: D1Database, token: string) => db.prepare("SELECT * FROM reservations WHERE token = ?").bind(token).first<ReservationRow>();

/**
 * Takes the car's hold. The partial unique index (site, car_id) WHERE holding = 1 decides a race: both
 * INSERTs reach SQLite, one holds the car, the other stores nothing and is told the car is taken before any
 * payment page exists for it. An unpaid hold whose payment window has passed is let go first.
 */
export async function createReservation(db: D1Database, input: NewReservation): Promise<CreateOutcome> {
  const now = input.now.toISOString();
  const [, insert] = await db.batch<ReservationRow>([
    db
      .prepare("UPDATE reservations SET holding = NULL, state = 'expired', released_at = ?3 WHERE site = ?1 AND car_id = ?2 AND holding = 1 AND state = 'awaiting_payment' AND hold_until <= ?3")
      .bind(input.site, input.carId, now),
    db
      .prepare(
        `INSERT INTO reservations (token, site, car_id, dealership_id, amount_cents, state, holding, customer, processor, processor_account, idempotency_key, request_hash, created_at, hold_until)
         VALUES (?, ?, ?, ?, ?, 'awaiting_payment', 1, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING RETURNING *`,
      )
      .bind(
        `res_${crypto.randomUUID().replaceAll("-", "")}`,
        input.site,
        input.carId,
        input.dealershipId,
        input.amountCents,
        JSON.stringify(input.customer),
        input.processor,
        input.processorAccount,
        input.idempotencyKey,
        input.requestHash,
        now,
        holdUntil(input.now, false).toISOString(),
      ),
  ]);
  const reservation = insert?.results[0];
  if (reservation) return { created: true, reservation };
  // Not stored: this submit's key was used before (a retry), or another reservation holds the car.
  const replay = input.idempotencyKey
    ? await db.prepare("SELECT * FROM reservations WHERE site = ? AND idempotency_key = ?").bind(input.site, input.idempotencyKey).first<ReservationRow>()
    : null;
  if (replay) return { created: false, replay, sameRequest: replay.request_hash === input.requestHash };
  return { created: false, taken: true };
}

export async function attachPaymentSession(db: D1Database, id: number, session: { id: string; url: string }): Promise<void> {
  await db.prepare("UPDATE reservations SET payment_session = ?, payment_url = ? WHERE id = ?").bind(session.id, session.url, id).run();
}

/** A hold given up before it was paid (the processor could not open a payment page): the car is free again. */
export async function dropHold(db: D1Database, id: number, now: Date): Promise<void> {
  await db.prepare("UPDATE reservations SET holding = NULL, state = 'expired', released_at = ? WHERE id = ? AND state = 'awaiting_payment'").bind(now.toISOString(), id).run();
}

/** awaiting_payment -> paid, holding the car 48 hours from now; null when it was not awaiting payment (already paid, or lapsed). */
export async function markPaid(db: D1Database, token: string, now: Date): Promise<ReservationRow | null> {
  return db
    .prepare("UPDATE reservations SET state = 'paid', paid_at = ?2, hold_until = ?3 WHERE token = ?1 AND state = 'awaiting_payment' AND holding = 1 RETURNING *")
    .bind(token, now.toISOString(), holdUntil(now, true).toISOString())
    .first<ReservationRow>();
}

/** The refund of a payment that came too late; the first refund recorded stands. */
export async function markRefunded(db: D1Database, token: string, refundId: string, now: Date): Promise<void> {
  await db.prepare("UPDATE reservations SET refund_id = ?, refunded_at = ? WHERE token = ? AND refunded_at IS NULL").bind(refundId, now.toISOString(), token).run();
}

export async function recordLead(db: D1Database, id: number, leadId: number): Promise<void> {
  await db.prepare("UPDATE reservations SET lead_id = ? WHERE id = ?").bind(leadId, id).run();
}

/** Holds whose time is up let go of their car: unpaid ones expire, paid ones are released. Scoped to a site when given. */
export async function releaseDueHolds(db: D1Database, now: Date, site?: string): Promise<{ site: string; car_id: number; state: ReservationState }[]> {
  const { results } = await db
    .prepare(
      `UPDATE reservations SET holding = NULL, released_at = ?1, state = CASE state WHEN 'paid' THEN 'released' ELSE 'expired' END
        WHERE holding = 1 AND hold_until <= ?1 AND (?2 IS NULL OR site = ?2)
        RETURNING site, car_id, state`,
    )
    .bind(now.toISOString(), site ?? null)
    .all<{ site: string; car_id: number; state: ReservationState }>();
  return results;
}

/** Paid holds still running: their cars must show as reserved (a dealer feed may have reset the flag). */
export async function paidHolds(db: D1Database): Promise<{ site: string; car_id: number }[]> {
  const { results } = await db.prepare("SELECT site, car_id FROM reservations WHERE holding = 1 AND state = 'paid' LIMIT 200").all<{ site: string; car_id: number }>();
  return results;
}
