import { auditStatement } from "@dealer/shared/audit";
import { changesSearchRecords, type FieldErrors, overrideErrors, providerPolicyProblems, resolvedSettings, type SiteConfig, type StoredConfig } from "@dealer/shared/config";
import { keepCurrentConfigVersion, refreshTenantCache, reloadSiteStockStatement } from "@dealer/shared/http";
import { queueSiteReload } from "@dealer/shared/search-backend";
import type { Env } from "./env";
import { auditBy, type Staff } from "@dealer/shared/staff";

export type ConfigVersion = { version: number; published_by: string; published_at: string; note: string | null };

export async function publishedOverride(db: D1Database, site: string): Promise<StoredConfig & { version: number }> {
  const row = await db
    .prepare("SELECT template, config, config_version FROM sites WHERE slug = ?")
    .bind(site)
    .first<{ template: string; config: string; config_version: number }>();
  return { template: row?.template ?? "", override: row ? (JSON.parse(row.config) as Record<string, unknown>) : {}, version: row?.config_version ?? 0 };
}

export async function draftOf(db: D1Database, staff: Staff): Promise<{ id: number; override: Record<string, unknown> } | null> {
  const row = await db.prepare("SELECT id, config FROM site_config_drafts WHERE site = ? AND staff_id = ?").bind(staff.site, staff.id).first<{ id: number; config: string }>();
  return row ? { id: row.id, override: JSON.parse(row.config) as Record<string, unknown> } : null;
}

/** Keeps the admin's draft (one per admin and site) for preview; returns its id, which the preview cookie names. */
export async function saveDraft(db: D1Database, staff: Staff, override: Record<string, unknown>): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO site_config_drafts (site, staff_id, config, updated_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (site, staff_id) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at RETURNING id`,
    )
    .bind(staff.site, staff.id, JSON.stringify(override), new Date().toISOString())
    .first<{ id: number }>();
  if (!row) throw new Error("the draft was not stored");
  return row.id;
}

export const discardDraft = (db: D1Database, staff: Staff) => db.prepare("DELETE FROM site_config_drafts WHERE site = ? AND staff_id = ?").bind(staff.site, staff.id).run();

export async function listVersions(db: D1Database, site: string): Promise<ConfigVersion[]> {
  const { results } = await db.prepare("SELECT version, published_by, published_at, note FROM site_config_versions WHERE site = ? ORDER BY version DESC LIMIT 50").bind(site).all<ConfigVersion>();
  return results;
}

/**
 * Publishes an override as the site's next version, in one transaction (ADR 0046): the configuration as it was is
 * kept as its own version first (the seeded one has none yet), then the new version, the site row and the audit
 * entry. Two publishes from the same version cannot both land: the second one's version row already exists, and
 * its whole batch rolls back. The tenant cache is then pointed at the new version, so the gateway shows it within
 * seconds; the remotes read the site row itself.
 */
export async function publishConfig(env: Env, staff: Staff, override: Record<string, unknown>, rolledBackFrom: number | null = null): Promise<number> {
  if (Object.keys(overrideErrors(override)).length > 0) throw new Error("publishConfig takes a validated override");
  const db = env.DB;
  const now = new Date();
  const config = JSON.stringify(override);
  const published = await publishedOverride(db, staff.site);
  const version = published.version + 1;
  const reindex = changesSearchRecords(staff.site, published, { template: published.template, override });
  const note = rolledBackFrom === null ? null : `rollback to version ${rolledBackFrom}`;
  const results = await db.batch<{ version: number }>([
    keepCurrentConfigVersion(db, staff.site),
    db.prepare("INSERT INTO site_config_versions (site, version, config, published_by, published_at, note) VALUES (?, ?, ?, ?, ?, ?)").bind(staff.site, version, config, staff.email, now.toISOString(), note),
    db.prepare("UPDATE sites SET config = ?, config_version = ? WHERE slug = ?").bind(config, version, staff.site),
    db.prepare("DELETE FROM site_config_drafts WHERE site = ? AND staff_id = ?").bind(staff.site, staff.id),
    auditStatement(
      db,
      auditBy(staff, { action: rolledBackFrom === null ? "config.publish" : "config.rollback", subject: `version ${version}`, detail: { override, ...(note ? { note } : {}) } }),
      now,
    ),
    ...(reindex ? [reloadSiteStockStatement(db, staff.site, now)] : []),
  ]);
  if (env.TENANTS) await refreshTenantCache(env.TENANTS, db, staff.site);
  if (reindex) await queueSiteReload(env, staff.site, results.at(-1)?.results[0]?.version ?? null);
  return version;
}

/**
 * What the platform's provider policy refuses in a valid override (ADR 0056): a mail provider the operator does not
 * allow. Checked on preview, publish and rollback (an earlier version may name a provider since taken off the list).
 */
export const policyErrors = (env: Env, override: Record<string, unknown>): FieldErrors =>
  Object.fromEntries(providerPolicyProblems(resolvedSettings(override) as SiteConfig, env).map((problem) => [problem.path, [problem.message]]));

/** Publishes an earlier version's override again, as a new version (history only grows); its policy errors instead, if any. */
export async function rollbackConfig(env: Env, staff: Staff, version: number): Promise<number | FieldErrors | null> {
  const row = await env.DB.prepare("SELECT config FROM site_config_versions WHERE site = ? AND version = ?").bind(staff.site, version).first<{ config: string }>();
  if (!row) return null;
  const override = JSON.parse(row.config) as Record<string, unknown>;
  const refused = policyErrors(env, override);
  return Object.keys(refused).length ? refused : publishConfig(env, staff, override, version);
}
