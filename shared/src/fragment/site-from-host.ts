import { resolveSiteConfig, type SiteConfig } from "../config";
import { z } from "zod";

const LOCAL_SUFFIX = ".localhost";
const siteRowSchema = z.object({ slug: z.string(), config: z.string() });

/**
 * For remotes' own APIs (leads, finance quotes): the tenant a request is for, from its Host header as the
 * gateway forwarded it: {slug}.localhost locally, otherwise a dealer's own domain from site_domains. Null for
 * a host no site answers on.
 */
export async function siteFromHost(db: D1Database, hostHeader: string | undefined): Promise<{ slug: string; config: SiteConfig } | null> {
  const host = (hostHeader ?? "").toLowerCase().replace(/:\d+$/, "");
  const row = host.endsWith(LOCAL_SUFFIX)
    ? await db.prepare("SELECT slug, config FROM sites WHERE slug = ?").bind(host.split(".")[0]).first()
    : await db
        .prepare("SELECT s.slug, s.config FROM site_domains d JOIN sites s ON s.slug = d.site WHERE d.domain = ?")
        .bind(host)
        .first();
  if (!row) return null;
  const site = siteRowSchema.parse(row);
  return { slug: site.slug, config: resolveSiteConfig(site.slug, JSON.parse(site.config) as Record<string, unknown>) };
}
