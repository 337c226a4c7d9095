import { resolveSiteConfig, type SiteConfig } from "../config";
import { siteTemplateSchema } from "../contract/site";
import { classifyHost, type HostTarget } from "./host";
import { z } from "zod";

const siteRowSchema = z.object({ slug: z.string(), template: siteTemplateSchema, config: z.string(), status: z.string() });

export type HostSite = { slug: string; config: SiteConfig };

/**
 * The site row a host names: an exact slug or a registered domain, never a guess, so an unknown host
 * cannot fall through to another dealer's site. One query for the gateway's pages and the remotes' APIs.
 */
export function siteRowFor(db: D1Database, target: HostTarget): Promise<Record<string, unknown> | null> {
  if (target.kind === "slug") return db.prepare("SELECT slug, name, template, config, config_version, status FROM sites WHERE slug = ?").bind(target.slug).first();
  if (target.kind === "domain") {
    return db
      .prepare("SELECT s.slug, s.name, s.template, s.config, s.config_version, s.status FROM site_domains d JOIN sites s ON s.slug = d.site WHERE d.domain = ?")
      .bind(target.domain)
      .first();
  }
  return Promise.resolve(null);
}

/**
 * For remotes' own APIs (leads, finance quotes): the tenant a request is for, from its Host header as
 * the gateway forwarded it, by the same rule the pages use (classifyHost: case, port and a trailing dot
 * do not matter). Null for a host no site answers on.
 */
export async function siteFromHost(db: D1Database, hostHeader: string | undefined): Promise<HostSite | null> {
  const row = await siteRowFor(db, classifyHost(hostHeader));
  if (!row) return null;
  const site = siteRowSchema.parse(row);
    // A disabled site takes no leads, bookings or sign-ins: its pages show the holding page.
  if (site.status !== "active") return null;
  return { slug: site.slug, config: resolveSiteConfig(site.slug, JSON.parse(site.config) as Record<string, unknown>, site.template) };
}
