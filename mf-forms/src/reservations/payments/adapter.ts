import { isLocalDev } from "@dealer/shared/dev-faults";
import type { SiteConfig } from "@dealer/shared/config";
import type { SiteSecrets } from "@dealer/shared/secrets";
import type { Env } from "../../env";

export type PaymentSessionRequest = {
  site: string;
  reservationToken: string;
  amountCents: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The site's origin: the local test processor serves its hosted page there. */
  origin: string;
  expiresAt: Date;
};

/** The payment a refund gives back: the processor's checkout session and, where it has one, its payment id. */
export type RefundRequest = { sessionId: string; paymentId: string | null; amountCents: number; reservationToken: string };

/**
 * A card processor: it opens a hosted payment page for a reservation, refunds a payment, and its webhooks
 * are signed with `webhookSecret` (the card processor's scheme, see signature.ts). Each dealer names one
 * in its site config (`reserve.processor`, ADR 0027).
 */
export type PaymentAdapter = {
  name: "test" | "stripe";
  webhookSecret: string;
  signatureHeader: string;
  createSession(request: PaymentSessionRequest): Promise<{ id: string; url: string }>;
  /** Gives the whole payment back; returns the processor's refund id. Repeating it refunds once. */
  refund(request: RefundRequest): Promise<string>;
};

export class PaymentUnavailable extends Error {}

type ProcessorConfig = SiteConfig["reserve"]["processor"];

/** The processor a car's dealership takes payments with: its own (`reserve.dealershipProcessors`), else the site's (ADR 0030). */
export const processorFor = (reserve: SiteConfig["reserve"], dealershipSlug: string | null): ProcessorConfig =>
  (dealershipSlug !== null && Object.hasOwn(reserve.dealershipProcessors, dealershipSlug) ? reserve.dealershipProcessors[dealershipSlug] : undefined) ?? reserve.processor;

/** The processor account a reservation is paid to, as recorded on it: the account's public key, else the processor's name. */
export const processorAccount = (processor: ProcessorConfig, adapter: PaymentAdapter) => processor.publicKey ?? adapter.name;

/** Stripe Checkout: a hosted page per reservation, paid in AUD; the session names the reservation. */
function stripeAdapter(secretKey: string, webhookSecret: string): PaymentAdapter {
  const call = async (path: string, form: URLSearchParams, idempotencyKey: string) => {
    const response = await fetch(`https://api.stripe.com/v1/${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/x-www-form-urlencoded", "idempotency-key": idempotencyKey },
      body: form,
    }).catch((error: unknown) => {
      throw new PaymentUnavailable(String(error));
    });
    const body = (await response.json().catch(() => null)) as { id?: string; url?: string; payment_intent?: string } | null;
    if (!response.ok || !body?.id) throw new PaymentUnavailable(`stripe ${path} answered ${response.status}`);
    return body;
  };
  return {
    name: "stripe",
    webhookSecret,
    signatureHeader: "stripe-signature",
    async createSession(request) {
      const form = new URLSearchParams({
        mode: "payment",
        client_reference_id: request.reservationToken,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "aud",
        "line_items[0][price_data][unit_amount]": String(request.amountCents),
        "line_items[0][price_data][product_data][name]": request.description,
      });
      const body = await call("checkout/sessions", form, request.reservationToken);
      if (!body.url) throw new PaymentUnavailable("stripe gave no payment page");
      return { id: body.id as string, url: body.url };
    },
    async refund(request) {
      if (!request.paymentId) throw new PaymentUnavailable(`stripe session ${request.sessionId} names no payment_intent to refund`);
      const body = await call("refunds", new URLSearchParams({ payment_intent: request.paymentId, reason: "requested_by_customer" }), `refund:${request.reservationToken}`);
      return body.id as string;
    },
  };
}

/** The local test processor (test-processor.ts): its sessions and refunds live in D1 and its page on the site's own host. */
export function testAdapter(env: Env): PaymentAdapter {
  return {
    name: "test",
    webhookSecret: env.TEST_PAYMENT_WEBHOOK_SECRET ?? "",
    signatureHeader: "test-processor-signature",
    async createSession(request) {
      const id = `tps_${crypto.randomUUID().replaceAll("-", "")}`;
      await env.DB.prepare(
        `INSERT INTO test_payment_sessions (id, site, reservation_token, amount_cents, description, success_url, cancel_url, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?)`,
      )
        .bind(id, request.site, request.reservationToken, request.amountCents, request.description, request.successUrl, request.cancelUrl, new Date().toISOString())
        .run();
      return { id, url: `${request.origin}/payments/test-processor/${id}` };
    },
    async refund(request) {
      // Only a charged session can be refunded, and only once: a repeat gets the first refund's id.
      const refunded = await env.DB.prepare(
        "UPDATE test_payment_sessions SET refund_id = coalesce(refund_id, ?), refunded_at = coalesce(refunded_at, ?) WHERE id = ? AND status = 'paid' RETURNING refund_id",
      )
        .bind(`tre_${crypto.randomUUID().replaceAll("-", "")}`, new Date().toISOString(), request.sessionId)
        .first<{ refund_id: string }>();
      if (!refunded) throw new PaymentUnavailable(`test session ${request.sessionId} was not charged`);
      return refunded.refund_id;
    },
  };
}

/** Stripe keys say their mode (sk_test_ / pk_test_, sk_live_ / pk_live_): a dealer's two keys must agree. */
const stripeMode = (key: string) => (/^[sp]k_(test|live)_/.exec(key)?.[1] ?? null);

/**
 * The dealer's card processor (`reserve.processor` of its site config). The test processor takes anyone's
 * "card", so only wrangler dev gets it (named, or when the dealer names none); a deployment whose dealer
 * names no processor, or names one whose secret slots are not set, takes no payments. Stripe's keys are read
 * from the site's own slots only (ADR 0056).
 */
export async function paymentAdapter(env: Env, secrets: SiteSecrets, processor: ProcessorConfig): Promise<PaymentAdapter> {
  if (processor.name === "stripe") {
    const [secretKey, webhookSecret] = await Promise.all([secrets.read(processor.secretKeySlot), secrets.read(processor.webhookSecretSlot)]).catch((error: unknown) => {
      throw new PaymentUnavailable(error instanceof Error ? error.message : String(error));
    });
    if (stripeMode(secretKey) !== stripeMode(processor.publicKey ?? "")) throw new PaymentUnavailable("the secret key and the public key are not of the same Stripe mode");
    return stripeAdapter(secretKey, webhookSecret);
  }
  if (isLocalDev(env)) return testAdapter(env);
  throw new PaymentUnavailable("this dealer names no card processor (reserve.processor)");
}
