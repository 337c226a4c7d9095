import { leadUserDataSchema, offerAcceptanceSchema } from "@dealer/shared/contract";
import type { TradeInValuation } from "@dealer/shared/rules";
import { z } from "zod";

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

/** A trade-in (or sell-my-car) lead of this site that the caller sent, with its stored valuation. */
export type ValuedLead = { id: number; carId: number | null; values: Record<string, unknown>; valuation: TradeInValuation | null };

/** The site's trade-in lead sent with this Idempotency-Key, or null (unknown id, other site, other key, other kind). */
export async function valuedLeadOf(db: D1Database, site: string, leadId: number, leadKey: string): Promise<ValuedLead | null> {
  const row = await db
    .prepare(
      `SELECT id, car_id, json_extract(data, '$.values') AS lead_values, json_extract(data, '$.valuation') AS valuation FROM leads
        WHERE site = ? AND id = ? AND idempotency_key = ? AND kind IN ('trade_in', 'sell_my_car')`,
    )
    .bind(site, leadId, leadKey)
    .first<{ id: number; car_id: number | null; lead_values: string | null; valuation: string | null }>();
  if (!row) return null;
  return {
    id: row.id,
    carId: row.car_id,
    values: row.lead_values ? (JSON.parse(row.lead_values) as Record<string, unknown>) : {},
    valuation: row.valuation ? (JSON.parse(row.valuation) as TradeInValuation) : null,
  };
}

/**
 * The acceptance as stored and delivered: the shopper's contact values from the trade-in (the dealer calls
 * them), and the offer price from the stored valuation, never from the browser.
 */
export function acceptedOffer(acceptance: OfferAcceptanceLead, traded: ValuedLead) {
  const { lead_key: _, ...sent } = acceptance;
  const offer = traded.valuation?.estimate ? traded.valuation.offer : null;
  return { ...sent, offer_price: offer, values: { ...traded.values, category: sent.category, subcategory: sent.subcategory } };
}
