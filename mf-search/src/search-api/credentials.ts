import type { Context } from "hono";
import { SearchError } from "../engine";
import type { KeyAccess, SearchApiDeps } from "./types";

/** Algolia clients send credentials as headers, or (lite client, browsers) as query parameters. */
export async function keyAccess(c: Context, deps: SearchApiDeps): Promise<KeyAccess> {
  const appId = c.req.header("x-algolia-application-id") ?? c.req.query("x-algolia-application-id") ?? "";
  const apiKey = c.req.header("x-algolia-api-key") ?? c.req.query("x-algolia-api-key") ?? "";
  const access = appId && apiKey ? await deps.resolveKey(appId, apiKey) : null;
  if (!access) throw new SearchError("Invalid Application-ID or API key", 403);
  return access;
}

export function requireWrite(access: KeyAccess): void {
  if (!access.canWrite) throw new SearchError("Method not allowed with this API key", 403);
}

/** The filter a site-bound key always adds, as an Algolia secured API key embeds it. */
export function securedFilterFor(access: KeyAccess): string | undefined {
  return access.site === null ? undefined : `site:"${access.site.replace(/["\\]/g, "\\$&")}"`;
}
