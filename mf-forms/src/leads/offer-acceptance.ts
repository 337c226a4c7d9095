import { leadUserDataSchema, offerAcceptanceSchema } from "@dealer/shared/contract";
import type { TradeInValuation } from "@dealer/shared/rules";
import { z } from "zod";
import { acceptanceRecord, type StoredRecord } from "./record";
import { type StoredLeadRow, storedRecordOf } from "./stored-record";

/**
 * The spec's offer acceptance (category, subcategory '3. Offer Accepted', lead_id, form_completed,
 * offer_accepted) with the userData every lead carries, and `lead_key`: the Idempotency-Key the trade-in
 * lead was sent with. Only the browser that sent the trade-in knows it, so nobody accepts another
 * shopper's offer by guessing a lead id.
 */
export const offerAcceptanceLeadSchema = offerAcceptanceSchema.extend({
  lead_id: z.coerce.number().int().positive(),
  lead_key: z.string().min(1).max(200),
  userData: leadUserDataSchema,
});
export type OfferAcceptanceLead = z.infer<typeof offerAcceptanceLeadSchema>;

export const NO_SUCH_OFFER = "We could not find that trade-in offer. Please send the trade-in form again.";
export const OFFER_ALREADY_ACCEPTED = "This offer has already been accepted. The dealership will be in touch.";

/**
 * The key an offer's acceptance is stored under: one per trade-in lead. It holds a space, which no caller's
 * Idempotency-Key may (visible ASCII only), so no other lead can take it first.
 */
export const offerAcceptanceKey = (tradeInLeadId: number) => `offer accepted ${tradeInLeadId}`;

const OFFER_LEAD = "FROM leads WHERE site = ? AND id = ? AND idempotency_key = ? AND kind IN ('trade_in', 'sell_my_car')";

/** Whether the caller sent this site's trade-in lead (its id and the key it was sent with). */
export async function offerLeadExists(db: D1Database, site: string, leadId: number, leadKey: string): Promise<boolean> {
  return (await db.prepare(`SELECT 1 AS found ${OFFER_LEAD}`).bind(site, leadId, leadKey).first()) !== null;
}

/** A trade-in (or sell-my-car) lead of this site that the caller sent, with its stored valuation and record. */
export type ValuedLead = { id: number; carId: number | null; dealershipId: number; locationId: number | null; values: { email: string; phone: string } & Record<string, unknown>; valuation: TradeInValuation | null; record: StoredRecord };

/** The site's trade-in lead sent with this Idempotency-Key, or null (unknown id, other site, other key, other kind). */
export async function valuedLeadOf(db: D1Database, site: { slug: string; url: string }, leadId: number, leadKey: string): Promise<ValuedLead | null> {
  const row = await db
    .prepare(
`SELECT id, site, kind, car_id, dealership_id, location_id, created_at, data ${OFFER_LEAD}`,
    )
    .bind(site.slug, leadId, leadKey)
    .first<StoredLeadRow>();
  if (!row) return null;
  const data = JSON.parse(row.data) as { valuation?: TradeInValuation; values: ValuedLead["values"] };
  return {
    id: row.id,
    carId: row.car_id,
    dealershipId: row.dealership_id,
    locationId: row.location_id,
    values: data.values,
    valuation: data.valuation ?? null,
    record: await storedRecordOf(db, row, site.url),
  };
}

/**
 * The acceptance as stored and delivered: the trade-in's record marked accepted (the dealer calls the same
 * shopper), and the offer price from the stored valuation, never from the browser.
 */
export function acceptedOffer(acceptance: OfferAcceptanceLead, traded: ValuedLead, now: Date) {
  const { lead_key: _, ...sent } = acceptance;
  const offer = traded.valuation?.estimate ? traded.valuation.offer : null;
  return { ...sent, offer_price: offer, values: { ...traded.values, category: sent.category, subcategory: sent.subcategory }, record: acceptanceRecord(traded.record, traded.id, sent, now) };
}
