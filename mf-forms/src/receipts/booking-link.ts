import { isLocalDev } from "@dealer/shared/dev-faults";
import { hmacSha256Hex } from "@dealer/shared/http";
import type { Env } from "../env";

/** Only wrangler dev signs without a configured secret; a deployed Worker without LEAD_LINK_SECRET sends no links. */
const DEVELOPMENT_SECRET = "development-only-lead-link-secret";

function linkSecret(env: Env): string | null {
  return env.LEAD_LINK_SECRET ?? (isLocalDev(env) ? DEVELOPMENT_SECRET : null);
}

export const bookingPath = (leadId: number) => `/api/leads/${leadId}/booking`;

/** The token of a lead's change-or-cancel link: HMAC of the lead's id and creation time, so no id can be guessed into one. */
async function bookingToken(env: Env, leadId: number, createdAt: string): Promise<string | null> {
  const secret = linkSecret(env);
  return secret ? hmacSha256Hex(secret, `booking|${leadId}|${createdAt}`) : null;
}

/** The link in the shopper's receipt to change or cancel a booking; null when this Worker has no secret to sign it. */
export async function bookingLink(env: Env, siteUrl: string, leadId: number, createdAt: string): Promise<string | null> {
  const token = await bookingToken(env, leadId, createdAt);
  return token ? `${siteUrl}${bookingPath(leadId)}?token=${token}` : null;
}

/** Whether a token is the one this lead's link carries (compared in constant time). */
export async function bookingTokenValid(env: Env, leadId: number, createdAt: string, token: string): Promise<boolean> {
  const expected = await bookingToken(env, leadId, createdAt);
  if (!expected || expected.length !== token.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) difference |= expected.charCodeAt(index) ^ token.charCodeAt(index);
  return difference === 0;
}
