import { anonymousSession } from "@dealer/shared/atoms";
import { resolveSiteConfig } from "@dealer/shared/config";
import type { FragmentRequest } from "@dealer/shared/fragment";

/** Test-only helpers for the remotes' loader tests (each remote imports these, never another remote's code). */
/** Inserts a site row (config override as given) so site lookups succeed. */
export async function insertSite(db: D1Database, slug: string, config: Record<string, unknown> = {}): Promise<void> {
  await db
    .prepare("INSERT INTO sites (slug, name, template, config, created_at) VALUES (?, ?, 'car-dealer', ?, '2025-01-01T00:00:00Z')")
    .bind(slug, slug, JSON.stringify(config))
    .run();
}

/** A fragment request as the gateway sends it, for loader tests. */
export function testFragmentRequest(site: string, params: Record<string, string> = {}, config: Record<string, unknown> = {}): FragmentRequest {
  return {
    site: { slug: site, name: site, template: "car-dealer" },
    config: resolveSiteConfig(site, config),
    session: anonymousSession,
    slot: "test",
    path: "/",
    origin: "https://site.test",
    params,
    hydrate: "load",
  };
}
