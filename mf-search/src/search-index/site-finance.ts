import { resolveSiteConfig, SiteConfigError } from "@dealer/shared/config";
import { siteTemplateSchema } from "@dealer/shared/contract";
import type { RecordFinance } from "../engine";
import { possessive } from "@dealer/shared/rules";

/**
 * A site's finance as its records need it (the weekly repayment, ADR 0048): its resolved config, and now. Null for a
 * site without a row or with a config that no longer resolves (its cars then carry no weekly figure; logged).
 */
export async function readRecordFinance(db: D1Database, site: string, now = new Date()): Promise<RecordFinance | null> {
  const row = await db.prepare("SELECT template, config FROM sites WHERE slug = ?").bind(site).first<{ template: string; config: string }>();
  const template = siteTemplateSchema.safeParse(row?.template);
  if (!row || !template.success) return null;
  try {
    return { config: resolveSiteConfig(site, JSON.parse(row.config) as Record<string, unknown>, template.data), now };
  } catch (error) {
    if (!(error instanceof SiteConfigError) && !(error instanceof SyntaxError)) throw error;
    console.warn(`[mf-search] ${possessive(site)} config does not resolve: its records carry no weekly repayment`, error.message);
    return null;
  }
}
