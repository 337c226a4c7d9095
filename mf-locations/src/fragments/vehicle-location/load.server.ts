import { locationSchema } from "@dealer/shared/contract";
import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import { z } from "zod";
import type { Env } from "../../env";
import { toCard } from "../../locations/card";
import VehicleLocation, { type VehicleLocationProps } from "./VehicleLocation";

const paramsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]+$/) });
const carLocationRowSchema = z.object({ location_id: z.number().int().nullable(), data: z.string().nullable() });

/** The location of the page's car (its location.id in the stock record); nothing when the car names none. */
export const vehicleLocationFragment: FragmentDefinition<VehicleLocationProps, Env> = {
  Component: VehicleLocation,
  async load(request, env) {
    const params = paramsSchema.safeParse(request.params);
    if (!params.success) throw new FragmentNotFound("No vehicle slug");
    // One round trip: the car's location id and that location's record.
    const row = await env.DB.prepare(
      `SELECT json_extract(v.data, '$.location.id') AS location_id, l.data AS data
       FROM vehicles v LEFT JOIN locations l ON l.site = v.site AND l.id = json_extract(v.data, '$.location.id')
       WHERE v.site = ? AND v.slug = ?`,
    )
      .bind(request.site.slug, params.data.slug)
      .first();
    if (!row) throw new FragmentNotFound(`No vehicle ${params.data.slug}`);
    const { location_id, data } = carLocationRowSchema.parse(row);
    if (location_id === null) return { location: null };
    const parsed = data === null ? null : locationSchema.safeParse(JSON.parse(data));
    return { location: parsed?.success ? toCard(parsed.data, request.config, new Date()) : null };
  },
};
