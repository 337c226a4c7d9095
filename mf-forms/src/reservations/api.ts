import { carSchema, FORM_ERRORS_HEADING, parseWithFieldErrors, paymentEventSchema, reservationRequestSchema } from "@dealer/shared/contract";
import { bodyLimit, siteFromHost } from "@dealer/shared/http";
import { requestKey } from "@dealer/shared/keys";
import { CAR_ALREADY_RESERVED, CAR_NOT_RESERVABLE, checkoutPath, isInStock } from "@dealer/shared/rules";
import { siteSecrets } from "@dealer/shared/secrets";
import { type Context, Hono } from "hono";
import type { Env } from "../env";
import { formErrorPage } from "../leads/form-post";
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKey, leadBodyFormat } from "../leads/guard";
import { parseRateLimit, rateLimited } from "../leads/rate-limit";
import { requestHash } from "../leads/store";
import { markOnlinePaymentPaid, ONLINE_PAYMENT_TOKEN_PREFIX } from "./online-payment-store";
import { confirmReservation, releaseExpiredHolds } from "./confirm";
import { type PaymentAdapter, PaymentUnavailable, paymentAdapter, processorAccount, processorFor } from "./payments/adapter";
import { verifySignature } from "./payments/signature";
import { attachPaymentSession, createReservation, dropHold, findReservation, markRefunded, type ReservationRow } from "./store";

export const RESERVATION_BODY_MAX_BYTES = 16 * 1024;
export const INVALID_RESERVATION = "Invalid reservation";
export const PAYMENT_UNAVAILABLE = "Online payment is unavailable right now. You have not been charged: please try again in a moment.";
export const RESERVATION_KEY_REUSED = "This reservation was already sent with different details. Reload the page to start again.";
export const RESERVE_RATE_LIMITED = "Too many reservations from this device. Please wait a moment and try again.";
export const confirmationPath = (token: string) => `/checkout/confirmation?reservation=${encodeURIComponent(token)}`;

type Answer = { status: 201 | 400 | 403 | 404 | 409 | 415 | 422 | 429 | 503; body: { reservation?: string; next_url?: string; message?: string; fieldErrors?: Record<string, string[]> }; headers?: Record<string, string> };

const bad = (fieldErrors: Record<string, string[]>, message = INVALID_RESERVATION): Answer => ({ status: 400, body: { message, fieldErrors } });

/** A form post (before the checkout's script has loaded) as the JSON the script sends. */
function fromForm(form: URLSearchParams) {
  const text = (name: string) => {
    const value = form.get(name);
    return value === null || value === "" ? undefined : value;
  };
  const checked = (name: string) => ["on", "true"].includes(form.get(name) ?? "");
  return {
    body: {
      car: text("car"),
      values: {
        name: text("values.name"),
        last_name: text("values.last_name"),
        email: text("values.email"),
        phone: text("values.phone"),
        postcode: text("values.postcode"),
        opt_in: checked("values.opt_in"),
        terms_conditions: checked("values.terms_conditions"),
      },
    },
    key: text("idempotency_key") ?? null,
    honeypot: form.get("website") ?? "",
  };
}

/** The shopper's site as the gateway forwarded it (the tenant's Host). */
const originOf = (c: Context<{ Bindings: Env }>) => `${new URL(c.req.url).protocol}//${c.req.header("host") ?? ""}`;

/** Where the shopper goes next: the processor's page while payment is awaited, else the confirmation. */
const nextUrl = (reservation: ReservationRow) => (reservation.state === "awaiting_payment" && reservation.payment_url ? reservation.payment_url : confirmationPath(reservation.token));

async function takeReservation(c: Context<{ Bindings: Env }>, format: "json" | "form" | null): Promise<Answer> {
  const headers = c.req.raw.headers;
  const site = await siteFromHost(c.env.DB, headers.get("host") ?? undefined);
  if (!site) return { status: 404, body: { message: "Unknown site" } };
  if (!format) return { status: 415, body: { message: "Send the reservation as application/json or a form post." } };
  const raw = await c.req.text();
  let body: unknown;
  let key: string | null = null;
  let honeypot = "";
  if (format === "json") {
    const header = idempotencyKey(headers);
    if (!header.ok) return bad({ "Idempotency-Key": [IDEMPOTENCY_KEY_MESSAGE] });
    key = header.key;
    try {
      body = JSON.parse(raw);
    } catch {
      return bad({ "(root)": ["The body is not valid JSON."] });
    }
  } else {
    ({ body, key, honeypot } = fromForm(new URLSearchParams(raw)));
    if (key !== null && !/^[\x21-\x7e]{1,200}$/.test(key)) key = null;
  }
  const now = new Date();
  const wait = await rateLimited(c.env.DB, `reserve|${site.slug}|${headers.get("cf-connecting-ip") ?? "unknown"}`, parseRateLimit(c.env.LEAD_RATE_LIMIT), now.getTime());
  if (wait !== null) return { status: 429, body: { message: RESERVE_RATE_LIMITED }, headers: { "retry-after": String(wait) } };
  if (honeypot.trim() !== "") return bad({});
  const parsed = parseWithFieldErrors(reservationRequestSchema, body);
  if (!parsed.ok) return bad(parsed.fieldErrors, FORM_ERRORS_HEADING);

  const row = await c.env.DB.prepare("SELECT data FROM vehicles WHERE site = ? AND slug = ?").bind(site.slug, parsed.data.car).first<{ data: string }>();
  const car = row ? carSchema.safeParse(JSON.parse(row.data)) : null;
  if (!car?.success) return { status: 404, body: { message: "No such car", fieldErrors: { car: ["No such car on this site."] } } };
  if (!car.data.checkout_enabled || !isInStock(car.data.status)) return { status: 409, body: { message: CAR_NOT_RESERVABLE } };
  if (car.data.reserved) return { status: 409, body: { message: CAR_ALREADY_RESERVED } };

  const amountCents = Math.round(site.config.reserve.amount * 100);
  // The car's dealership decides: a dealership of a group may have its own processor account (ADR 0030).
  const processor = processorFor(site.config.reserve, car.data.dealership_slug);
  let adapter: PaymentAdapter | null = null;
  try {
    adapter = amountCents > 0 ? await paymentAdapter(c.env, siteSecrets(c.env, site.slug), processor) : null;
  } catch (error) {
    // This dealer takes no card payments (no processor named, or its secrets are missing): no hold is taken.
    console.error("[mf-forms] no card processor for", site.slug, car.data.dealership_slug, error instanceof Error ? error.message : error);
    return { status: 503, body: { message: PAYMENT_UNAVAILABLE } };
  }
  const outcome = await createReservation(c.env.DB, {
    site: site.slug,
    carId: car.data.id,
    dealershipId: car.data.dealership_id,
    amountCents,
    customer: parsed.data.values,
    processor: adapter?.name ?? "none",
    processorAccount: adapter ? processorAccount(processor, adapter) : null,
    idempotencyKey: key,
    requestHash: await requestHash(raw),
    now,
  });
  if ("taken" in outcome) return { status: 409, body: { message: CAR_ALREADY_RESERVED } };
  if (!outcome.created) {
    if (!outcome.sameRequest) return { status: 422, body: { message: RESERVATION_KEY_REUSED } };
    return { status: 201, body: { reservation: outcome.replay.token, next_url: nextUrl(outcome.replay) }, headers: { "idempotent-replayed": "true" } };
  }
  const reservation = outcome.reservation;
  const origin = originOf(c);
  const pageUrl = origin + checkoutPath(car.data.slug, site.config.vehicle);
  // $0: nothing to pay, the hold is confirmed at once.
  if (!adapter) {
    await confirmReservation(c.env, reservation.token, pageUrl, now);
    return { status: 201, body: { reservation: reservation.token, next_url: confirmationPath(reservation.token) } };
  }
  try {
    const session = await adapter.createSession({
      site: site.slug,
      reservationToken: reservation.token,
      amountCents,
      description: `Reservation deposit: ${car.data.name} (stock ${car.data.stocknum})`,
      successUrl: origin + confirmationPath(reservation.token),
      cancelUrl: origin + confirmationPath(reservation.token),
      origin,
      expiresAt: new Date(reservation.hold_until),
    });
    await attachPaymentSession(c.env.DB, reservation.id, session);
    return { status: 201, body: { reservation: reservation.token, next_url: session.url } };
  } catch (error) {
    if (!(error instanceof PaymentUnavailable)) console.error("[mf-forms] payment session failed", error);
    await dropHold(c.env.DB, reservation.id, now);
    return { status: 503, body: { message: PAYMENT_UNAVAILABLE }, headers: { "retry-after": "5" } };
  }
}

/**
 * A processor's webhook for one dealer's site: verified against that dealer's secret, acted on once per event
 * id (a redelivery is answered 200 and changes nothing). A paid checkout session confirms its reservation;
 * one paid after its unpaid hold lapsed (the car may be another shopper's by now) is refunded in full.
 */
export async function takePaymentEvent(
  env: Env,
  adapter: PaymentAdapter,
  /** The processor account the event came through; null: the local test processor's own page. */
  account: string | null,
  site: string,
  raw: string,
  signature: string | null,
  pageOrigin: string,
  now = new Date(),
): Promise<{ status: 200 | 400 | 503; body: Record<string, unknown> }> {
  if (!(await verifySignature(adapter.webhookSecret, signature, raw, Math.floor(now.getTime() / 1000)))) {
    return { status: 400, body: { message: "Invalid signature" } };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { status: 400, body: { message: "The body is not valid JSON." } };
  }
  const event = parseWithFieldErrors(paymentEventSchema, json);
  if (!event.ok) return { status: 400, body: { message: "Invalid event", fieldErrors: event.fieldErrors } };
  const session = event.data.data.object;
  const token = session.client_reference_id ?? null;
  const first = await env.DB.prepare(
    "INSERT INTO payment_events (processor, event_id, type, reservation_token, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING event_id",
  )
    .bind(adapter.name, event.data.id, event.data.type, token, now.toISOString())
    .first();
  if (!first) return { status: 200, body: { received: true, duplicate: true } };
  try {
    const paid = event.data.type === "checkout.session.completed" && session.payment_status === "paid";
    // An online payment (ADR 0040): this site's, through the processor it was opened with.
    if (token?.startsWith(ONLINE_PAYMENT_TOKEN_PREFIX)) {
      if (paid) await markOnlinePaymentPaid(env.DB, token, site, adapter.name, now);
      return { status: 200, body: { received: true } };
    }
    const reservation = token && paid ? await findReservation(env.DB, token) : null;
    // Only this dealer's reservations, paid through this processor (and this dealership's account of it).
    const sameAccount = account === null || reservation?.processor_account == null || reservation.processor_account === account;
    if (reservation && reservation.site === site && reservation.processor === adapter.name && sameAccount) {
      const car = await env.DB.prepare("SELECT slug FROM vehicles WHERE id = ?").bind(reservation.car_id).first<{ slug: string }>();
      const confirmed = await confirmReservation(env, reservation.token, `${pageOrigin}/cars/${car?.slug ?? ""}`, now);
      const latest = confirmed ? null : await findReservation(env.DB, reservation.token);
      if (latest?.state === "expired" && !latest.refunded_at) {
        const refundId = await adapter.refund({ sessionId: session.id, paymentId: session.payment_intent ?? null, amountCents: latest.amount_cents, reservationToken: latest.token });
        await markRefunded(env.DB, latest.token, refundId, now);
      }
    }
    return { status: 200, body: { received: true } };
  } catch (error) {
    // Not acted on: forget the event so the processor's retry is acted on.
    console.error("[mf-forms] payment event not applied", event.data.id, error);
    await env.DB.prepare("DELETE FROM payment_events WHERE processor = ? AND event_id = ?").bind(adapter.name, event.data.id).run();
    return { status: 503, body: { message: "Try again" } };
  }
}

/**
 * The dealership whose reservation an (as yet unverified) event names, to pick the secret that verifies it;
 * null when it names none of this site's: the site's own processor judges it then.
 */
async function dealershipOfEvent(db: D1Database, site: string, raw: string): Promise<string | null> {
  let token: unknown;
  try {
    token = (JSON.parse(raw) as { data?: { object?: { client_reference_id?: unknown } } } | null)?.data?.object?.client_reference_id;
  } catch {
    return null;
  }
  if (typeof token !== "string") return null;
  const row = await db
    .prepare(
      `SELECT d.slug FROM reservations r JOIN dealerships d ON d.id = r.dealership_id WHERE r.token = ?1 AND r.site = ?2
       UNION ALL SELECT dealership_slug FROM online_payments WHERE token = ?1 AND site = ?2 AND dealership_slug IS NOT NULL`,
    )
    .bind(token, site)
    .first<{ slug: string }>();
  return row?.slug ?? null;
}

/**
 * POST /api/reservations: take the car's hold and open the processor's payment page. 201 {reservation,
 * next_url}; 400 field errors; 403 cross-site; 404 unknown site or car; 409 reserved by someone else (no
 * payment page, no charge) or not reservable; 415; 422 key reused; 429; 503 processor down (hold dropped).
 * A form post gets 303 to next_url or a page naming the errors.
 * POST /api/payments/webhook: see takePaymentEvent.
 * POST /api/reservations/release-expired: the scheduled job for the write key's site, run now.
 */
export function createReservationApi() {
  const app = new Hono<{ Bindings: Env }>();

  app.post("/api/reservations", bodyLimit(RESERVATION_BODY_MAX_BYTES), async (c) => {
    const format = leadBodyFormat(c.req.header("content-type"));
    const answer = await takeReservation(c, format);
    if (format === "form") {
      if (answer.status === 201 && answer.body.next_url) return c.redirect(answer.body.next_url, 303);
      return formErrorPage(answer.status, answer.body.message ?? "", answer.body.fieldErrors ?? {}, c.req.header("referer") ?? null);
    }
    return c.json(answer.body, answer.status, answer.headers);
  });

  // Each dealer's processor posts to its own site's host, signed with the webhook secret of the account the
  // reservation's dealership uses (the site's, or the dealership's own): that account's secret verifies it.
  app.post("/api/payments/webhook", bodyLimit(64 * 1024), async (c) => {
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const raw = await c.req.text();
    const processor = processorFor(site.config.reserve, await dealershipOfEvent(c.env.DB, site.slug, raw));
    let adapter: PaymentAdapter;
    try {
      adapter = await paymentAdapter(c.env, siteSecrets(c.env, site.slug), processor);
    } catch {
      return c.json({ message: "This site takes no card payments." }, 404);
    }
    const answer = await takePaymentEvent(c.env, adapter, processorAccount(processor, adapter), site.slug, raw, c.req.header(adapter.signatureHeader) ?? null, originOf(c));
    return c.json(answer.body, answer.status);
  });

  app.post("/api/reservations/release-expired", async (c) => {
    // The site's own key on its own host only (ADR 0057).
    const owner = await requestKey(c, ["stock:write"]);
    if (!owner?.site) return c.json({ message: "A valid dealership write key is required (Authorization: Bearer <key>)." }, 401);
    return c.json({ released: await releaseExpiredHolds(c.env, new Date(), owner.site) });
  });

  return app;
}
