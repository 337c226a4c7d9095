import { isLocalDev } from "@dealer/shared/dev-faults";
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

/**
 * A card processor: it opens a hosted payment page for a reservation, and its webhooks are signed with
 * `webhookSecret` (the card processor's scheme, see signature.ts). PAYMENT_PROCESSOR picks one.
 */
export type PaymentAdapter = {
  name: "test" | "stripe";
  webhookSecret: string;
  signatureHeader: string;
  createSession(request: PaymentSessionRequest): Promise<{ id: string; url: string }>;
};

export class PaymentUnavailable extends Error {}

/** Stripe Checkout: a hosted page per reservation, paid in AUD; the session names the reservation. */
function stripeAdapter(secretKey: string, webhookSecret: string): PaymentAdapter {
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
      const response = await fetch("https://api.stripe.com/v1/checkout/sessions", {
        method: "POST",
        headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/x-www-form-urlencoded", "idempotency-key": request.reservationToken },
        body: form,
      }).catch((error: unknown) => {
        throw new PaymentUnavailable(String(error));
      });
      const body = (await response.json().catch(() => null)) as { id?: string; url?: string } | null;
      if (!response.ok || !body?.id || !body.url) throw new PaymentUnavailable(`stripe answered ${response.status}`);
      return { id: body.id, url: body.url };
    },
  };
}

/** The local test processor (test-processor.ts): its sessions live in D1 and its page on the site's own host. */
function testAdapter(env: Env): PaymentAdapter {
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
  };
}

/** The test processor takes anyone's "card": only a local session, or a deployment that names it, gets it. */
export const usesTestProcessor = (env: Env) => env.PAYMENT_PROCESSOR === "test" || (!env.PAYMENT_PROCESSOR && isLocalDev(env));

/** PAYMENT_PROCESSOR picks the card processor; a deployment that names none takes no payments. */
export function paymentAdapter(env: Env): PaymentAdapter {
  if (env.PAYMENT_PROCESSOR === "stripe") {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) throw new PaymentUnavailable("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required");
    return stripeAdapter(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET);
  }
  if (usesTestProcessor(env)) return testAdapter(env);
  throw new PaymentUnavailable("no card processor is configured (PAYMENT_PROCESSOR)");
}
