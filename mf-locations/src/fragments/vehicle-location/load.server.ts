import { locationSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, type FragmentDefinition, onePerRequest } from "@dealer/shared/fragment-server";
import { siteListingVersionColumn, stockDataVersion } from "@dealer/shared/http";
import { z } from "zod";
import type { Env } from "../../env";
import { toCard } from "../../locations/card";
import VehicleLocation, { type VehicleLocationProps } from "./VehicleLocation";

const paramsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]+$/) });
const carLocationRowSchema = z.object({ stock_version: z.number(), found: z.number().nullable(), location_id: z.number().int().nullable(), data: z.string().nullable() });

/**
 * The car's location id and that location's record in one round trip, with the site's listing version (ADR 0123) from the same
 * snapshot: the gateway keeps the slot for anonymous views while the stock stays at it (ADR 0074). Read once per
 * fragment request, so `dataVersion` and `load` see the same row; null for a slug no car has.
 */
const carLocationRead = onePerRequest(async (request: FragmentRequest, env: Env) => {
  const params = paramsSchema.safeParse(request.params);
  if (!params.success) throw new FragmentNotFound("No vehicle slug");
  const row = await env.DB.prepare(
    `SELECT ${siteListingVersionColumn("?1")} AS stock_version, v.id AS found, json_extract(v.data, '$.location.id') AS location_id, l.data AS data
     FROM (SELECT 1) LEFT JOIN vehicles v ON v.site = ?1 AND v.slug = ?2 LEFT JOIN locations l ON l.site = v.site AND l.id = json_extract(v.data, '$.location.id')`,
  )
    .bind(request.site.slug, params.data.slug)
    .first();
  const read = carLocationRowSchema.parse(row);
  return { version: stockDataVersion(request.site.slug, read.stock_version), car: read.found === null ? null : read };
});

/** The location of the page's car (its location.id in the stock record); nothing when the car names none. */
export const vehicleLocationFragment: FragmentDefinition<VehicleLocationProps, Env> = {
  Component: VehicleLocation,
  dataVersion: async (request, env) => (await carLocationRead(request, env)).version,
  async load(request, env) {
    const { car } = await carLocationRead(request, env);
    if (!car) throw new FragmentNotFound(`No vehicle ${request.params.slug}`);
    if (car.location_id === null) return { location: null };
    const parsed = car.data === null ? null : locationSchema.safeParse(JSON.parse(car.data));
    return { location: parsed?.success ? toCard(parsed.data, request.config, new Date()) : null };
  },
};
