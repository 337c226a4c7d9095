import { siteTemplateSchema } from "../contract/site";
import { repaymentsDiffer } from "../rules/car-repayment";
import { resolveSiteConfig, SiteConfigError } from "./resolve";
import type { SiteConfig } from "./site-config";

/** A site's configuration as stored: its template and the dealer's override. */
export type StoredConfig = { template: string; override: Record<string, unknown> };

function resolved(site: string, { template, override }: StoredConfig): SiteConfig | null {
  const parsed = siteTemplateSchema.safeParse(template);
  if (!parsed.success) return null;
  try {
    return resolveSiteConfig(site, override, parsed.data);
  } catch (error) {
    if (error instanceof SiteConfigError) return null;
    throw error;
  }
}

/**
 * Whether storing `after` in place of `before` changes the weekly repayment the site's search records hold, so its
 * indexes must reload the site (ADR 0055). A configuration that does not resolve gives the records no weekly figure:
 * a change to or from one counts too.
 */
export function changesSearchRecords(site: string, before: StoredConfig, after: StoredConfig): boolean {
  const old = resolved(site, before);
  const next = resolved(site, after);
  return old && next ? repaymentsDiffer(old, next) : old !== next;
}
