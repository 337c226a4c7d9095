import { siteFilter } from "@dealer/shared/search-backend";
import { algoliasearch } from "algoliasearch";

/** How long a site's secured key is valid: a page keeps the key it was rendered with, so a long-open tab still searches. */
export const SECURED_KEY_VALIDITY_S = 24 * 60 * 60;
/** A generated key is reused for half its validity: every key in a page has at least 12 hours left. */
export const SECURED_KEY_REUSE_MS = (SECURED_KEY_VALIDITY_S * 1000) / 2;

/** What a site's key embeds: only that site's records, until a time (Algolia checks both, and they cannot be lifted). */
export function siteKeyRestrictions(site: string, nowMs: number): { filters: string; validUntil: number } {
  return { filters: siteFilter(site), validUntil: Math.floor(nowMs / 1000) + SECURED_KEY_VALIDITY_S };
}

/**
 * Algolia's secured API key for one site, made from the parent search-only key with the client's own
 * generateSecuredApiKey: base64(hex HMAC-SHA256(parent, restrictions) + restrictions), no request to Algolia.
 */
export async function generateSiteKey(appId: string, parentApiKey: string, site: string, nowMs: number): Promise<string> {
  // The worker build has the helper (async, Web Crypto) and so does the node build (sync); the browser build's
  // types, which the typecheck reads, leave it out.
  const client = algoliasearch(appId, parentApiKey) as unknown as SecuredKeyHelper;
  return await client.generateSecuredApiKey({ parentApiKey, restrictions: siteKeyRestrictions(site, nowMs) });
}

type SecuredKeyHelper = {
  generateSecuredApiKey(options: { parentApiKey: string; restrictions: Record<string, unknown> }): string | Promise<string>;
};
