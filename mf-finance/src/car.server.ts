import { type Car, carSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, onePerRequest } from "@dealer/shared/fragment-server";
import { readListingDataVersion, siteListingVersionColumn, stockDataVersion } from "@dealer/shared/http";
import { z } from "zod";
import type { Env } from "./env";

const rowSchema = z.object({ stock_version: z.number(), data: z.string().nullable() });

/**
 * The tenant's car by slug with the site's listing version (ADR 0123), from one statement (one snapshot: the version is that of
 * the very row, ADR 0074), parsed at the database boundary; an unknown slug is the fragment's 404. A car page asks
 * for three of this remote's fragments at once, and each reads on its own (a read shared between requests hangs the
 * others when the one that started it ends first, ADR 0124).
 */
async function readCar(env: Env, site: string, slug: string): Promise<{ car: Car | null; version: string }> {
  const row = rowSchema.parse(
    await env.DB.prepare(`SELECT ${siteListingVersionColumn("?1")} AS stock_version, (SELECT data FROM vehicles WHERE site = ?1 AND slug = ?2) AS data`)
      .bind(site, slug)
      .first(),
  );
  return { car: row.data === null ? null : carSchema.parse(JSON.parse(row.data)), version: stockDataVersion(site, row.stock_version) };
}

/** The car a fragment request's slug names, read once per request so its `dataVersion` and `load` see the same row. */
const pageCarRead = onePerRequest((request: FragmentRequest, env: Env) => readCar(env, request.site.slug, request.params.slug ?? ""));

export async function loadCar(request: FragmentRequest, env: Env): Promise<Car> {
  const { car } = await pageCarRead(request, env);
  if (!car) throw new FragmentNotFound(`No vehicle ${request.params.slug}`);
  return car;
}

/** A car page's finance fragments are kept by the gateway while the site's stock stays at this version; /finance's name the version now. */
export const carDataVersion = async (request: FragmentRequest, env: Env): Promise<string> =>
  request.params.slug ? (await pageCarRead(request, env)).version : readListingDataVersion(env.DB, request.site.slug);

/** What the finance links and figures need of a car, as plain JSON props. */
export type FinanceCar = Pick<Car, "id" | "name" | "price" | "car_type" | "vin" | "dealership_slug">;

export const financeCar = (car: Car): FinanceCar => ({
  id: car.id,
  name: car.name,
  price: car.price,
  car_type: car.car_type,
  vin: car.vin ?? null,
  dealership_slug: car.dealership_slug,
});
