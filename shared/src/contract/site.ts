import { z } from "zod";
import { siteConfigOverrideSchema } from "../config/site-config";

export const siteTemplateSchema = z.enum(["car-dealer", "dealer-group", "used-only", "motorcycle", "truck", "caravan"]);

/** A tenant: a slug plus a template, the hosts it answers on and its config override. */
export const siteSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  template: siteTemplateSchema,
  /** Dealers' own domains; {slug}.localhost always works locally. */
  domains: z.array(z.string()).default([]),
  config: siteConfigOverrideSchema.default({}),
});

export type Site = z.infer<typeof siteSchema>;
export type SiteTemplate = z.infer<typeof siteTemplateSchema>;
