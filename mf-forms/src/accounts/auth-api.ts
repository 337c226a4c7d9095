import { parseWithFieldErrors, signInCodeRequestSchema, signInVerifySchema } from "@dealer/shared/contract";
import { isLocalDev } from "@dealer/shared/dev-faults";
import { bodyLimit, clearedSessionCookie, sessionCookie, siteFromHost } from "@dealer/shared/http";
import {
  CODE_LOCKED_MESSAGE,
  displayMobile,
  EXPIRED_CODE_MESSAGE,
  normaliseMobile,
  SIGN_IN_PATH,
  safeReturnPath,
  signInCodeText,
  SMS_FAILED_MESSAGE,
  TOO_MANY_CODES_MESSAGE,
  WRONG_CODE_MESSAGE,
} from "@dealer/shared/rules";
import { type Context, Hono } from "hono";
import type { Env } from "../env";
import { rateLimited } from "../leads/rate-limit";
import { checkCode, issueCode, lockedForSeconds, SignInUnavailable, startSession, withdrawCode } from "./codes";
import { ACCOUNT_BODY_MAX_BYTES, type AccountRequest, clientOf, isFailure, readAccountRequest, textField, UNAVAILABLE_MESSAGE } from "./request";
import { smsSender } from "./sms";

/** Code requests per client and site, codes per number, and code checks per client (fixed windows, ADR 0016). */
export const CODE_REQUESTS_PER_CLIENT = { count: 10, seconds: 600 };
export const CODES_PER_NUMBER = { count: 5, seconds: 3600 };
export const CODE_CHECKS_PER_CLIENT = { count: 30, seconds: 600 };

type Answer = { status: 200 | 400 | 403 | 404 | 415 | 429 | 503; body: { message?: string; fieldErrors?: Record<string, string[]>; [key: string]: unknown }; retryAfter?: number };
type Ctx = Context<{ Bindings: Env }>;

/** The sign-in page again, for a form post: its step, the number, the error and the page's own parameters kept. */
function signInPage(body: Record<string, unknown>, extra: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const name of ["type", "redirect", "back"]) {
    const value = textField(body, name);
    if (value) params.set(name, value.slice(0, 2000));
  }
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `${SIGN_IN_PATH}?${params.toString()}`;
}

/** JSON gets the answer; a form post is sent back to the sign-in page (with the message) or on to its redirect. */
function respond(c: Ctx, request: Pick<AccountRequest, "format" | "body"> | null, answer: Answer, onSuccess: () => string, step: "phone" | "code") {
  const headers: Record<string, string> = answer.retryAfter ? { "retry-after": String(answer.retryAfter) } : {};
  if (request?.format === "form" && answer.status !== 403 && answer.status !== 404) {
    if (answer.status === 200) return c.redirect(onSuccess(), 303);
    const phone = normaliseMobile(textField(request.body, "phone"));
    const fieldMessage = Object.values(answer.body.fieldErrors ?? {})[0]?.[0];
    const location = signInPage(request.body, { step, ...(phone ? { phone: displayMobile(phone) } : {}), error: fieldMessage ?? answer.body.message ?? UNAVAILABLE_MESSAGE });
    return new Response(null, { status: 303, headers: { ...headers, location } });
  }
  return c.json(answer.body, answer.status, headers);
}

async function guarded(work: () => Promise<Answer>): Promise<Answer> {
  try {
    return await work();
  } catch (error) {
    console.error("[mf-forms] sign-in failed", error);
    return { status: 503, body: { message: error instanceof SignInUnavailable ? "Sign-in is not available on this site yet." : UNAVAILABLE_MESSAGE } };
  }
}

async function requestCode(c: Ctx, request: AccountRequest): Promise<Answer> {
  const parsed = parseWithFieldErrors(signInCodeRequestSchema, request.body);
  if (!parsed.ok) return { status: 400, body: { message: Object.values(parsed.fieldErrors)[0]?.[0], fieldErrors: parsed.fieldErrors } };
  const { phone } = parsed.data;
  const site = request.site.slug;
  const now = Date.now();
  const clientWait = await rateLimited(c.env.DB, `auth-code|${site}|${clientOf(c.req.raw.headers)}`, CODE_REQUESTS_PER_CLIENT, now);
  if (clientWait !== null) return { status: 429, body: { message: TOO_MANY_CODES_MESSAGE }, retryAfter: clientWait };
  const locked = await lockedForSeconds(c.env.DB, site, phone, now);
  if (locked !== null) return { status: 429, body: { message: CODE_LOCKED_MESSAGE }, retryAfter: locked };
  const numberWait = await rateLimited(c.env.DB, `auth-phone|${site}|${phone}`, CODES_PER_NUMBER, now);
  if (numberWait !== null) return { status: 429, body: { message: TOO_MANY_CODES_MESSAGE }, retryAfter: numberWait };
  const issued = await issueCode(c.env, site, phone, now);
  try {
    await smsSender(c.env)({ site, to: phone, body: signInCodeText(request.site.config.theme.logoText ?? siteName(request), issued.code) });
  } catch (error) {
    console.error("[mf-forms] SMS not sent", error);
    await withdrawCode(c.env.DB, issued.id);
    return { status: 503, body: { message: SMS_FAILED_MESSAGE } };
  }
  return { status: 200, body: { sent: true, phone: displayMobile(phone) } };
}

const siteName = (request: AccountRequest) => request.site.slug.replace(/-/g, " ").replace(/\b\w/g, (letter) => letter.toUpperCase());

async function verifyCode(c: Ctx, request: AccountRequest): Promise<Answer & { token?: string }> {
  const parsed = parseWithFieldErrors(signInVerifySchema, request.body);
  if (!parsed.ok) return { status: 400, body: { message: Object.values(parsed.fieldErrors)[0]?.[0], fieldErrors: parsed.fieldErrors } };
  const { phone, code } = parsed.data;
  const site = request.site.slug;
  const now = Date.now();
  const wait = await rateLimited(c.env.DB, `auth-check|${site}|${clientOf(c.req.raw.headers)}`, CODE_CHECKS_PER_CLIENT, now);
  if (wait !== null) return { status: 429, body: { message: TOO_MANY_CODES_MESSAGE }, retryAfter: wait };
  const check = await checkCode(c.env, site, phone, code, now);
  switch (check.outcome) {
    case "locked":
      return { status: 429, body: { message: CODE_LOCKED_MESSAGE }, retryAfter: check.retryAfter };
    case "expired":
      return { status: 400, body: { message: EXPIRED_CODE_MESSAGE, fieldErrors: { code: [EXPIRED_CODE_MESSAGE] } } };
    case "wrong": {
      const message = `${WRONG_CODE_MESSAGE} ${check.left} ${check.left === 1 ? "try" : "tries"} left.`;
      return { status: 400, body: { message, fieldErrors: { code: [message] } } };
    }
  }
  const token = await startSession(c.env.DB, site, phone, now);
  return { status: 200, body: { signedIn: true, redirect: safeReturnPath(textField(request.body, "redirect")) }, token };
}

/**
 * Sign-in by phone (ADR 0016), on the shopper's own host through the gateway:
 * POST /api/auth/request-code {phone} texts a one-time code; POST /api/auth/verify {phone, code} signs in
 * (Set-Cookie __Host-session); POST /api/auth/sign-out ends the session. Each also takes the sign-in page's
 * plain form post and answers it with 303 (back to the page with the error, or on to `redirect`).
 * GET /api/auth/sms-outbox?phone= lists the texts the local outbox holds (development only).
 */
export function createAuthApi() {
  const app = new Hono<{ Bindings: Env }>();
  const limit = bodyLimit(ACCOUNT_BODY_MAX_BYTES);

  app.post("/api/auth/request-code", limit, async (c) => {
    const request = await readAccountRequest(c);
    if (isFailure(request)) return c.json({ message: request.message, fieldErrors: request.fieldErrors }, request.status);
    const answer = await guarded(() => requestCode(c, request));
    const phone = normaliseMobile(textField(request.body, "phone"));
    return respond(c, request, answer, () => signInPage(request.body, { step: "code", phone: phone ? displayMobile(phone) : "" }), "phone");
  });

  app.post("/api/auth/verify", limit, async (c) => {
    const request = await readAccountRequest(c);
    if (isFailure(request)) return c.json({ message: request.message, fieldErrors: request.fieldErrors }, request.status);
    const answer: Answer & { token?: string } = await guarded(() => verifyCode(c, request));
    if (answer.token) c.header("set-cookie", sessionCookie(answer.token));
    return respond(c, request, answer, () => safeReturnPath(textField(request.body, "redirect")), "code");
  });

  app.post("/api/auth/sign-out", limit, async (c) => {
    const request = await readAccountRequest(c);
    if (isFailure(request)) return c.json({ message: request.message }, request.status);
    if (request.session) await c.env.DB.prepare("DELETE FROM auth_sessions WHERE token_hash = ?").bind(request.session.tokenHash).run();
    c.header("set-cookie", clearedSessionCookie);
    if (request.format === "form") return c.redirect(safeReturnPath(textField(request.body, "redirect")), 303);
    return c.json({ signedOut: true });
  });

  app.get("/api/auth/sms-outbox", async (c) => {
    if (!isLocalDev(c.env)) return c.json({ message: "Not found" }, 404);
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const phone = normaliseMobile(c.req.query("phone") ?? "");
    const rows = await c.env.DB.prepare("SELECT recipient, body, created_at FROM sms_outbox WHERE site = ?1 AND (?2 IS NULL OR recipient = ?2) ORDER BY id DESC LIMIT 20")
      .bind(site.slug, phone)
      .all();
    return c.json({ messages: rows.results });
  });

  return app;
}
