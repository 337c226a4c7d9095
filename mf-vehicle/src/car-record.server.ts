import { resolveSiteConfig, type SiteConfig } from "@dealer/shared/config";
import { type Car, carSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, onePerRequest } from "@dealer/shared/fragment-server";
import { readListingDataVersion, siteListingVersionColumn, stockDataVersion } from "@dealer/shared/http";
import { z } from "zod";
import type { Env } from "./env";

const paramsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]+$/) });
const siteRowSchema = z.object({ name: z.string(), config: z.string() });
const locationCitySchema = z.object({ address: z.object({ city: z.string() }) });

/** A car page's read: the car (null when unknown or hidden), the site's listing version it is at (ADR 0123), and the primary location's city. */
type PageCarRead = { car: Car | null; version: string; primaryCity: string | null };
const pageCarRowSchema = z.object({ stock_version: z.number(), data: z.string().nullable(), location: z.string().nullable() });

/**
 * One statement, one snapshot: the car, the site's listing version beside it (so a fragment names the version of the
 * very row it rendered, ADR 0074) and the site's primary location (else its first). A car page asks for five of this
 * remote's fragments at once, and each reads on its own: a read shared between requests hangs the others when the one
 * that started it ends first (workerd cancels them, ADR 0124).
 */
async function readPageCar(env: Env, site: string, slug: string): Promise<PageCarRead> {
  const row = pageCarRowSchema.parse(
    await env.DB.prepare(
      `SELECT ${siteListingVersionColumn("?1")} AS stock_version, (SELECT data FROM vehicles WHERE site = ?1 AND slug = ?2) AS data,
         (SELECT data FROM locations WHERE site = ?1 ORDER BY primary_flag DESC, id LIMIT 1) AS location`,
    )
      .bind(site, slug)
      .first(),
  );
  const car = row.data === null ? null : carSchema.parse(JSON.parse(row.data));
  const location = row.location === null ? null : locationCitySchema.safeParse(JSON.parse(row.location));
  return { car: car?.show_on_dealer_website ? car : null, version: stockDataVersion(site, row.stock_version), primaryCity: location?.success ? location.data.address.city : null };
}

/** The page's car read once per fragment request: its `dataVersion` and its `load` see the same row. */
const pageCarOf = onePerRequest((request: Pick<FragmentRequest, "params" | "site">, env: Env) => {
  const params = paramsSchema.safeParse(request.params);
  return params.success ? readPageCar(env, request.site.slug, params.data.slug) : Promise.resolve(null);
});

/** The tenant's car named by the slug parameter, parsed by the contract, with the site's primary city; unknown or hidden cars are not found. */
export async function loadPageCar(request: Pick<FragmentRequest, "params" | "site">, env: Env): Promise<{ car: Car; primaryCity: string | null }> {
  const read = await pageCarOf(request, env);
  if (!read) throw new FragmentNotFound("No vehicle slug");
  if (!read.car) throw new FragmentNotFound(`No vehicle ${String(request.params.slug)}`);
  return { car: read.car, primaryCity: read.primaryCity };
}

export const loadCar = async (request: Pick<FragmentRequest, "params" | "site">, env: Env): Promise<Car> => (await loadPageCar(request, env)).car;

/**
 * The stock version a car page's fragment is rendered from (its FRAGMENT_DATA_HEADER): the gateway keeps the markup
 * for anonymous views while the site's stock stays at it. A request without a slug names the version read now.
 */
export async function carDataVersion(request: FragmentRequest, env: Env): Promise<string> {
  return (await pageCarOf(request, env))?.version ?? readListingDataVersion(env.DB, request.site.slug);
}

/** A shown car of the site, or null (the API routes' read). */
export const findCar = async (env: Env, site: string, slug: string): Promise<Car | null> => (await readPageCar(env, site, slug)).car;

/** A site's name and resolved configuration for the API routes (fragments receive theirs from the gateway). */
export async function loadSite(env: Env, site: string): Promise<{ name: string; config: SiteConfig }> {
  const row = siteRowSchema.safeParse(await env.DB.prepare("SELECT name, config FROM sites WHERE slug = ?").bind(site).first());
  return {
    name: row.success ? row.data.name : site,
    config: resolveSiteConfig(site, row.success ? (JSON.parse(row.data.config) as Record<string, unknown>) : {}),
  };
}
