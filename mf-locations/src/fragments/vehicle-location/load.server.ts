import { locationSchema } from "@dealer/shared/contract";
import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import { z } from "zod";
import type { Env } from "../../env";
import { toCard } from "../../locations/card";
import VehicleLocation, { type VehicleLocationProps } from "./VehicleLocation";

const paramsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]+$/) });
const carRowSchema = z.object({ location_id: z.number().int().nullable() });
const locationRowSchema = z.object({ data: z.string() });

/** The location of the page's car (its location.id in the stock record); nothing when the car names none. */
export const vehicleLocationFragment: FragmentDefinition<VehicleLocationProps, Env> = {
  Component: VehicleLocation,
  async load(request, env) {
    const params = paramsSchema.safeParse(request.params);
    if (!params.success) throw new FragmentNotFound("No vehicle slug");
    const car = await env.DB.prepare("SELECT json_extract(data, '$.location.id') AS location_id FROM vehicles WHERE site = ? AND slug = ?")
      .bind(request.site.slug, params.data.slug)
      .first();
    if (!car) throw new FragmentNotFound(`No vehicle ${params.data.slug}`);
    const { location_id } = carRowSchema.parse(car);
    if (location_id === null) return { location: null };
    const row = await env.DB.prepare("SELECT data FROM locations WHERE site = ? AND id = ?").bind(request.site.slug, location_id).first();
    const parsed = row ? locationSchema.safeParse(JSON.parse(locationRowSchema.parse(row).data)) : null;
    return { location: parsed?.success ? toCard(parsed.data, request.config, new Date()) : null };
  },
};
