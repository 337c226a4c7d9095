import { type Car, carSchema } from "@dealer/shared/contract";
import { FragmentNotFound, sharedWhileInFlight } from "@dealer/shared/fragment-server";
import { z } from "zod";
import type { Env } from "./env";

const rowSchema = z.object({ data: z.string() });

/**
 * The tenant's car by slug, parsed at the database boundary; an unknown slug is the fragment's 404. A car page
 * asks for three of this remote's fragments at once, and they share one read while it is under way.
 */
export const loadCar = sharedWhileInFlight(
  (_env: Env, site: string, slug: string) => `${site}/${slug}`,
  async (env: Env, site: string, slug: string): Promise<Car> => {
    const row = await env.DB.prepare("SELECT data FROM vehicles WHERE site = ? AND slug = ?").bind(site, slug).first();
    if (!row) throw new FragmentNotFound(`No vehicle ${slug}`);
    return carSchema.parse(JSON.parse(rowSchema.parse(row).data));
  },
);

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
