import type { Session } from "../atoms/session";

/**
 * The shopper's session cookie (ADR 0016). `__Host-` binds it to the exact host that set it (Secure, Path=/,
 * no Domain), so one dealer site's cookie is never sent to another; the D1 row also names its site, so a
 * token replayed on another host is refused there.
 */
export const SESSION_COOKIE = "__Host-session";
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${SESSION_MAX_AGE_SECONDS}; Secure; HttpOnly; SameSite=Lax`;
}
export const clearedSessionCookie = `${SESSION_COOKIE}=; Path=/; Max-Age=0; Secure; HttpOnly; SameSite=Lax`;

/** One cookie's value from a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** HMAC-SHA-256 of a message with a secret, hex: webhook signatures and signed links. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
}

/** A session token looks like what newSessionToken makes; anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url. */
export function newSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export type SignedInSession = Session & { userId: string; phone: string; tokenHash: string };

/**
 * The signed-in session a request's cookie names on this site, with the shopper's watchlist; null when
 * there is no cookie, it is unknown or expired, or it belongs to another site.
 */
export async function sessionFromCookie(db: D1Database, site: string, cookieHeader: string | null | undefined, now = Date.now()): Promise<SignedInSession | null> {
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = await sha256Hex(token);
  const [user, saved] = await db.batch([
    db
      .prepare(
        "SELECT u.id, u.phone, u.name, u.postcode FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1 AND s.site = ?2 AND u.site = ?2 AND s.expires_at > ?3",
      )
      .bind(tokenHash, site, now),
    db
      .prepare("SELECT w.car_id FROM auth_sessions s JOIN watchlist_entries w ON w.user_id = s.user_id WHERE s.token_hash = ? AND s.site = ? ORDER BY w.created_at")
      .bind(tokenHash, site),
  ]);
  const row = user?.results[0] as { id: string; phone: string; name: string | null; postcode: string | null } | undefined;
  if (!row) return null;
  const watchlist = ((saved?.results ?? []) as { car_id: number }[]).map((entry) => entry.car_id);
  return { userId: row.id, phone: row.phone, name: row.name, postcode: row.postcode, watchlist, tokenHash };
}

/**
 * A dealer staff member's session (ADR 0045): `__Host-` like the shopper's, SameSite=Strict (the dealer pages are
 * never entered from another site's link with a session), eight hours.
 */
export const STAFF_COOKIE = "__Host-staff";
export const STAFF_SESSION_SECONDS = 8 * 60 * 60;
export const staffCookie = (token: string) => `${STAFF_COOKIE}=${token}; Path=/; Max-Age=${STAFF_SESSION_SECONDS}; Secure; HttpOnly; SameSite=Strict`;
export const clearedStaffCookie = `${STAFF_COOKIE}=; Path=/; Max-Age=0; Secure; HttpOnly; SameSite=Strict`;
/** The draft configuration an admin previews: the gateway honours it only with that admin's own staff session. */
export const CONFIG_PREVIEW_COOKIE = "__Host-config-preview";
export const configPreviewCookie = (draftId: number) => `${CONFIG_PREVIEW_COOKIE}=${draftId}; Path=/; Max-Age=${STAFF_SESSION_SECONDS}; Secure; HttpOnly; SameSite=Strict`;
export const clearedConfigPreviewCookie = `${CONFIG_PREVIEW_COOKIE}=; Path=/; Max-Age=0; Secure; HttpOnly; SameSite=Strict`;

/** A token read from a cookie is looked up only when it has newSessionToken's shape. */
export const isSessionToken = (token: string | null): token is string => token !== null && TOKEN_PATTERN.test(token);
