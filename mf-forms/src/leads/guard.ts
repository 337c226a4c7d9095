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
