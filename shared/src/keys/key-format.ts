import { z } from "zod";

/** What a key may do. A dealership's write key today carries stock:write and leads:read. */
export const keyScopeSchema = z.enum(["search", "stock:write", "leads:read", "operator"]);
export type KeyScope = z.infer<typeof keyScopeSchema>;

/**
 * A platform key: `dk_{lookup id}_{secret}`. The lookup id finds the row (it is not secret); the secret is
 * 32 random bytes (256 bits), base64url. Only the SHA-256 of the whole key is stored.
 */
const KEY_PATTERN = /^dk_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
const LOOKUP_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function base64url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A new random key (Web Crypto, in Workers and Node alike). */
export function generateKey(): string {
  const lookup = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => LOOKUP_ALPHABET[byte % LOOKUP_ALPHABET.length]).join("");
  return `dk_${lookup}_${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;
}

/** Hex SHA-256 of a key: what the api_keys table holds in place of the key. */
export async function hashKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The row id a presented key is looked up by. Platform keys carry it; any other string (the local demo's
 * `write-{dealership}` keys) is found by a prefix of its own hash, through the same table and compare.
 */
export function lookupIdOf(key: string, hash: string): string {
  return KEY_PATTERN.exec(key)?.[1] ?? `h_${hash.slice(0, 16)}`;
}

/** Equal hex hashes, compared in time that depends only on their length (both are 64 characters here). */
export function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** Compared against on a miss, so a wrong lookup id costs the same hash-and-compare as a wrong secret. */
export const MISS_HASH = "0".repeat(64);

/**
 * A site's public search key, the one its pages hand the browser: search-only and bound to the site, like an
 * Algolia search-only key it is no secret (it reads what the site's own pages show), so no table holds it.
 */
export const publicSearchKey = (site: string) => `search-${site}`;
export const siteOfPublicSearchKey = (key: string): string | null => /^search-([a-z0-9-]+)$/.exec(key)?.[1] ?? null;
