import { isLocalDev } from "@dealer/shared/dev-faults";
import { newSessionToken, SESSION_MAX_AGE_SECONDS, sha256Hex } from "@dealer/shared/http";
import { SIGN_IN_CODE_ATTEMPTS, SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_MINUTES } from "@dealer/shared/rules";
import type { Env } from "../env";

/** Only wrangler dev runs without a configured key; a deployed Worker without AUTH_CODE_SECRET refuses sign-in. */
const DEVELOPMENT_KEY = "development-only-sign-in-code-key";

export class SignInUnavailable extends Error {}

function codeKey(env: Env): string {
  if (env.AUTH_CODE_SECRET) return env.AUTH_CODE_SECRET;
  if (isLocalDev(env)) return DEVELOPMENT_KEY;
  throw new SignInUnavailable("AUTH_CODE_SECRET is not set");
}

/** HMAC-SHA-256 of site, number (or e-mail) and code: a stolen table does not give the codes away (a bare hash of 6 digits would). */
export async function codeHash(env: Env, site: string, phone: string, code: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(codeKey(env)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${site}|${phone}|${code}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A uniformly random code of SIGN_IN_CODE_LENGTH digits (rejection sampling, no modulo bias). */
export function randomCode(): string {
  const range = 10 ** SIGN_IN_CODE_LENGTH;
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  for (;;) {
    const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
    if (value < limit) return String(value % range).padStart(SIGN_IN_CODE_LENGTH, "0");
  }
}

type CodeRow = { id: number; code_hash: string; attempts: number; expires_at: number; used_at: number | null };

const latestCode = (db: D1Database, site: string, phone: string) =>
  db.prepare("SELECT id, code_hash, attempts, expires_at, used_at FROM auth_codes WHERE site = ? AND phone = ? ORDER BY id DESC LIMIT 1").bind(site, phone).first<CodeRow>();

/** Seconds until the number's newest code, out of attempts, would have expired; null when it is not locked. */
export async function lockedForSeconds(db: D1Database, site: string, phone: string, now: number): Promise<number | null> {
  const row = await latestCode(db, site, phone);
  if (!row || row.attempts < SIGN_IN_CODE_ATTEMPTS || row.expires_at <= now) return null;
  return Math.max(1, Math.ceil((row.expires_at - now) / 1000));
}

/** Stores a new code for the number (older unused codes stop working) and returns it to be texted. */
export async function issueCode(env: Env, site: string, phone: string, now: number): Promise<{ id: number; code: string }> {
  const code = randomCode();
  const hash = await codeHash(env, site, phone, code);
  const [, inserted] = await env.DB.batch([
    env.DB.prepare("UPDATE auth_codes SET used_at = ? WHERE site = ? AND phone = ? AND used_at IS NULL").bind(now, site, phone),
    env.DB.prepare("INSERT INTO auth_codes (site, phone, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?) RETURNING id").bind(
      site,
      phone,
      hash,
      now,
      now + SIGN_IN_CODE_MINUTES * 60_000,
    ),
  ]);
  const id = (inserted?.results[0] as { id: number } | undefined)?.id;
  if (id === undefined) throw new Error("the code was not stored");
  return { id, code };
}

export const withdrawCode = (db: D1Database, id: number) => db.prepare("DELETE FROM auth_codes WHERE id = ?").bind(id).run();

export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export type CodeCheck = { outcome: "right" } | { outcome: "wrong"; left: number } | { outcome: "expired" } | { outcome: "locked"; retryAfter: number };

/**
 * Checks a code against the number's newest one. Each wrong try is counted in one conditional UPDATE, so
 * parallel guesses cannot go past the limit; a right code is used up in the same way, so it signs in once.
 */
export async function checkCode(env: Env, site: string, phone: string, code: string, now: number): Promise<CodeCheck> {
  const row = await latestCode(env.DB, site, phone);
  if (!row || row.expires_at <= now) return { outcome: "expired" };
  const retryAfter = Math.max(1, Math.ceil((row.expires_at - now) / 1000));
  if (row.attempts >= SIGN_IN_CODE_ATTEMPTS) return { outcome: "locked", retryAfter };
  if (row.used_at !== null) return { outcome: "expired" };
  if (sameText(await codeHash(env, site, phone, code), row.code_hash)) {
    const used = await env.DB.prepare("UPDATE auth_codes SET used_at = ? WHERE id = ? AND used_at IS NULL AND attempts < ? RETURNING id")
      .bind(now, row.id, SIGN_IN_CODE_ATTEMPTS)
      .first();
    return used ? { outcome: "right" } : { outcome: "expired" };
  }
  const counted = await env.DB.prepare("UPDATE auth_codes SET attempts = attempts + 1 WHERE id = ? AND attempts < ? RETURNING attempts")
    .bind(row.id, SIGN_IN_CODE_ATTEMPTS)
    .first<{ attempts: number }>();
  if (!counted || counted.attempts >= SIGN_IN_CODE_ATTEMPTS) return { outcome: "locked", retryAfter };
  return { outcome: "wrong", left: SIGN_IN_CODE_ATTEMPTS - counted.attempts };
}

/** The account for this number on this site (made on first sign-in) and a new session for it; returns the cookie's token. */
export async function startSession(db: D1Database, site: string, phone: string, now: number): Promise<string> {
  const user = await db
    .prepare("INSERT INTO users (id, site, phone, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (site, phone) DO UPDATE SET phone = excluded.phone RETURNING id")
    .bind(crypto.randomUUID(), site, phone, new Date(now).toISOString())
    .first<{ id: string }>();
  if (!user) throw new Error("the account was not stored");
  const token = newSessionToken();
  await db
    .prepare("INSERT INTO auth_sessions (token_hash, site, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)")
    .bind(await sha256Hex(token), site, user.id, now, now + SESSION_MAX_AGE_SECONDS * 1000)
    .run();
  return token;
}

/** Drops expired codes and sessions, shoppers' and staff's (the scheduled sweep calls this); a day's grace keeps a lock's evidence. */
export async function pruneSignIns(db: D1Database, now: number): Promise<void> {
  const dayAgo = now - 24 * 60 * 60 * 1000;
  await db.batch([
    db.prepare("DELETE FROM auth_codes WHERE expires_at < ?").bind(dayAgo),
    db.prepare("DELETE FROM email_verifications WHERE expires_at < ?").bind(dayAgo),
    db.prepare("DELETE FROM auth_sessions WHERE expires_at < ?").bind(now),
    db.prepare("DELETE FROM staff_sessions WHERE expires_at < ?").bind(now),
  ]);
}
