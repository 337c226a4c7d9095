/** How a lead body arrives: JSON from the form's script, or a plain form post before the script has loaded. */
export type LeadBodyFormat = "json" | "form";

/**
 * The body formats POST /api/leads reads. text/plain and multipart are refused: they are what a form
 * on another site can send without a CORS preflight, and no form of ours sends them.
 */
export function leadBodyFormat(contentType: string | undefined): LeadBodyFormat | null {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  return null;
}

/** Idempotency-Key: 1 to 200 visible ASCII characters (the form sends a UUID). */
export const IDEMPOTENCY_KEY_MESSAGE = "Idempotency-Key must be 1 to 200 visible ASCII characters.";
export function idempotencyKey(headers: Headers): { ok: true; key: string | null } | { ok: false } {
  const key = headers.get("idempotency-key");
  if (key === null) return { ok: true, key: null };
  return /^[\x21-\x7e]{1,200}$/.test(key) ? { ok: true, key } : { ok: false };
}

/** The lead-taking APIs' answers (the lead form's and the chat's), in words a shopper reads. */
export const LEAD_STORE_FAILED =
  "Sorry, we couldn't save your enquiry just now. Your details are still in the form: please try again in a moment.";
export const RATE_LIMITED = "Too many enquiries from this device. Please wait a moment and try again.";
export const KEY_REUSED = "This form was already sent with different details. Reload the page to send another enquiry.";
export const UNSUPPORTED_BODY = "Send the lead as application/json (or a form post from the dealer's website).";
export const INVALID_LEAD = "Invalid lead";
export const TURNSTILE_FAILED = "Please confirm you are not a robot and try again.";
/** A lead is a few kilobytes; anything far bigger is refused before it is read. */
export const LEAD_BODY_MAX_BYTES = 64 * 1024;

/** The site's own address as the shopper reached it: the Host the gateway forwarded, with the request's scheme. */
export function siteUrl(requestUrl: string, headers: Headers): string {
  return `${new URL(requestUrl).protocol}//${headers.get("host") ?? new URL(requestUrl).host}`;
}
