import { FORM_ERRORS_HEADING, type OnlinePaymentRequest, onlinePaymentRequestSchema, parseWithFieldErrors } from "@dealer/shared/contract";
import { bodyLimit, type HostSite } from "@dealer/shared/http";
import { siteSecrets } from "@dealer/shared/secrets";
import { type Context, Hono } from "hono";
import { ACCOUNT_BODY_MAX_BYTES, clientOf, isFailure, readAccountRequest } from "../accounts/request";
import type { Env } from "../env";
import { formErrorPage } from "../leads/form-post";
import { parseRateLimit, rateLimited } from "../leads/rate-limit";
import { type PaymentAdapter, PaymentUnavailable, paymentAdapter, processorAccount, processorFor } from "../reservations/payments/adapter";
import { PAYMENT_UNAVAILABLE } from "../reservations/api";
import { findReservation } from "../reservations/store";
import { ONLINE_PAYMENT_TOKEN_PREFIX, receiptPath } from "../reservations/online-payment-store";

export const PAYMENT_SIGNED_OUT = "Please sign in to pay online.";
export const NO_SUCH_RESERVATION = "No reservation with this reference on this site.";
export const PAYMENT_RATE_LIMITED = "Too many payments from this device. Please wait a moment and try again.";
/** How long the processor's page stays open for an online payment. */
const SESSION_MINUTES = 30;


type Answer = { status: 201 | 400 | 401 | 403 | 404 | 415 | 429 | 503; body: { payment?: string; next_url?: string; message?: string; fieldErrors?: Record<string, string[]> }; headers?: Record<string, string> };

/** The dealership a payment goes to: a reservation's car's (its own processor account may apply); an invoice the site's. */
async function payee(env: Env, site: HostSite, request: OnlinePaymentRequest): Promise<{ dealership: string | null } | null> {
  if (request.purpose === "service_invoice") return { dealership: null };
  const reservation = await findReservation(env.DB, request.reference);
  if (!reservation || reservation.site !== site.slug) return null;
  const owner = await env.DB.prepare("SELECT slug FROM dealerships WHERE id = ?").bind(reservation.dealership_id).first<{ slug: string }>();
  return { dealership: owner?.slug ?? null };
}

async function takeOnlinePayment(c: Context<{ Bindings: Env }>): Promise<Answer> {
  const request = await readAccountRequest(c);
  if (isFailure(request)) return { status: request.status, body: { message: request.message, ...(request.fieldErrors ? { fieldErrors: request.fieldErrors } : {}) } };
  if (!request.session) return { status: 401, body: { message: PAYMENT_SIGNED_OUT } };
  const now = new Date();
  const wait = await rateLimited(c.env.DB, `pay|${request.site.slug}|${clientOf(c.req.raw.headers)}`, parseRateLimit(c.env.LEAD_RATE_LIMIT), now.getTime());
  if (wait !== null) return { status: 429, body: { message: PAYMENT_RATE_LIMITED }, headers: { "retry-after": String(wait) } };
  const parsed = parseWithFieldErrors(onlinePaymentRequestSchema, request.body);
  if (!parsed.ok) return { status: 400, body: { message: FORM_ERRORS_HEADING, fieldErrors: parsed.fieldErrors } };
  const to = await payee(c.env, request.site, parsed.data);
  if (!to) return { status: 404, body: { message: NO_SUCH_RESERVATION, fieldErrors: { reference: [NO_SUCH_RESERVATION] } } };

  const processor = processorFor(request.site.config.reserve, to.dealership);
  let adapter: PaymentAdapter;
  try {
    adapter = await paymentAdapter(c.env, siteSecrets(c.env, request.site.slug), processor);
  } catch (error) {
    console.error("[mf-forms] no card processor for", request.site.slug, to.dealership, error instanceof Error ? error.message : error);
    return { status: 503, body: { message: PAYMENT_UNAVAILABLE } };
  }
  const token = `${ONLINE_PAYMENT_TOKEN_PREFIX}${crypto.randomUUID().replaceAll("-", "")}`;
  const amountCents = Math.round(parsed.data.amount * 100);
  await c.env.DB.prepare(
    `INSERT INTO online_payments (token, site, user_id, purpose, reference, dealership_slug, amount_cents, state, processor, processor_account, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'awaiting_payment', ?, ?, ?)`,
  )
    .bind(token, request.site.slug, request.session.userId, parsed.data.purpose, parsed.data.reference, to.dealership, amountCents, adapter.name, processorAccount(processor, adapter), now.toISOString())
    .run();
  const origin = `${new URL(c.req.url).protocol}//${c.req.header("host") ?? ""}`;
  try {
    const session = await adapter.createSession({
      site: request.site.slug,
      reservationToken: token,
      amountCents,
      description: parsed.data.purpose === "reservation" ? `Reservation payment (reference ${parsed.data.reference})` : `Service invoice ${parsed.data.reference}`,
      successUrl: origin + receiptPath(token),
      cancelUrl: origin + receiptPath(token),
      origin,
      expiresAt: new Date(now.getTime() + SESSION_MINUTES * 60_000),
    });
    await c.env.DB.prepare("UPDATE online_payments SET payment_session = ?, payment_url = ? WHERE token = ?").bind(session.id, session.url, token).run();
    return { status: 201, body: { payment: token, next_url: session.url } };
  } catch (error) {
    if (!(error instanceof PaymentUnavailable)) console.error("[mf-forms] online payment session failed", error);
    return { status: 503, body: { message: PAYMENT_UNAVAILABLE }, headers: { "retry-after": "5" } };
  }
}

/**
 * POST /api/payments/online {purpose, reference, amount}: a signed-in shopper's payment through the dealer's
 * processor (ADR 0040). 201 {payment, next_url: the processor's page}; 400 field errors; 401 signed out; 403
 * cross-site; 404 a reservation this site does not have; 415; 429; 503 no processor. A form post gets 303 to the
 * processor's page or the lead forms' error page. The processor's webhook (/api/payments/webhook) marks it paid.
 */
export function createOnlinePaymentApi() {
  const app = new Hono<{ Bindings: Env }>();
  app.post("/api/payments/online", bodyLimit(ACCOUNT_BODY_MAX_BYTES), async (c) => {
    const form = c.req.header("content-type")?.startsWith("application/x-www-form-urlencoded") ?? false;
    const answer = await takeOnlinePayment(c);
    if (form) {
      if (answer.status === 201 && answer.body.next_url) return c.redirect(answer.body.next_url, 303);
      return formErrorPage(answer.status, answer.body.message ?? "", answer.body.fieldErrors ?? {}, c.req.header("referer") ?? null);
    }
    return c.json(answer.body, answer.status, answer.headers);
  });
  return app;
}
