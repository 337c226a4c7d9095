import { type Car, parseWithFieldErrors } from "@dealer/shared/contract";
import {
  registrationPlace,
  siteDriveAwayEstimate,
  TOWING_CAPACITY_LIMITS,
  TOWING_CAPACITY_MESSAGE,
  TOWING_NOTE,
  type TowVehicle,
  towVerdict,
} from "@dealer/shared/rules";
import { Hono } from "hono";
import { z } from "zod";
import { loadSite } from "../car-record.server";
import type { Env } from "../env";
import { carsByIds, SITE_HEADER } from "./routes";

export const DRIVE_AWAY_PATH = "/api/drive-away";
export const TOWING_VEHICLES_PATH = "/api/towing/vehicles";
export const TOWING_CHECK_PATH = "/api/towing/check";

const carIdSchema = z.coerce.number({ error: "car_id is a car's id." }).int("car_id is a car's id.").positive("car_id is a car's id.");

/** Where the shopper registers: a state code, or a postcode whose state is found (registrationPlace). */
const driveAwayQuerySchema = z
  .object({ car_id: carIdSchema, state: z.string().max(10).optional(), postcode: z.string().max(10).optional() })
  .transform((query, context) => {
    const place = registrationPlace(query);
    if (place.ok) return { carId: query.car_id, state: place.state };
    context.addIssue({ code: "custom", path: [place.field], message: place.message });
    return z.NEVER;
  });

/** Words of a make, model, year or badge: letters, digits and the few marks a badge has. */
const towingQuerySchema = z
  .object({
    query: z
      .string({ error: "Please type a make or model (2 to 60 characters)." })
      .trim()
      .min(2, "Please type a make or model (2 to 60 characters).")
      .max(60, "Please type a make or model (2 to 60 characters).")
      .regex(/^[\p{L}\p{N} .+\-/]+$/u, "Please use letters, digits and spaces only."),
  });

const towingCheckSchema = z
  .object({
    car_id: carIdSchema,
    capacity: z.coerce
      .number({ error: TOWING_CAPACITY_MESSAGE })
      .int(TOWING_CAPACITY_MESSAGE)
      .min(TOWING_CAPACITY_LIMITS.min, TOWING_CAPACITY_MESSAGE)
      .max(TOWING_CAPACITY_LIMITS.max, TOWING_CAPACITY_MESSAGE),
  });

/** At most this many variants answer one query: a picker's list, and a bounded read of the variants table. */
export const TOWING_VARIANTS_LIMIT = 20;
const TOKENS_MAX = 5;
const variantRowSchema = z.object({ make: z.string(), model: z.string(), year: z.number(), badge: z.string(), braked_capacity_kg: z.number() });

const invalid = (message: string, fieldErrors: Record<string, string[]>) => ({ message, fieldErrors });

async function shownCar(env: Env, site: string, id: number): Promise<Car | null> {
  return (await carsByIds(env, site, [id]))[0] ?? null;
}

/**
 * The shopper's tools beside a price and a van (issue 34, ADR 0068), on the site's own host:
 *   GET /api/drive-away?car_id=&state=|postcode=   { total, parts: [{ name, amount }], asAt, sources, state, basis, note }
 *   GET /api/towing/vehicles?query=                [{ make, model, year, badge, brakedCapacityKg }] from the network
 *   GET /api/towing/check?car_id=&capacity=        the van's ATM against a braked capacity: { verdict, text, note }
 */
export function createBuyerToolsApi() {
  const app = new Hono<{ Bindings: Env }>();

  app.get(DRIVE_AWAY_PATH, async (c) => {
    const site = c.req.header(SITE_HEADER);
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const query = parseWithFieldErrors(driveAwayQuerySchema, c.req.query());
    if (!query.ok) return c.json(invalid("Invalid drive-away query", query.fieldErrors), 400);
    const car = await shownCar(c.env, site, query.data.carId);
    if (!car) return c.json(invalid("Unknown vehicle", { car_id: ["No car on this site has this id."] }), 404);
    const { config } = await loadSite(c.env, site);
    const estimate = siteDriveAwayEstimate(car, query.data.state, config);
    if (!estimate) return c.json(invalid("No price to estimate from", { car_id: ["This car has no price: please enquire."] }), 422);
    return c.json(estimate, 200, { "cache-control": "private, max-age=300" });
  });

  app.get(TOWING_VEHICLES_PATH, async (c) => {
    const query = parseWithFieldErrors(towingQuerySchema, c.req.query());
    if (!query.ok) return c.json(invalid("Invalid tow vehicle query", query.fieldErrors), 400);
    const tokens = query.data.query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, TOKENS_MAX);
    // The variants table holds one row per distinct variant (migration 0038), never the stock: bounded by the models
    // the network has listed, whatever its size. LIKE's own wildcards are escaped from the shopper's words.
    const where = tokens.map(() => "label LIKE ? ESCAPE '\\'").join(" AND ");
    const { results } = await c.env.DB.prepare(
      `SELECT make, model, year, badge, braked_capacity_kg FROM towing_variants WHERE ${where} ORDER BY make, model, year DESC, badge LIMIT ?`,
    )
      .bind(...tokens.map((token) => `%${token.replace(/[\\%_]/g, (mark) => `\\${mark}`)}%`), TOWING_VARIANTS_LIMIT)
      .all();
    const vehicles: TowVehicle[] = results.flatMap((row) => {
      const parsed = variantRowSchema.safeParse(row);
      if (!parsed.success) return [];
      const { make, model, year, badge, braked_capacity_kg } = parsed.data;
      return [{ make, model, year, badge: badge || null, brakedCapacityKg: braked_capacity_kg }];
    });
    return c.json(vehicles, 200, { "cache-control": "public, max-age=3600" });
  });

  app.get(TOWING_CHECK_PATH, async (c) => {
    const site = c.req.header(SITE_HEADER);
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const query = parseWithFieldErrors(towingCheckSchema, c.req.query());
    if (!query.ok) return c.json(invalid("Invalid towing check", query.fieldErrors), 400);
    const van = await shownCar(c.env, site, query.data.car_id);
    if (!van) return c.json(invalid("Unknown vehicle", { car_id: ["No van on this site has this id."] }), 404);
    const verdict = towVerdict(van.caravan_specifications?.aggregate_trailer_mass, query.data.capacity);
    return c.json({ verdict: verdict.kind, atm: van.caravan_specifications?.aggregate_trailer_mass ?? null, capacity: query.data.capacity, text: verdict.text, note: TOWING_NOTE });
  });

  return app;
}
