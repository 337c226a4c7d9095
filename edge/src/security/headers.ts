import type { SiteConfig } from "@dealer/shared/config";
import { googleMapsKey, VIDEO_EMBED_PREFIXES } from "@dealer/shared/rules";
import { readSearchBackend, searchConnectSources } from "@dealer/shared/search-backend";
import { createMiddleware } from "hono/factory";
import type { GatewayEnv } from "../env";
import type { Tenant } from "../tenant/resolve-tenant";

/** Vehicle videos embed only from the video service's embed addresses (vehicle-media rule). */
const VIDEO_FRAME_ORIGINS = [...new Set(VIDEO_EMBED_PREFIXES.map((prefix) => new URL(prefix).origin))].join(" ");

/** A fresh nonce per response: only scripts the gateway wrote itself may run. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Where pages may send searches besides their own host: the Algolia application's hosts when search runs on Algolia
 * (ADR 0035). Read once per isolate; a wrong setting is logged and adds nothing (mf-search reports it too).
 */
const searchSources = new WeakMap<object, string[]>();
function searchConnectSourcesOf(env: GatewayEnv): string[] {
  let sources = searchSources.get(env);
  if (!sources) {
    try {
      sources = searchConnectSources(readSearchBackend(env));
    } catch (error) {
      console.error("[edge] search backend setting", error);
      sources = [];
    }
    searchSources.set(env, sources);
  }
  return sources;
}

/**
 * Google Maps' hosts (its CSP guide's allowlist), allowed only on a site that configures Google with a key (ADR 0050):
 * every other site's map is the platform's own and its pages load nothing from Google.
 */
const GOOGLE_MAPS_SOURCES = {
  script: ["https://maps.googleapis.com", "https://maps.gstatic.com"],
  img: ["https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.googleusercontent.com"],
  connect: ["https://*.googleapis.com", "https://*.google.com", "https://*.gstatic.com"],
  style: ["https://fonts.googleapis.com"],
  font: ["https://fonts.gstatic.com"],
  frame: ["https://*.google.com"],
} as const;

export function contentSecurityPolicy(nonce: string, searchSources: string[] = [], maps?: SiteConfig["maps"]): string {
  const google = googleMapsKey(maps) !== null;
  const withGoogle = (own: string, kind: keyof typeof GOOGLE_MAPS_SOURCES) => (google ? [own, ...GOOGLE_MAPS_SOURCES[kind]].join(" ") : own);
  return [
    "default-src 'self'",
    withGoogle(`script-src 'self' 'nonce-${nonce}'`, "script"),
    withGoogle(`style-src 'self' 'nonce-${nonce}'`, "style"),
    // React writes style attributes (e.g. gallery transforms); attributes cannot carry a nonce.
    "style-src-attr 'unsafe-inline'",
    withGoogle("img-src 'self' data:", "img"),
    withGoogle("font-src 'self'", "font"),
    withGoogle(`frame-src ${VIDEO_FRAME_ORIGINS}`, "frame"),
    withGoogle(["connect-src 'self'", ...searchSources].join(" "), "connect"),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export type SecurityVariables = { nonce: string };

/**
 * The response's own headers when the gateway made it; a response from a binding (assets, a remote) has immutable
 * ones, so it is answered as a mutable copy. A page's answer is not copied: a copy of a body is one more stream.
 */
function mutableHeaders(c: { res: Response }): Headers {
  try {
    c.res.headers.set("x-content-type-options", "nosniff");
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("x-content-type-options", "nosniff");
  }
  return c.res.headers;
}

/** Security headers on every response; pages read c.var.nonce for their inline tags. */
export const securityHeaders = createMiddleware<{ Bindings: GatewayEnv; Variables: SecurityVariables & { tenant?: Tenant } }>(async (c, next) => {
  const nonce = createNonce();
  c.set("nonce", nonce);
  await next();
  const headers = mutableHeaders(c);
  headers.set("content-security-policy", contentSecurityPolicy(nonce, searchConnectSourcesOf(c.env), c.var.tenant?.config.maps));
  headers.set("x-frame-options", "DENY");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  headers.set("permissions-policy", "camera=(), microphone=(), geolocation=(self), payment=()");
  headers.set("cross-origin-opener-policy", "same-origin");
  if (new URL(c.req.url).protocol === "https:") {
    headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  }
});
