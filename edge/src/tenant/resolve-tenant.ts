import { type SiteConfig, resolveSiteConfig } from "@dealer/shared/config";
import { type SiteTemplate, siteTemplateSchema } from "@dealer/shared/contract";
import { type HostTarget, siteRowFor } from "@dealer/shared/http";
import { z } from "zod";
import type { GatewayEnv } from "../env";

export type Tenant = { slug: string; name: string; template: SiteTemplate; config: SiteConfig; disabled: boolean };

// One host rule for the pages and the APIs (mf-forms resolves the lead's tenant with it too).
export { classifyHost, type HostTarget } from "@dealer/shared/http";

const siteRowSchema = z.object({
  slug: z.string(),
  name: z.string(),
  template: siteTemplateSchema,
  config: z.string(),
  status: z.enum(["active", "disabled"]).default("active"),
});

const CACHE_TTL_SECONDS = 60;
/** Resolved tenants kept in the isolate: every page needs one, and parsing the config each time costs. */
const MEMORY_TTL_MS = 10_000;
const resolved = new Map<string, { tenant: Tenant; until: number }>();

/**
 * Host -> tenant. Only an exact slug or a registered domain matches, so an unknown host can
 * never fall through to another dealer's site. Rows are cached briefly in KV.
 */
export async function resolveTenant(env: GatewayEnv, target: HostTarget): Promise<Tenant | null> {
  if (target.kind === "platform-index") return null;
  const cacheKey = target.kind === "slug" ? `slug:${target.slug}` : `domain:${target.domain}`;
  const remembered = resolved.get(cacheKey);
  if (remembered && remembered.until > Date.now()) return remembered.tenant;
  let row: unknown = await env.TENANTS.get(cacheKey, "json");
  if (!row) {
    row = await siteRowFor(env.DB, target);
    if (!row) return null;
    await env.TENANTS.put(cacheKey, JSON.stringify(row), { expirationTtl: CACHE_TTL_SECONDS });
  }
  const site = siteRowSchema.parse(row);
  const tenant: Tenant = {
    slug: site.slug,
    name: site.name,
    template: site.template,
    config: resolveSiteConfig(site.slug, JSON.parse(site.config) as Record<string, unknown>, site.template),
    disabled: site.status === "disabled",
  };
  resolved.set(cacheKey, { tenant, until: Date.now() + MEMORY_TTL_MS });
  return tenant;
}

/**
 * Drops a site's cached rows (KV and this isolate) after the operator changed it, so its hosts answer from D1 at
 * once: a new domain, a changed config, a disabled or deleted site.
 */
export async function forgetTenant(env: GatewayEnv, slug: string, domains: readonly string[]): Promise<void> {
  const keys = [`slug:${slug}`, ...domains.map((domain) => `domain:${domain}`)];
  for (const key of keys) resolved.delete(key);
  await Promise.all(keys.map((key) => env.TENANTS.delete(key)));
}

export async function listSites(env: GatewayEnv) {
  const { results } = await env.DB.prepare("SELECT slug, name, template, status FROM sites ORDER BY name").all();
  return z.array(siteRowSchema.omit({ config: true })).parse(results);
}
