/** What the dealer is told about consent with each lead. */
export const PRIVACY_NOTICE = "We use your details to respond to your enquiry, as set out in our privacy policy (/privacy-policy).";

export type LeadRecord = {
  site: string;
  kind: string;
  carId: number | null;
  locationId: number | null;
  dealershipSlug: string | null;
  /** The validated lead as JSON, consent included. */
  data: string;
  idempotencyKey: string | null;
  requestHash: string;
  /** A test drive's booked start as UTC ISO; the store refuses a time the dealership has booked. */
  booking: string | null;
  now: Date;
};

/** `valuation`: the stored trade-in valuation (JSON) of a lead found by its key, for a replayed answer. */
export type StoreOutcome = { leadId: number; created: boolean; sameRequest: boolean; valuation: string | null } | { bookingTaken: true };

/** SHA-256 of the request body, hex: tells a retried submit from a key reused for another lead. */
export async function requestHash(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function findLeadByKey(db: D1Database, site: string, key: string): Promise<{ id: number; request_hash: string | null; valuation: string | null } | null> {
  return db.prepare("SELECT id, request_hash, json_extract(data, '$.valuation') AS valuation FROM leads WHERE site = ? AND idempotency_key = ?").bind(site, key).first();
}

/**
 * Stores a lead once per (site, Idempotency-Key). The INSERT itself decides: two submits racing with the
 * same key both reach it, one inserts and the other finds the unique index taken and reads that lead back.
 * The car and dealership come from this site's own data, never from the browser's word: the car's
 * dealership, else the chosen location's, else the chosen dealership, else the site's first. Two test drives
 * racing for one time meet the same way at the (dealership_id, booking) index: one is stored.
 */
export async function storeLead(db: D1Database, lead: LeadRecord): Promise<StoreOutcome> {
  const inserted = await db
    .prepare(
      `INSERT INTO leads (site, kind, car_id, dealership_id, created_at, delivery_status, attempts, data, idempotency_key, request_hash, booking)
       SELECT ?1, ?2, (SELECT id FROM vehicles WHERE site = ?1 AND id = ?3),
              COALESCE((SELECT dealership_id FROM vehicles WHERE site = ?1 AND id = ?3),
                       (SELECT dealership_id FROM locations WHERE site = ?1 AND id = ?4),
                       (SELECT id FROM dealerships WHERE site = ?1 AND slug = ?5),
                       (SELECT MIN(id) FROM dealerships WHERE site = ?1)),
              ?6, 'pending', 0, ?7, ?8, ?9, ?10
       WHERE true
       ON CONFLICT DO NOTHING RETURNING id`,
    )
    .bind(lead.site, lead.kind, lead.carId, lead.locationId, lead.dealershipSlug, lead.now.toISOString(), lead.data, lead.idempotencyKey, lead.requestHash, lead.booking)
    .first<{ id: number }>();
  if (inserted) return { leadId: inserted.id, created: true, sameRequest: true, valuation: null };
  const existing = lead.idempotencyKey === null ? null : await findLeadByKey(db, lead.site, lead.idempotencyKey);
  // Not this lead's key: the only other unique index is the dealership's booked time.
  if (!existing && lead.booking !== null) return { bookingTaken: true };
  if (!existing) throw new Error("lead INSERT stored nothing and no lead holds its key");
  return { leadId: existing.id, created: false, sameRequest: existing.request_hash === lead.requestHash, valuation: existing.valuation };
}
