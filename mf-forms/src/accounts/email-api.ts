import { emailSchema } from "@dealer/shared/contract";
import { isLocalDev } from "@dealer/shared/dev-faults";
import { bodyLimit, siteFromHost } from "@dealer/shared/http";
import {
  CODE_LOCKED_MESSAGE,
  CODE_MESSAGE,
  EMAIL_ADDRESS_MESSAGE,
  EMAIL_CONFIRMED_MESSAGE,
  EMAIL_SEND_FAILED_MESSAGE,
  EXPIRED_CODE_MESSAGE,
  emailCodeMail,
  GARAGE_PATH,
  SIGN_IN_CODE_ATTEMPTS,
  SIGN_IN_CODE_MINUTES,
  TOO_MANY_CODES_MESSAGE,
  WRONG_EMAIL_CODE_MESSAGE,
} from "@dealer/shared/rules";
import { type Context, Hono } from "hono";
import type { Env } from "../env";
import { rateLimited } from "../leads/rate-limit";
import { CODE_REQUESTS_PER_CLIENT, CODES_PER_NUMBER } from "./auth-api";
import { codeHash, randomCode, sameText } from "./codes";
import { emailSender } from "./email";
import { ACCOUNT_BODY_MAX_BYTES, type AccountRequest, clientOf, isFailure, readAccountRequest, textField, UNAVAILABLE_MESSAGE } from "./request";

type Answer = { status: 200 | 400 | 401 | 424 | 429 | 503; message: string; retryAfter?: number };
type Ctx = Context<{ Bindings: Env }>;

/** The code is keyed to the address it went to: a code sent to one address never confirms another. */
const hashFor = (env: Env, site: string, email: string, code: string) => codeHash(env, site, `email|${email}`, code);

async function sendCode(c: Ctx, request: AccountRequest, userId: string): Promise<Answer> {
  const parsed = emailSchema.safeParse(textField(request.body, "email"));
  if (!parsed.success) return { status: 400, message: EMAIL_ADDRESS_MESSAGE };
  const email = parsed.data.toLowerCase();
  const site = request.site.slug;
  const now = Date.now();
  // The sign-in code limits, per client and per account.
  const wait =
    (await rateLimited(c.env.DB, `email-code|${site}|${clientOf(c.req.raw.headers)}`, CODE_REQUESTS_PER_CLIENT, now)) ??
    (await rateLimited(c.env.DB, `email-account|${userId}`, CODES_PER_NUMBER, now));
  if (wait !== null) return { status: 429, message: TOO_MANY_CODES_MESSAGE, retryAfter: wait };
  const code = randomCode();
  // A new code replaces the account's pending one (and its count of wrong tries).
  await c.env.DB.prepare(
    `INSERT INTO email_verifications (user_id, email, code_hash, attempts, expires_at) VALUES (?1, ?2, ?3, 0, ?4)
     ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, code_hash = excluded.code_hash, attempts = 0, expires_at = excluded.expires_at`,
  )
    .bind(userId, email, await hashFor(c.env, site, email, code), now + SIGN_IN_CODE_MINUTES * 60_000)
    .run();
  try {
    await emailSender(c.env, request.site.config.shopperEmail)({ site, to: email, ...emailCodeMail(request.site.config.theme.logoText ?? site, code) });
  } catch (error) {
    // The provider is down, slow or refused the mail: logged in one clear line; the shopper is told to try
    // again (424: the send this request depends on failed; not a 5xx, nothing is wrong with this service).
    console.error(`[mf-forms] e-mail code for ${site} not sent: ${error instanceof Error ? error.message : String(error)}`);
    await c.env.DB.prepare("DELETE FROM email_verifications WHERE user_id = ?").bind(userId).run();
    return { status: 424, message: EMAIL_SEND_FAILED_MESSAGE, retryAfter: 60 };
  }
  return { status: 200, message: `We sent a code to ${email}.` };
}

type Pending = { email: string; code_hash: string; attempts: number; expires_at: number };

async function confirm(c: Ctx, request: AccountRequest, userId: string): Promise<Answer> {
  const code = textField(request.body, "code").replace(/\s/g, "");
  if (!/^\d{6}$/.test(code)) return { status: 400, message: CODE_MESSAGE };
  const now = Date.now();
  const pending = await c.env.DB.prepare("SELECT email, code_hash, attempts, expires_at FROM email_verifications WHERE user_id = ?").bind(userId).first<Pending>();
  if (!pending || pending.expires_at <= now) return { status: 400, message: EXPIRED_CODE_MESSAGE };
  if (pending.attempts >= SIGN_IN_CODE_ATTEMPTS) return { status: 429, message: CODE_LOCKED_MESSAGE, retryAfter: Math.ceil((pending.expires_at - now) / 1000) };
  if (!sameText(await hashFor(c.env, request.site.slug, pending.email, code), pending.code_hash)) {
    // Counted in one conditional UPDATE, so parallel guesses cannot go past the limit.
    await c.env.DB.prepare("UPDATE email_verifications SET attempts = attempts + 1 WHERE user_id = ? AND attempts < ?").bind(userId, SIGN_IN_CODE_ATTEMPTS).run();
    return { status: 400, message: WRONG_EMAIL_CODE_MESSAGE };
  }
  // The code is used up by the one request whose DELETE finds it.
  const used = await c.env.DB.prepare("DELETE FROM email_verifications WHERE user_id = ? AND code_hash = ? RETURNING email").bind(userId, pending.code_hash).first<{ email: string }>();
  if (!used) return { status: 400, message: EXPIRED_CODE_MESSAGE };
  await c.env.DB.prepare("UPDATE users SET email = ?, email_verified_at = ? WHERE id = ?").bind(used.email, new Date(now).toISOString(), userId).run();
  return { status: 200, message: EMAIL_CONFIRMED_MESSAGE };
}

/**
 * The account's e-mail for alerts (ADR 0027), signed in: POST /api/account/email {email} sends a code to the
 * address; POST /api/account/email/verify {code} confirms it (the sign-in code's length, life and tries).
 * Form posts from My garage get 303 back to it, with the message. GET /api/auth/email-outbox?email= lists the
 * mail the local outbox holds (development only).
 */
export function createEmailApi() {
  const app = new Hono<{ Bindings: Env }>();
  const limit = bodyLimit(ACCOUNT_BODY_MAX_BYTES);

  const handle = (work: (c: Ctx, request: AccountRequest, userId: string) => Promise<Answer>) => async (c: Ctx) => {
    const request = await readAccountRequest(c);
    if (isFailure(request)) return c.json({ success: false, message: request.message }, request.status);
    let answer: Answer;
    try {
      answer = request.session ? await work(c, request, request.session.userId) : { status: 401, message: "Please sign in first." };
    } catch (error) {
      console.error("[mf-forms] account e-mail failed", error);
      answer = { status: 503, message: UNAVAILABLE_MESSAGE };
    }
    const headers: Record<string, string> = answer.retryAfter ? { "retry-after": String(answer.retryAfter) } : {};
    if (request.format === "form") {
      const location = `${GARAGE_PATH}?${new URLSearchParams(answer.status === 200 ? { email_notice: answer.message } : { email_error: answer.message })}#email`;
      return new Response(null, { status: 303, headers: { ...headers, location } });
    }
    return c.json({ success: answer.status === 200, message: answer.message }, answer.status, headers);
  };

  app.post("/api/account/email", limit, handle(sendCode));
  app.post("/api/account/email/verify", limit, handle(confirm));

  app.get("/api/auth/email-outbox", async (c) => {
    if (!isLocalDev(c.env)) return c.json({ message: "Not found" }, 404);
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const rows = await c.env.DB.prepare("SELECT recipient, subject, body, html, attachments, created_at FROM email_outbox WHERE site = ?1 AND (?2 IS NULL OR recipient = ?2) ORDER BY id DESC LIMIT 20")
      .bind(site.slug, c.req.query("email")?.toLowerCase() ?? null)
      .all();
    return c.json({ messages: rows.results });
  });

  return app;
}
