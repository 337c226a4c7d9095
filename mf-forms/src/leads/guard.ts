import { classifyHost } from "@dealer/shared/http";

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

export const CROSS_SITE_REFUSED = "Leads are accepted only from the dealer's own website.";

/**
 * CSRF: a browser names the page that sent a POST in Origin (and Sec-Fetch-Site). A lead is taken only
 * when that page is on the same host as the request: another site, another tenant and 'null' (sandboxed
 * frames, file: pages) are refused. A request with neither header is not from a browser page (a script
 * or a server), which CSRF cannot abuse, so it is judged on its own merits (rate limit, validation).
 */
export function isCrossSite(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin !== null) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return true;
    }
    return JSON.stringify(classifyHost(originHost)) !== JSON.stringify(classifyHost(headers.get("host") ?? ""));
  }
  const fetchSite = headers.get("sec-fetch-site");
  return fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none";
}

/** Idempotency-Key: 1 to 200 visible ASCII characters (the form sends a UUID). */
export const IDEMPOTENCY_KEY_MESSAGE = "Idempotency-Key must be 1 to 200 visible ASCII characters.";
export function idempotencyKey(headers: Headers): { ok: true; key: string | null } | { ok: false } {
  const key = headers.get("idempotency-key");
  if (key === null) return { ok: true, key: null };
  return /^[\x21-\x7e]{1,200}$/.test(key) ? { ok: true, key } : { ok: false };
}
