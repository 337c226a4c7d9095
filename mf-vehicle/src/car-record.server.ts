import { resolveSiteConfig, type SiteConfig } from "@dealer/shared/config";
import { type Car, carSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, sharedWhileInFlight } from "@dealer/shared/fragment-server";
import { z } from "zod";
import type { Env } from "./env";

const paramsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]+$/) });
const rowSchema = z.object({ data: z.string() });
const locationRowSchema = z.object({ data: z.string() });
const siteRowSchema = z.object({ name: z.string(), config: z.string() });
const locationCitySchema = z.object({ address: z.object({ city: z.string() }) });

/** The tenant's car named by the slug parameter, parsed by the contract; unknown or hidden cars are not found. */
export async function loadCar(request: Pick<FragmentRequest, "params" | "site">, env: Env): Promise<Car> {
  const params = paramsSchema.safeParse(request.params);
  if (!params.success) throw new FragmentNotFound("No vehicle slug");
  const car = await findCar(env, request.site.slug, params.data.slug);
  if (!car) throw new FragmentNotFound(`No vehicle ${params.data.slug}`);
  return car;
}

/**
 * A shown car of the site, or null. A car page asks for five of this remote's fragments at once, and they
 * share one read and parse of the car while it is under way (nothing is kept after it).
 */
export const findCar = sharedWhileInFlight(
  (_env: Env, site: string, slug: string) => `${site}/${slug}`,
  async (env: Env, site: string, slug: string): Promise<Car | null> => {
    const row = await env.DB.prepare("SELECT data FROM vehicles WHERE site = ? AND slug = ?").bind(site, slug).first();
    if (!row) return null;
    const car = carSchema.parse(JSON.parse(rowSchema.parse(row).data));
    return car.show_on_dealer_website ? car : null;
  },
);

/** The city of the site's primary location (else its first), or null when it has none. */
export async function primaryLocationCity(env: Env, site: string): Promise<string | null> {
  const row = await env.DB.prepare("SELECT data FROM locations WHERE site = ? ORDER BY primary_flag DESC, id LIMIT 1").bind(site).first();
  if (!row) return null;
  const parsed = locationCitySchema.safeParse(JSON.parse(locationRowSchema.parse(row).data));
  return parsed.success ? parsed.data.address.city : null;
}

/** A site's name and resolved configuration for the API routes (fragments receive theirs from the gateway). */
export async function loadSite(env: Env, site: string): Promise<{ name: string; config: SiteConfig }> {
  const row = siteRowSchema.safeParse(await env.DB.prepare("SELECT name, config FROM sites WHERE slug = ?").bind(site).first());
  return {
    name: row.success ? row.data.name : site,
    config: resolveSiteConfig(site, row.success ? (JSON.parse(row.data.config) as Record<string, unknown>) : {}),
  };
}
