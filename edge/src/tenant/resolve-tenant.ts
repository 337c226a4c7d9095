import { type SiteConfig, resolveSiteConfig } from "@dealer/shared/config";
import { type SiteTemplate, siteTemplateSchema } from "@dealer/shared/contract";
import {
  CONFIG_PREVIEW_COOKIE,
  type HostTarget,
  isSessionToken,
  readCookie,
  STAFF_COOKIE,
  sha256Hex,
  siteRowFor,
  TENANT_POINTER_TTL_SECONDS,
  TENANT_ROW_TTL_SECONDS,
  type TenantPointer,
  tenantPointerKey,
  tenantRowKey,
} from "@dealer/shared/http";
import { z } from "zod";
import type { GatewayEnv } from "../env";
import { createShortMemory } from "./short-memory";

export type Tenant = { slug: string; name: string; template: SiteTemplate; config: SiteConfig; configVersion: number; preview: boolean; disabled: boolean };

// One host rule for the pages and the APIs (mf-forms resolves the lead's tenant with it too).
export { classifyHost, type HostTarget } from "@dealer/shared/http";

const siteRowSchema = z.object({
  slug: z.string(),
  name: z.string(),
  template: siteTemplateSchema,
  config: z.string(),
  config_version: z.number().int().default(0),
  status: z.enum(["active", "disabled"]).default("active"),
});
const pointerSchema = z.object({ slug: z.string(), version: z.number().int() });

/** Resolved tenants kept in the isolate: every page needs one, and parsing the config each time costs. Short, so a publish shows within seconds. */
const MEMORY_TTL_MS = 2_000;
const resolved = createShortMemory<Tenant>(MEMORY_TTL_MS);

async function readRow(env: GatewayEnv, target: Extract<HostTarget, { kind: "slug" | "domain" }>) {
  const pointerKey = tenantPointerKey(target);
  const pointer = pointerSchema.safeParse(await env.TENANTS.get(pointerKey, "json"));
  if (pointer.success) {
    const kept = siteRowSchema.safeParse(await env.TENANTS.get(tenantRowKey(pointer.data.slug, pointer.data.version), "json"));
    if (kept.success) return kept.data;
  }
  const fresh = await siteRowFor(env.DB, target);
  if (!fresh) return null;
  const row = siteRowSchema.parse(fresh);
  await Promise.all([
    env.TENANTS.put(pointerKey, JSON.stringify({ slug: row.slug, version: row.config_version } satisfies TenantPointer), { expirationTtl: TENANT_POINTER_TTL_SECONDS }),
    env.TENANTS.put(tenantRowKey(row.slug, row.config_version), JSON.stringify(row), { expirationTtl: TENANT_ROW_TTL_SECONDS }),
  ]);
  return row;
}

/**
 * Host -> tenant. Only an exact slug or a registered domain matches, so an unknown host can never fall through
 * to another dealer's site. KV holds each host's pointer to its site's published config version and the site
 * row under that version (ADR 0046); a publish rewrites the pointers.
 */
export async function resolveTenant(env: GatewayEnv, target: HostTarget): Promise<Tenant | null> {
  if (target.kind === "platform-index") return null;
  const cacheKey = tenantPointerKey(target);
  const remembered = resolved.get(cacheKey);
  if (remembered) return remembered;
  const site = await readRow(env, target);
  if (!site) return null;
  const tenant: Tenant = {
    slug: site.slug,
    name: site.name,
    template: site.template,
    config: resolveSiteConfig(site.slug, JSON.parse(site.config) as Record<string, unknown>, site.template),
    configVersion: site.config_version,
    preview: false,
    disabled: site.status === "disabled",
  };
  resolved.set(cacheKey, tenant);
  return tenant;
}

/**
 * The tenant with an admin's draft configuration, when the request carries the preview cookie and the staff
 * session of the admin who saved that draft (ADR 0046); anyone else, or a stale cookie, sees the published site.
 */
export async function withPreview(env: GatewayEnv, tenant: Tenant, cookieHeader: string | undefined): Promise<Tenant> {
  const draftId = Number(readCookie(cookieHeader, CONFIG_PREVIEW_COOKIE));
  const token = readCookie(cookieHeader, STAFF_COOKIE);
  if (!Number.isSafeInteger(draftId) || draftId <= 0 || !isSessionToken(token)) return tenant;
  const draft = await env.DB.prepare(
    `SELECT d.config FROM site_config_drafts d JOIN staff_sessions s ON s.staff_id = d.staff_id JOIN staff_members m ON m.id = d.staff_id
      WHERE d.id = ?1 AND d.site = ?2 AND s.token_hash = ?3 AND s.site = ?2 AND s.expires_at > ?4 AND m.role = 'admin'`,
  )
    .bind(draftId, tenant.slug, await sha256Hex(token), Date.now())
    .first<{ config: string }>();
  if (!draft) return tenant;
  return { ...tenant, config: resolveSiteConfig(tenant.slug, JSON.parse(draft.config) as Record<string, unknown>, tenant.template), preview: true };
}

/**
 * Drops a site's cached pointers (KV and this isolate) after the operator changed it, so its hosts answer from D1 at
 * once: a new domain, a changed config, a disabled or deleted site.
 */
export async function forgetTenant(env: GatewayEnv, slug: string, domains: readonly string[]): Promise<void> {
  const keys = [tenantPointerKey({ kind: "slug", slug }), ...domains.map((domain) => tenantPointerKey({ kind: "domain", domain }))];
  for (const key of keys) resolved.delete(key);
  await Promise.all(keys.map((key) => env.TENANTS.delete(key)));
}

export async function listSites(env: GatewayEnv) {
  const { results } = await env.DB.prepare("SELECT slug, name, template, status FROM sites ORDER BY name").all();
  return z.array(siteRowSchema.omit({ config: true })).parse(results);
}
