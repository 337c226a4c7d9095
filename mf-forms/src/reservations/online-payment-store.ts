import type { OnlinePaymentRequest } from "@dealer/shared/contract";

export const ONLINE_PAYMENT_PATH = "/online-payment";
/** Online payment handles: 'op_' marks them apart from reservation tokens in the processor's events. */
export const ONLINE_PAYMENT_TOKEN_PREFIX = "op_";

export const receiptPath = (token: string) => `${ONLINE_PAYMENT_PATH}?payment=${encodeURIComponent(token)}`;

export type OnlinePaymentRow = {
  token: string;
  site: string;
  user_id: string;
  purpose: OnlinePaymentRequest["purpose"];
  reference: string;
  dealership_slug: string | null;
  amount_cents: number;
  state: "awaiting_payment" | "paid";
  processor: string;
  payment_url: string | null;
  paid_at: string | null;
};

export const findOnlinePayment = (db: D1Database, token: string) => db.prepare("SELECT * FROM online_payments WHERE token = ?").bind(token).first<OnlinePaymentRow>();

/** A paid session of the processor marks its payment paid, once; only this site's, through the processor it was opened with. */
export async function markOnlinePaymentPaid(db: D1Database, token: string, site: string, processor: string, now: Date): Promise<boolean> {
  const row = await db
    .prepare("UPDATE online_payments SET state = 'paid', paid_at = ? WHERE token = ? AND site = ? AND processor = ? AND state = 'awaiting_payment' RETURNING token")
    .bind(now.toISOString(), token, site, processor)
    .first();
  return row !== null;
}

