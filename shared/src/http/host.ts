/** What a Host header names: the platform's own index, a tenant by slug, a dealer's own domain. */
export type HostTarget = { kind: "platform-index" } | { kind: "slug"; slug: string } | { kind: "domain"; domain: string };

const LOCAL_SUFFIX = ".localhost";

/**
 * The host that names a site by its slug on any deployment: what a Worker sends when it calls a site's own API
 * through a service binding, where keys are taken on their own site's host only (ADR 0057).
 */
export const slugHost = (slug: string) => `${slug}${LOCAL_SUFFIX}`;

/**
 * Host header -> tenant key, the one rule the pages and the APIs share: case-insensitive, port dropped,
 * a fully-qualified trailing dot dropped ('harbour-city-motors.localhost.' is the same site).
 */
export function classifyHost(hostHeader: string | undefined): HostTarget {
  const host = (hostHeader ?? "").trim().toLowerCase().replace(/:\d+$/, "").replace(/\.+$/, "");
  if (host === "localhost" || host === "127.0.0.1" || host === "[::1]") return { kind: "platform-index" };
  if (host.endsWith(LOCAL_SUFFIX)) return { kind: "slug", slug: host.slice(0, -LOCAL_SUFFIX.length) };
  return { kind: "domain", domain: host };
}

