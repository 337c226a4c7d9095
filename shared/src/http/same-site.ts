import type { MiddlewareHandler } from "hono";
import { classifyHost } from "./host";

export const CROSS_SITE_MESSAGE = "Requests are accepted only from the dealer's own website.";

/** Where a browser says a request came from: the site's own pages, another site, or it does not say. */
export type RequestSite = "same-site" | "cross-site" | "unknown";

/**
 * A browser names the page that sent a request in Origin (every POST, every CORS request) and in Sec-Fetch-Site.
 * Same site: Origin names the tenant the Host names (case, port and a trailing dot aside), or, without Origin,
 * Sec-Fetch-Site is same-origin. Another site, another tenant and Origin 'null' (sandboxed frames, file: pages)
 * are cross-site, and so is Sec-Fetch-Site same-site: the tenants are sibling hosts of one domain.
 */
export function requestSite(headers: Headers): RequestSite {
  const origin = headers.get("origin");
  if (origin !== null) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return "cross-site";
    }
    return JSON.stringify(classifyHost(originHost)) === JSON.stringify(classifyHost(headers.get("host") ?? "")) ? "same-site" : "cross-site";
  }
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite === null) return "unknown";
  return fetchSite === "same-origin" ? "same-site" : "cross-site";
}

/**
 * A key in `Authorization: Bearer` authenticates the request itself (stock feed, the dealer's leads API, the
 * operator): a page on another site cannot add that header without a CORS preflight, which no such route allows.
 */
export const presentsBearerKey = (headers: Headers) => /^Bearer\s+\S/i.test(headers.get("authorization") ?? "");

/**
 * A car's photos and interior panorama under the stock API (ADR 0075, 0102), which a signed-in staff member's cookie
 * may also call (ADR 0078): unlike the rest of the stock API, these need the same-site proof when no key authenticates them.
 */
export const isStockPhotoPath = (path: string) => /^\/api\/stock\/vehicles\/[^/]+\/(photos(\/|$)|interior$)/.test(path);

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF (ADR 0057): a request that changes state must prove it came from the site's own pages, unless a key
 * authenticates it. A request with neither Origin nor Sec-Fetch-Site is refused too: cookies ride on it all the
 * same, and every browser sends Origin on a form post or a fetch that is not a GET.
 */
export function refusedAsCrossSite(request: { method: string; headers: Headers }): boolean {
  if (READ_METHODS.has(request.method.toUpperCase()) || presentsBearerKey(request.headers)) return false;
  return requestSite(request.headers) !== "same-site";
}

/**
 * The gateway's guard over every path it serves for a tenant, except `exempt` ones (APIs a key or a signature
 * authenticates): 403, JSON under /api/, plain text on the pages' form posts.
 */
export function sameSiteOnly(exempt: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!exempt(c.req.path) && refusedAsCrossSite(c.req.raw)) {
      return c.req.path.startsWith("/api/") ? c.json({ message: CROSS_SITE_MESSAGE }, 403) : c.text(CROSS_SITE_MESSAGE, 403);
    }
    await next();
  };
}
