import { type HostSite, sessionFromCookie, type SignedInSession, siteFromHost } from "@dealer/shared/http";
import type { Context } from "hono";
import type { Env } from "../env";
import { type LeadBodyFormat, leadBodyFormat } from "../leads/guard";

export const UNSUPPORTED_BODY_MESSAGE = "Send application/json (or a form post from the dealer's website).";
export const UNAVAILABLE_MESSAGE = "Sorry, something went wrong on our side. Please try again in a moment.";
/** Account requests are a few hundred bytes. */
export const ACCOUNT_BODY_MAX_BYTES = 8 * 1024;

export type AccountRequest = { site: HostSite; format: LeadBodyFormat; body: Record<string, unknown>; session: SignedInSession | null };
type Failure = { status: 400 | 404 | 415; message: string; fieldErrors?: Record<string, string[]> };

/**
 * What every account API checks first, as the lead API does (ADR 0012): the site its Host names, JSON or
 * the form's own encoding, and a body that is an object; plus the signed-in session of this site, if any.
 * The gateway has refused a post that is not from the site's own pages (ADR 0057).
 */
export async function readAccountRequest(c: Context<{ Bindings: Env }>): Promise<AccountRequest | Failure> {
  const headers = c.req.raw.headers;
  const site = await siteFromHost(c.env.DB, headers.get("host") ?? undefined);
  if (!site) return { status: 404, message: "Unknown site" };
  const format = leadBodyFormat(headers.get("content-type") ?? undefined);
  if (!format) return { status: 415, message: UNSUPPORTED_BODY_MESSAGE };
  const raw = await c.req.text();
  let body: unknown;
  if (format === "form") body = Object.fromEntries(new URLSearchParams(raw));
  else {
    try {
      body = JSON.parse(raw);
    } catch {
      return { status: 400, message: "The body is not valid JSON.", fieldErrors: { "(root)": ["The body is not valid JSON."] } };
    }
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { status: 400, message: "The body must be an object.", fieldErrors: { "(root)": ["Expected an object."] } };
  const session = await sessionFromCookie(c.env.DB, site.slug, headers.get("cookie"));
  return { site, format, body: body as Record<string, unknown>, session };
}

export const isFailure = (value: AccountRequest | Failure): value is Failure => "message" in value;

/** A field of a form post or JSON body as text (missing or not text: empty). */
export const textField = (body: Record<string, unknown>, name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");

export const clientOf = (headers: Headers) => headers.get("cf-connecting-ip") ?? "unknown";
