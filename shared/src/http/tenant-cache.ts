import type { HostTarget } from "./host";

/**
 * The tenant cache in KV (ADR 0046). A host's pointer names its site and the site's published config version
 * (short-lived, rewritten on every publish); the site row is kept under its version, so a new version is a new
 * key and no reader ever mixes an old row with a new pointer.
 */
export type TenantPointer = { slug: string; version: number };
export const TENANT_POINTER_TTL_SECONDS = 60;
export const TENANT_ROW_TTL_SECONDS = 24 * 60 * 60;

export const tenantPointerKey = (target: Extract<HostTarget, { kind: "slug" | "domain" }>) => (target.kind === "slug" ? `site:slug:${target.slug}` : `site:domain:${target.domain}`);
export const tenantRowKey = (slug: string, version: number) => `tenant:${slug}:v${version}`;

const SITE_ROW_SQL = "SELECT slug, name, template, config, config_version, status FROM sites WHERE slug = ?";

/** After a publish: the site's row under its new version, and every host of the site pointed at it. */
export async function refreshTenantCache(kv: KVNamespace, db: D1Database, slug: string): Promise<void> {
  const [site, domains] = await db.batch([db.prepare(SITE_ROW_SQL).bind(slug), db.prepare("SELECT domain FROM site_domains WHERE site = ?").bind(slug)]);
  const row = site?.results[0] as { slug: string; config_version: number } | undefined;
  if (!row) return;
  const pointer = JSON.stringify({ slug, version: row.config_version } satisfies TenantPointer);
  const hosts = [tenantPointerKey({ kind: "slug", slug }), ...((domains?.results ?? []) as { domain: string }[]).map(({ domain }) => tenantPointerKey({ kind: "domain", domain }))];
  await kv.put(tenantRowKey(slug, row.config_version), JSON.stringify(row), { expirationTtl: TENANT_ROW_TTL_SECONDS });
  await Promise.all(hosts.map((key) => kv.put(key, pointer, { expirationTtl: TENANT_POINTER_TTL_SECONDS })));
}

/**
 * The site's configuration as it stands, kept as its own version before a change (the seeded one has none yet), so
 * a rollback can always return to it. Joins the caller's batch: a dealer admin's publish or an operator's update.
 */
export function keepCurrentConfigVersion(db: D1Database, slug: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO site_config_versions (site, version, config, published_by, published_at, note)
        SELECT slug, config_version, config, 'seed', created_at, 'as configured before the first publish' FROM sites WHERE slug = ?`,
    )
    .bind(slug);
}
