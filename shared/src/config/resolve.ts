import type { SiteTemplate } from "../contract/site";
import { defaultSiteConfig } from "./defaults";
import { SITE_TEMPLATES } from "./templates";
import { type SiteConfig, siteConfigSchema } from "./site-config";

export class SiteConfigError extends Error {
  constructor(
    readonly site: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for site "${site}": ${problems.join("; ")}`);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; arrays and scalars in the override replace the default. */
export function deepMerge(base: unknown, override: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(override)) return override === undefined ? base : override;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) merged[key] = deepMerge(base[key], value);
  return merged;
}

/**
 * The platform defaults, then the template's (when the caller knows it), then the dealer's override, validated;
 * a bad key is named in the error.
 */
export function resolveSiteConfig(site: string, override: Record<string, unknown> = {}, template?: SiteTemplate): SiteConfig {
  const base = template ? deepMerge(defaultSiteConfig, SITE_TEMPLATES[template].defaults) : defaultSiteConfig;
  const result = siteConfigSchema.safeParse(deepMerge(base, override));
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.join(".");
    return issue.code === "unrecognized_keys"
      ? `unknown key ${issue.keys.map((k) => (path ? `${path}.${k}` : k)).join(", ")}`
      : `${path}: ${issue.message}`;
  });
  throw new SiteConfigError(site, problems);
}
