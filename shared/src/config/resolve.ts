import type { SiteTemplate } from "../contract/site";
import { defaultSiteConfig } from "./defaults";
import { SITE_TEMPLATES } from "./templates";
import { retiredSettingMessage, type SiteConfig, siteConfigSchema } from "./site-config";

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
  const problems = result.error.issues.flatMap((issue) => {
    const path = issue.path.join(".");
    if (issue.code !== "unrecognized_keys") return [`${path}: ${issue.message}`];
    const at = (key: string) => (path ? `${path}.${key}` : key);
    const unknown = issue.keys.filter((key) => !retiredSettingMessage(key));
    const retired = issue.keys.flatMap((key) => {
      const message = retiredSettingMessage(key);
      return message ? [`${at(key)}: ${message}`] : [];
    });
    return [...(unknown.length ? [`unknown key ${unknown.map(at).join(", ")}`] : []), ...retired];
  });
  throw new SiteConfigError(site, problems);
}
