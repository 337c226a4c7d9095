import { resolveSiteConfig, type SiteConfig } from "../config";
import { classifyHost } from "./host";
import { z } from "zod";

const siteRowSchema = z.object({ slug: z.string(), config: z.string() });

export type HostSite = { slug: string; config: SiteConfig };

/**
 * For remotes' own APIs (leads, finance quotes): the tenant a request is for, from its Host header as the gateway forwarded it, by the same rule the
 * pages use (classifyHost: case, port and a trailing dot do not matter). Null for a host no site answers on.
 */
export async function siteFromHost(db: D1Database, hostHeader: string | undefined): Promise<HostSite | null> {
  const target = classifyHost(hostHeader);
  const row =
    target.kind === "slug"
      ? await db.prepare("SELECT slug, config FROM sites WHERE slug = ?").bind(target.slug).first()
      : target.kind === "domain"
        ? await db.prepare("SELECT s.slug, s.config FROM site_domains d JOIN sites s ON s.slug = d.site WHERE d.domain = ?").bind(target.domain).first()
        : null;
  if (!row) return null;
  const site = siteRowSchema.parse(row);
  return { slug: site.slug, config: resolveSiteConfig(site.slug, JSON.parse(site.config) as Record<string, unknown>) };
}
