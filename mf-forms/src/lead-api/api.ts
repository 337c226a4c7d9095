import { FORM_ERRORS_HEADING, leadKindSchema, parseWithFieldErrors } from "@dealer/shared/contract";
import { DEV_FAULT_HEADER, devFault, devStoreFailShare, isLocalDev } from "@dealer/shared/dev-faults";
import { bodyLimit } from "@dealer/shared/http";
import { BOOKING_CLOSED_MESSAGE, bookingProblem, SLOT_TAKEN_MESSAGE, SUCCESS_PATH, type TradeInValuation } from "@dealer/shared/rules";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { queueUnqueuedLead, unreachableQueue } from "../delivery/queue";
import type { Env } from "../env";
import { leadSchemaFor } from "../leads/form-schema";
import { formErrorPage, leadFromForm } from "../leads/form-post";
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKey, INVALID_LEAD, KEY_REUSED, LEAD_BODY_MAX_BYTES, LEAD_STORE_FAILED, leadBodyFormat, RATE_LIMITED, siteUrl, TURNSTILE_FAILED, UNSUPPORTED_BODY } from "../leads/guard";
import { parseRateLimit, rateLimited } from "../leads/rate-limit";
import { bookingSlots, SLOT_DAYS } from "../leads/slots";
import { siteFromHost } from "@dealer/shared/http";
import { findLeadByKey, PRIVACY_NOTICE, requestHash, storeLead } from "../leads/store";
import { turnstilePasses } from "../leads/turnstile";
import { creditCheckRecord } from "../leads/credit-check";
import { acceptedOffer, NO_SUCH_OFFER, OFFER_ALREADY_ACCEPTED, offerAcceptanceKey, offerAcceptanceLeadSchema, valuedLeadOf } from "../leads/offer-acceptance";
import { tradeInOfferPage } from "./offer-page";
import { valuationFor } from "../leads/valuation";
import { buildLeadRecord, financeDriveAway, loadSiteFacts, placeLead, withStoredCategory } from "../leads/record";
import { canMailShoppers } from "../accounts/email";
import { receiptChannels, successLines } from "../receipts/receipt";
import type { PlainAcceptance } from "../fragments/enquiry-form/TradeInOffer";
import { FORM_VARIANT_IDS, type FormVariant, formVariant, shownSelects } from "../leads/variants";


const envelopeSchema = z
  .object({ kind: leadKindSchema, form: z.enum(FORM_VARIANT_IDS).optional(), userData: z.object({ car_id: z.number().int().optional() }).loose() })
  .loose();

/** The form a lead came from: its `form`, else the variant named like its kind; null when they disagree. */
function variantOf(envelope: z.infer<typeof envelopeSchema>): FormVariant | null {
  const variant = formVariant(envelope.form ?? envelope.kind);
  return variant && variant.leadKind === envelope.kind ? variant : null;
}

type Answer = {
  status: 201 | 400 | 403 | 404 | 409 | 415 | 422 | 429 | 503;
  /** A trade-in's answer also carries its online valuation (the page shows it and the offer). */
  body: { lead_id?: number; valuation?: unknown; next?: string[]; message?: string; fieldErrors?: Record<string, string[]> };
  headers?: Record<string, string>;
};

/**
 * POST /api/leads, through the gateway with the shopper's Host: the lead is validated with the shared schema,
 * stored in D1 before the answer (once per Idempotency-Key: a retry gets the first answer) and put on the
 * delivery queue. 201 {lead_id}; 400 {message, fieldErrors}; 403 cross-site; 404 unknown site; 413 too big;
 * 409 test-drive time already booked or offer already accepted; 415 not JSON or a form post; 422 key reused for another lead; 429 + Retry-After; 503 not stored.
 * A plain form post (before the form's script loads) gets 303 to /success, or an HTML page naming the errors.
 */
export function createLeadApi() {
  const app = new Hono<{ Bindings: Env }>();

  app.post("/api/leads", bodyLimit(LEAD_BODY_MAX_BYTES), async (c) => {
    const format = leadBodyFormat(c.req.header("content-type"));
    const answer = await takeLead(c, format);
    if (format === "form") {
      const offer = answer.status === 201 ? noScriptOffer(answer, new URLSearchParams(await c.req.text())) : null;
      if (offer) return tradeInOfferPage(offer.valuation, offer.acceptance, offer.selling);
      if (answer.status === 201) return c.redirect(SUCCESS_PATH, 303);
      return formErrorPage(answer.status, answer.body.message ?? "", answer.body.fieldErrors ?? {}, c.req.header("referer") ?? null);
    }
    return c.json(answer.body, answer.status, answer.headers);
  });

  return app;
}

async function takeLead(c: Context<{ Bindings: Env }>, format: ReturnType<typeof leadBodyFormat>): Promise<Answer> {
  const headers = c.req.raw.headers;
  // Bad input is answered before anything is read from storage: a body that cannot be a lead never meets a busy D1.
  if (!format) return { status: 415, body: { message: UNSUPPORTED_BODY } };

  const raw = await c.req.text();
  let body: unknown;
  let key: string | null;
  let honeypot = "";
  let turnstileToken = headers.get("cf-turnstile-response");
  if (format === "json") {
    const header = idempotencyKey(headers);
    if (!header.ok) return { status: 400, body: { message: INVALID_LEAD, fieldErrors: { "Idempotency-Key": [IDEMPOTENCY_KEY_MESSAGE] } } };
    key = header.key;
    try {
      body = JSON.parse(raw);
    } catch {
      return { status: 400, body: { message: INVALID_LEAD, fieldErrors: { "(root)": ["The body is not valid JSON."] } } };
    }
    const hp = (body as { website?: unknown } | null)?.website;
    honeypot = typeof hp === "string" ? hp : "";
  } else {
    const form = leadFromForm(new URLSearchParams(raw), headers);
    ({ lead: body, key, honeypot } = form);
    turnstileToken ??= form.turnstileToken;
    if (key !== null && !/^[\x21-\x7e]{1,200}$/.test(key)) key = null;
  }
  const envelope = parseWithFieldErrors(envelopeSchema, body);
  if (!envelope.ok) return { status: 400, body: { message: INVALID_LEAD, fieldErrors: envelope.fieldErrors } };

  const site = await siteFromHost(c.env.DB, headers.get("host") ?? undefined).catch((error: unknown) => {
    console.error("[mf-forms] site lookup failed", error);
    return "unavailable" as const;
  });
  if (site === "unavailable") return { status: 503, body: { message: LEAD_STORE_FAILED } };
  if (!site) return { status: 404, body: { message: "Unknown site" } };

  // The dev-only queue fault (ADR 0030): this request's queue send fails; the lead stays stored, unqueued.
  const queueFailPercent = devFault(headers.get(DEV_FAULT_HEADER), "mf-forms", "queue-fail", isLocalDev(c.env)) ?? 0;
  const env = Math.random() * 100 < queueFailPercent ? { ...c.env, LEAD_QUEUE: unreachableQueue } : c.env;
  try {
    const hash = await requestHash(raw);
    // A retry is answered from the store before it counts against the rate limit.
    if (key) {
      const existing = await findLeadByKey(c.env.DB, site.slug, key);
      if (existing) return await replay(env, existing, existing.request_hash === hash);
    }
    const client = headers.get("cf-connecting-ip") ?? "unknown";
    const wait = await rateLimited(c.env.DB, `${site.slug}|${client}`, parseRateLimit(c.env.LEAD_RATE_LIMIT), Date.now());
    if (wait !== null) return { status: 429, body: { message: RATE_LIMITED }, headers: { "retry-after": String(wait) } };

    // Bots fill the field people never see.
    if (honeypot.trim() !== "") return { status: 400, body: { message: INVALID_LEAD } };
    if (c.env.TURNSTILE_SECRET && !(await turnstilePasses(c.env.TURNSTILE_SECRET, turnstileToken, headers.get("cf-connecting-ip")))) {
      return { status: 403, body: { message: TURNSTILE_FAILED } };
    }

    if (envelope.data.kind === "offer_acceptance") return await takeOfferAcceptance(env, { slug: site.slug, url: siteUrl(c.req.url, headers) }, body, key, hash);
    const variant = variantOf(envelope.data);
    if (!variant) return { status: 400, body: { message: INVALID_LEAD, fieldErrors: { form: ["Unknown form for this kind of lead."] } } };
    const carId = envelope.data.userData.car_id ?? (typeof (body as { car_id?: unknown }).car_id === "number" ? (body as { car_id: number }).car_id : null);
    const facts = await loadSiteFacts(c.env.DB, { slug: site.slug, url: siteUrl(c.req.url, headers), slotMinutes: site.config.forms.testDriveSlotMinutes }, carId);
    const shown = shownSelects(variant, { hasCar: envelope.data.userData.car_id !== undefined, locations: facts.locations.length, dealerships: facts.dealerships.length });
    const parsed = parseWithFieldErrors(leadSchemaFor(variant, site.config.forms, shown), body);
    if (!parsed.ok) return { status: 400, body: { message: FORM_ERRORS_HEADING, fieldErrors: parsed.fieldErrors } };
    const lead = withStoredCategory(parsed.data);
    // The car, location and dealership are the site's own or the lead is refused, naming the field.
    const placed = placeLead(lead, facts);
    if (!placed.ok) return { status: 400, body: { message: FORM_ERRORS_HEADING, fieldErrors: placed.fieldErrors } };
    const { place } = placed;
    const driveAway = financeDriveAway(lead, place.car, site.config);
    if (!driveAway.ok) return { status: 400, body: { message: FORM_ERRORS_HEADING, fieldErrors: driveAway.fieldErrors } };
    const now = new Date();
    // A booking is one of the times the form offers: in the future, in the window, while the department is open.
    if (lead.booking && variant.booking) {
      const open = await bookingSlots(c.env.DB, site, place.location?.id ?? null, now, variant.booking, true);
      const problem = open ? bookingProblem(new Date(lead.booking), open.slots, now, SLOT_DAYS) : BOOKING_CLOSED_MESSAGE;
      if (problem) return { status: 400, body: { message: FORM_ERRORS_HEADING, fieldErrors: { booking: [problem] } } };
    }
    const consent = { opt_in: lead.values.opt_in, recorded_at: now.toISOString(), privacy_notice: PRIVACY_NOTICE };
    // The online estimate is the server's, from this site's stock, and is stored with the lead.
    const valuation = "vehicle" in lead ? await valuationFor(c.env.DB, site.slug, lead.vehicle, lead.adjustmentAnswers, now) : undefined;
    const { values } = lead;
    const credit_check = variant.creditCheck
      ? await creditCheckRecord(c.env, { site: site.slug, name: values.name, lastName: values.last_name ?? null, email: values.email, phone: values.phone, postcode: values.postcode ?? null }, now)
      : undefined;
    const drive_away = driveAway.estimate;
    const record = buildLeadRecord({ ...lead, form: variant.id }, place, facts, { createdAt: now, consent, valuation, creditCheck: credit_check, driveAway: drive_away });
    // What /success tells the shopper: what was sent where, the booking, what happens next (kept for a retry's answer).
    const next = successLines(record, receiptChannels(record, canMailShoppers(c.env, site.config.shopperEmail)));

    const fault = injectedStoreFault(c.env, headers);
    if (fault === "before") throw new InjectedStoreFault("dev fault: the lead store write failed");
    const stored = await storeLead(c.env.DB, {
      site: site.slug,
      kind: lead.kind,
      carId: place.car?.id ?? null,
      dealershipId: place.dealership.id,
      locationId: place.location?.id ?? null,
      email: values.email,
      phone: values.phone,
      data: JSON.stringify({ ...lead, consent, valuation, credit_check, drive_away, record, next }),
      idempotencyKey: key,
      requestHash: hash,
      booking: lead.booking ? new Date(lead.booking).toISOString() : null,
      bookingType: variant.booking,
      now,
    });
    if (fault === "after") throw new InjectedStoreFault("dev fault: the lead was stored but its answer was lost");
    if ("bookingTaken" in stored) return { status: 409, body: { message: SLOT_TAKEN_MESSAGE, fieldErrors: { booking: [SLOT_TAKEN_MESSAGE] } } };
    if (!stored.created) return await replay(env, { id: stored.leadId, valuation: stored.valuation, next: stored.next }, stored.sameRequest);
    // Stored first: a failed queue send is logged, and a retry or the scheduled sweep queues the lead later.
    await queueUnqueuedLead(env, stored.leadId, now);
    return { status: 201, body: { lead_id: stored.leadId, ...(valuation ? { valuation } : {}), next } };
  } catch (error) {
    // An injected fault is expected: one line, no stack (thousands of stacks a minute swamp wrangler dev's log).
    if (error instanceof InjectedStoreFault) console.warn(`[mf-forms] lead not stored: ${error.message}`);
    else console.error("[mf-forms] lead not stored", error);
    return { status: 503, body: { message: LEAD_STORE_FAILED }, headers: { "retry-after": "5" } };
  }
}

/**
 * A trade-in posted without script is answered with its valuation and offer (not /success): what the page
 * shows, and what accepting it posts (the key it was sent with; the category as the script sends it).
 */
function noScriptOffer(answer: Answer, form: URLSearchParams): { valuation: TradeInValuation; acceptance: PlainAcceptance; selling: boolean } | null {
  const valuation = answer.body.valuation as TradeInValuation | undefined;
  const leadKey = form.get("idempotency_key");
  if (!valuation || answer.body.lead_id === undefined || !leadKey) return null;
  const category = form.get("values.category") || formVariant(form.get("form") ?? form.get("kind") ?? "")?.category || "";
  return { valuation, acceptance: { leadId: answer.body.lead_id, leadKey, category }, selling: form.get("kind") === "sell_my_car" };
}

/**
 * A local session's injected store fault for this request (`x-dev-fault: mf-forms=store-fail:N`, ADR 0024):
 * half fail before the write, half after it (stored, but the answer is lost: the shopper's retry with the
 * same key must find it). Never outside a local session.
 */
class InjectedStoreFault extends Error {}
function injectedStoreFault(env: Env, headers: Headers): "before" | "after" | null {
  const share = devStoreFailShare(headers.get(DEV_FAULT_HEADER), "mf-forms", isLocalDev(env));
  const roll = Math.random();
  if (roll >= share) return null;
  return roll < share / 2 ? "before" : "after";
}

/**
 * The first answer again for a retried submit; a key reused for different details is refused. A retry also
 * queues its lead if no request has yet (the first send failed, or the answer was lost before it): the lead
 * reaches the dealer now rather than at the next sweep. A lead already queued is not queued again.
 */
async function replay(env: Env, stored: { id: number; valuation: string | null; next: string | null }, sameRequest: boolean): Promise<Answer> {
  if (!sameRequest) return { status: 422, body: { message: KEY_REUSED } };
  await queueUnqueuedLead(env, stored.id);
  const valuation: unknown = stored.valuation ? JSON.parse(stored.valuation) : undefined;
  const next = stored.next ? (JSON.parse(stored.next) as string[]) : undefined;
  return { status: 201, body: { lead_id: stored.id, ...(valuation ? { valuation } : {}), ...(next ? { next } : {}) }, headers: { "idempotent-replayed": "true" } };
}

/** An accepted trade-in offer: stored and delivered as a lead of its own, tied to the trade-in it accepts. */
async function takeOfferAcceptance(env: Env, site: { slug: string; url: string }, body: unknown, key: string | null, hash: string): Promise<Answer> {
  const parsed = parseWithFieldErrors(offerAcceptanceLeadSchema, body);
  if (!parsed.ok) return { status: 400, body: { message: INVALID_LEAD, fieldErrors: parsed.fieldErrors } };
  const traded = await valuedLeadOf(env.DB, site, parsed.data.lead_id, parsed.data.lead_key);
  if (!traded?.valuation?.estimate) return { status: 404, body: { message: NO_SUCH_OFFER, fieldErrors: { lead_id: [NO_SUCH_OFFER] } } };
  const now = new Date();
  // One acceptance per offer, whatever key it comes with: the acceptance is stored under the offer's own key,
  // so the unique (site, idempotency_key) index refuses a second one even when two race. The hash names the
  // caller's key too: only a retry with the first acceptance's key and body gets the first answer again.
  const stored = await storeLead(env.DB, {
    site: site.slug,
    kind: "offer_acceptance",
    carId: traded.carId,
    dealershipId: traded.dealershipId,
    locationId: traded.locationId,
    email: traded.values.email,
    phone: traded.values.phone,
    data: JSON.stringify(acceptedOffer(parsed.data, traded, now)),
    idempotencyKey: offerAcceptanceKey(traded.id),
    requestHash: key === null ? crypto.randomUUID() : await requestHash(`${key}\n${hash}`),
    booking: null,
    now,
  });
  if ("bookingTaken" in stored) throw new Error("an offer acceptance has no booking");
  if (!stored.created) {
    if (!stored.sameRequest) return { status: 409, body: { message: OFFER_ALREADY_ACCEPTED, fieldErrors: { lead_id: [OFFER_ALREADY_ACCEPTED] } } };
    return await replay(env, { id: stored.leadId, valuation: null, next: null }, true);
  }
  await queueUnqueuedLead(env, stored.leadId, now);
  return { status: 201, body: { lead_id: stored.leadId } };
}
