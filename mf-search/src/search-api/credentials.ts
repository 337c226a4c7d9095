import { afterAnswer } from "@dealer/shared/http";
import { siteFilter } from "@dealer/shared/search-backend";
import type { Context } from "hono";
import { SearchError } from "../engine";
import type { KeyAccess, KeyRequest, SearchApiDeps } from "./types";

/** Algolia clients send credentials as headers, or (lite client, browsers) as query parameters. */
export async function keyAccess(c: Context, deps: SearchApiDeps): Promise<KeyAccess> {
  const appId = c.req.header("x-algolia-application-id") ?? c.req.query("x-algolia-application-id") ?? "";
  const apiKey = c.req.header("x-algolia-api-key") ?? c.req.query("x-algolia-api-key") ?? "";
  const request: KeyRequest = { host: c.req.header("host") ?? new URL(c.req.url).host, path: c.req.path, defer: afterAnswer(c) };
  const access = appId && apiKey ? await deps.resolveKey(appId, apiKey, request) : null;
  if (!access) throw new SearchError("Invalid Application-ID or API key", 403);
  return access;
}

/** How long a search-only key's access is trusted without asking the key store again (a revoked one stops within it). */
export const SEARCH_KEY_CACHE_MS = 30_000;

/**
 * Remembers search-only keys for a short while: every keystroke of a shopper's search carried a key-store query.
 * Keys that can write are looked up every time. The host is part of what is remembered: a key's access on its own
 * site's host says nothing of another host.
 */
export function cacheSearchKeys(resolveKey: SearchApiDeps["resolveKey"], now: () => number = Date.now): SearchApiDeps["resolveKey"] {
  const known = new Map<string, { access: KeyAccess; until: number }>();
  return async (appId, apiKey, request) => {
    const id = `${appId}\u0000${apiKey}\u0000${request.host}`;
    const cached = known.get(id);
    if (cached && cached.until > now()) return cached.access;
    const access = await resolveKey(appId, apiKey, request);
    if (access && !access.canWrite) known.set(id, { access, until: Math.min(now() + SEARCH_KEY_CACHE_MS, access.validUntil ?? Number.POSITIVE_INFINITY) });
    else known.delete(id);
    return access;
  };
}

export function requireWrite(access: KeyAccess): void {
  if (!access.canWrite) throw new SearchError("Method not allowed with this API key", 403);
}

/** The filter a site-bound key always adds, as an Algolia secured API key embeds it (or the filters such a key embeds). */
export function securedFilterFor(access: KeyAccess): string | undefined {
  return access.filters ?? (access.site === null ? undefined : siteFilter(access.site));
}
