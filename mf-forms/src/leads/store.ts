import type { BookingType } from "./slots";

/** What the dealer is told about consent with each lead. */
export const PRIVACY_NOTICE = "We use your details to respond to your enquiry, as set out in our privacy policy (/privacy-policy).";

export type LeadRow = {
  site: string;
  kind: string;
  carId: number | null;
  /** Checked against the site's own data before the lead is stored (placeLead). */
  dealershipId: number;
  locationId: number | null;
  /** The shopper's e-mail and phone as given: stored normalised, the inbox groups a shopper's leads by them. */
  email: string;
  phone: string;
  /** The validated lead as JSON, its complete record and consent included. */
  data: string;
  idempotencyKey: string | null;
  requestHash: string;
  /** A booking's start as UTC ISO; the store refuses a time the dealership's department has booked. */
  booking: string | null;
  /** Which department's times the booking takes (test drives: sales); absent for a lead without one. */
  bookingType?: BookingType;
  now: Date;
};

/** A phone number as digits in national form (+61 4.. and 04.. are one number). */
export const phoneKey = (phone: string) => phone.replace(/\D/g, "").replace(/^61(?=\d{9}$)/, "0");

/** `valuation` and `next`: a lead's stored trade-in valuation and /success lines (JSON), for a replayed answer. */
export type StoreOutcome = { leadId: number; created: boolean; sameRequest: boolean; valuation: string | null; next: string | null } | { bookingTaken: true };

/** SHA-256 of the request body, hex: tells a retried submit from a key reused for another lead. */
export async function requestHash(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function findLeadByKey(db: D1Database, site: string, key: string): Promise<{ id: number; request_hash: string | null; valuation: string | null; next: string | null } | null> {
  return db
    .prepare("SELECT id, request_hash, json_extract(data, '$.valuation') AS valuation, json_extract(data, '$.next') AS next FROM leads WHERE site = ? AND idempotency_key = ?")
    .bind(site, key)
    .first();
}

/**
 * Stores a lead once per (site, Idempotency-Key). The INSERT itself decides: two submits racing with the
 * same key both reach it, one inserts and the other finds the unique index taken and reads that lead back.
 * Two bookings racing for one time meet the same way at the (dealership_id, booking_type, booking) index: one is stored.
 */
export async function storeLead(db: D1Database, lead: LeadRow): Promise<StoreOutcome> {
  const inserted = await db
    .prepare(
      `INSERT INTO leads (site, kind, car_id, dealership_id, location_id, customer_email, customer_phone, created_at, delivery_status, attempts, data, idempotency_key, request_hash, booking, booking_type)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'pending', 0, ?9, ?10, ?11, ?12, ?13)
       ON CONFLICT DO NOTHING RETURNING id`,
    )
    .bind(lead.site, lead.kind, lead.carId, lead.dealershipId, lead.locationId, lead.email.trim().toLowerCase(), phoneKey(lead.phone), lead.now.toISOString(), lead.data, lead.idempotencyKey, lead.requestHash, lead.booking, lead.bookingType ?? "sales")
    .first<{ id: number }>();
  if (inserted) return { leadId: inserted.id, created: true, sameRequest: true, valuation: null, next: null };
  const existing = lead.idempotencyKey === null ? null : await findLeadByKey(db, lead.site, lead.idempotencyKey);
  // Not this lead's key: the only other unique index is the dealership's booked time.
  if (!existing && lead.booking !== null) return { bookingTaken: true };
  if (!existing) throw new Error("lead INSERT stored nothing and no lead holds its key");
  return { leadId: existing.id, created: false, sameRequest: existing.request_hash === lead.requestHash, valuation: existing.valuation, next: existing.next };
}
