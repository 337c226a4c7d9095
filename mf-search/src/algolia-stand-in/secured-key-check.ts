/** What a valid secured API key embeds: filters that cannot be lifted, and when it expires (seconds since the epoch). */
export type SecuredKeyRestrictions = { filters?: string; validUntil?: number };

const HMAC_HEX_LENGTH = 64;

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares without stopping at the first difference, so the time taken does not tell how much of a forged MAC was right. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Checks a key the way Algolia checks a secured API key made from `parentKey`: base64 of the hex HMAC-SHA256 of the
 * query parameters (keyed with the parent key) followed by those parameters. Null when the key was not made from
 * the parent, was altered, or has expired.
 */
export async function checkSecuredKey(parentKey: string, securedKey: string, nowSeconds: number): Promise<SecuredKeyRestrictions | null> {
  let decoded: string;
  try {
    decoded = atob(securedKey);
  } catch {
    return null;
  }
  const mac = decoded.slice(0, HMAC_HEX_LENGTH);
  const parameters = decoded.slice(HMAC_HEX_LENGTH);
  if (!/^[0-9a-f]{64}$/.test(mac) || !sameText(mac, await hmacHex(parentKey, parameters))) return null;
  const query = new URLSearchParams(parameters);
  const validUntil = query.has("validUntil") ? Number(query.get("validUntil")) : undefined;
  if (validUntil !== undefined && !(validUntil > nowSeconds)) return null;
  const filters = query.get("filters") ?? undefined;
  return { ...(filters ? { filters } : {}), ...(validUntil !== undefined ? { validUntil } : {}) };
}
