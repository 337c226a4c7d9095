import { FORM_ERRORS_HEADING, parseWithFieldErrors, spinEntryRequestSchema } from "@dealer/shared/contract";
import { bodyLimit } from "@dealer/shared/http";
import { spinPrize } from "@dealer/shared/rules";
import { type Context, Hono } from "hono";
import { ACCOUNT_BODY_MAX_BYTES, clientOf, isFailure, readAccountRequest } from "../accounts/request";
import type { Env } from "../env";
import { formErrorPage } from "../leads/form-post";
import { parseRateLimit, rateLimited } from "../leads/rate-limit";

export const SPIN_PATH = "/spin-to-win";
export const SPIN_SIGNED_OUT = "Please sign in to enter the spin-to-win promotion.";
export const SPIN_ALREADY_ENTERED = "You have already entered: one entry per person.";
export const SPIN_RATE_LIMITED = "Too many entries from this device. Please wait a moment and try again.";

export type SpinEntry = { prize: string; created_at: string };

export const findSpinEntry = (db: D1Database, site: string, userId: string) =>
  db.prepare("SELECT prize, created_at FROM spin_entries WHERE site = ? AND user_id = ?").bind(site, userId).first<SpinEntry>();

type Answer = { status: 201 | 400 | 401 | 403 | 404 | 409 | 415 | 429; body: { prize?: string; message?: string; fieldErrors?: Record<string, string[]> }; headers?: Record<string, string> };

async function enter(c: Context<{ Bindings: Env }>): Promise<Answer> {
  const request = await readAccountRequest(c);
  if (isFailure(request)) return { status: request.status, body: { message: request.message, ...(request.fieldErrors ? { fieldErrors: request.fieldErrors } : {}) } };
  if (!request.session) return { status: 401, body: { message: SPIN_SIGNED_OUT } };
  const now = Date.now();
  const wait = await rateLimited(c.env.DB, `spin|${request.site.slug}|${clientOf(c.req.raw.headers)}`, parseRateLimit(c.env.LEAD_RATE_LIMIT), now);
  if (wait !== null) return { status: 429, body: { message: SPIN_RATE_LIMITED }, headers: { "retry-after": String(wait) } };
  const parsed = parseWithFieldErrors(spinEntryRequestSchema, request.body);
  if (!parsed.ok) return { status: 400, body: { message: FORM_ERRORS_HEADING, fieldErrors: parsed.fieldErrors } };
  const draw = (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) / 2 ** 32;
  // The primary key (site, user_id) decides a double submit: the first entry stands.
  const inserted = await c.env.DB.prepare("INSERT INTO spin_entries (site, user_id, prize, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING prize")
    .bind(request.site.slug, request.session.userId, spinPrize(draw), new Date(now).toISOString())
    .first<{ prize: string }>();
  if (inserted) return { status: 201, body: { prize: inserted.prize } };
  const earlier = await findSpinEntry(c.env.DB, request.site.slug, request.session.userId);
  return { status: 409, body: { message: SPIN_ALREADY_ENTERED, prize: earlier?.prize } };
}

/**
 * POST /api/spin-to-win {terms: true}: the signed-in shopper's one entry (ADR 0040). 201 {prize}; 409 already
 * entered {message, prize: the first draw}; 400 field errors (terms not agreed); 401 signed out; 403 cross-site;
 * 415; 429. A form post is answered 303 back to the page, which shows the entry, or the lead forms' error page.
 */
export function createSpinApi() {
  const app = new Hono<{ Bindings: Env }>();
  app.post("/api/spin-to-win", bodyLimit(ACCOUNT_BODY_MAX_BYTES), async (c) => {
    const form = c.req.header("content-type")?.startsWith("application/x-www-form-urlencoded") ?? false;
    const answer = await enter(c);
    if (form) {
      if (answer.status === 201 || answer.status === 409) return c.redirect(SPIN_PATH, 303);
      return formErrorPage(answer.status, answer.body.message ?? "", answer.body.fieldErrors ?? {}, c.req.header("referer") ?? null);
    }
    return c.json(answer.body, answer.status, answer.headers);
  });
  return app;
}
