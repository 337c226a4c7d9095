/** How old a signed webhook may be (seconds): an old, replayed delivery is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

async function hmacHex(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(payload));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The card processor's scheme: `t={unix seconds},v1=HMAC-SHA256(secret, "{t}.{body}")`. */
export async function signPayload(secret: string, body: string, nowSeconds: number): Promise<string> {
  return `t=${nowSeconds},v1=${await hmacHex(secret, `${nowSeconds}.${body}`)}`;
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** True when one v1 signature of the header matches the body and its timestamp is recent. */
export async function verifySignature(secret: string, header: string | null, body: string, nowSeconds: number): Promise<boolean> {
  if (!header || !secret) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([name]) => name === "t")?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = await hmacHex(secret, `${timestamp}.${body}`);
  return parts.some(([name, value]) => name === "v1" && value !== undefined && sameText(value, expected));
}
