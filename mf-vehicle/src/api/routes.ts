import { priceDisplay } from "@dealer/shared/rules";
import { type Car, carSchema, parseWithFieldErrors, type VehicleSummariesResponse, vehicleSummaryQuerySchema, vehicleViewQuerySchema } from "@dealer/shared/contract";
import { Hono } from "hono";
import { z } from "zod";
import { findCar, loadSite } from "../car-record.server";
import type { Env } from "../env";
import { MARKET_YEAR_BAND, marketComparison } from "./market";
import { viewedCarRecord } from "../viewed-car";
import { vehicleSummary } from "./vehicle-summary";

/** The gateway names the tenant of a forwarded shopper request in this header (and drops any the browser sent). */
export const SITE_HEADER = "x-dealer-site";

export const slugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]*$/).max(200);
const phoneRevealSchema = z.object({
  car_id: z.number().int().positive(),
  dealership_id: z.number().int(),
  website_id: z.string().min(1).max(100),
});
/** Enough for the 10th-90th percentile range (confidence n / (n + 8) is 0.99 by then); the network has many more. */
const MAX_COMPARABLES = 1000;
const priceRowSchema = z.object({ price: z.number().nullable() });
const carRowSchema = z.object({ data: z.string() });
const viewsRowSchema = z.object({ views: z.number() });

/** The site's shown cars among these ids, in the order asked. */
export async function carsByIds(env: Env, site: string, ids: number[]): Promise<Car[]> {
  const { results } = await env.DB.prepare(`SELECT data FROM vehicles WHERE site = ? AND id IN (${ids.map(() => "?").join(",")})`)
    .bind(site, ...ids)
    .all();
  const cars = results.flatMap((row) => {
    const parsed = carSchema.safeParse(JSON.parse(carRowSchema.parse(row).data));
    return parsed.success && parsed.data.show_on_dealer_website ? [parsed.data] : [];
  });
  return ids.flatMap((id) => cars.find((car) => car.id === id) ?? []);
}

/**
 * Shopper calls of the vehicle page, forwarded by the gateway:
 *   GET  /cars/{slug}/autogauge     price comparison from comparable stock (200 JSON, null when no data)
 *   POST /api/vehicles/phone-reveals  logs a phone reveal {car_id, dealership_id, website_id} (204)
 *   GET  /cars/{slug}/view.json     counts a view: {views, car_fields} (the viewed-car record)
 *   GET  /api/vehicles/summaries?ids=1,2  cars by id for compare, favourites and recently viewed: {cars}
 */
export function createVehicleApi() {
  const app = new Hono<{ Bindings: Env }>();

  app.get("/cars/:slug/autogauge", async (c) => {
    const site = c.req.header(SITE_HEADER);
    const slug = slugSchema.safeParse(c.req.param("slug"));
    if (!site || !slug.success) return c.json({ message: "Unknown vehicle" }, 404);
    const car = await findCar(c.env, site, slug.data);
    if (!car) return c.json({ message: "Unknown vehicle" }, 404);
    const { config } = await loadSite(c.env, site);
    // The Autogauge plugin of the dealer config decides the panel and its data alike (ADR 0039).
    if (!config.features.autogauge) return c.json({ message: "Price comparison is not enabled for this site" }, 404);
    const shown = priceDisplay(car, config);
    // Comparable stock across the platform: same make and model within the year band, priced, not this car. Read
    // from the vehicles_comparables index alone (migration 0016), at most MAX_COMPARABLES of them.
    const { results } = await c.env.DB.prepare(
      `SELECT price FROM vehicles
       WHERE make = ? COLLATE NOCASE AND model = ? COLLATE NOCASE AND year BETWEEN ? AND ? AND id != ? AND price IS NOT NULL
       LIMIT ?`,
    )
      .bind(car.make, car.model, car.year - MARKET_YEAR_BAND, car.year + MARKET_YEAR_BAND, car.id, MAX_COMPARABLES)
      .all();
    const prices = results.flatMap((row) => {
      const parsed = priceRowSchema.safeParse(row);
      return parsed.success && parsed.data.price !== null ? [parsed.data.price] : [];
    });
    const listing = shown.kind === "price" ? shown.amount : null;
    return c.json(marketComparison(listing, prices, `${car.make} ${car.model}`), 200, { "cache-control": "private, max-age=300" });
  });

  app.post("/api/vehicles/phone-reveals", async (c) => {
    const site = c.req.header(SITE_HEADER);
    const body = phoneRevealSchema.safeParse(await c.req.json().catch(() => null));
    if (!site) return c.json({ message: "Unknown site" }, 404);
    if (!body.success) return c.json({ message: "Invalid phone reveal", issues: body.error.issues.map((issue) => issue.path.join(".")) }, 400);
    // The reveal is only logged (spec: response only logged); the dealer's analytics read the Worker logs.
    console.info("[mf-vehicle] phone reveal", JSON.stringify({ site, ...body.data }));
    return c.body(null, 204);
  });

  app.get("/cars/:slug/view.json", async (c) => {
    const site = c.req.header(SITE_HEADER);
    const slug = slugSchema.safeParse(c.req.param("slug"));
    const query = parseWithFieldErrors(vehicleViewQuerySchema, c.req.query());
    if (!query.ok) return c.json({ message: "Invalid view query", fieldErrors: query.fieldErrors }, 400);
    const car = site && slug.success ? await findCar(c.env, site, slug.data) : null;
    if (!site || !car) return c.json({ message: "Unknown vehicle" }, 404);
    // One statement, so concurrent views never lose a count.
    const row = await c.env.DB.prepare(
      `INSERT INTO vehicle_views (site, vehicle_id, views) VALUES (?, ?, ?)
       ON CONFLICT (site, vehicle_id) DO UPDATE SET views = views + 1 RETURNING views`,
    )
      .bind(site, car.id, car.views + 1)
      .first();
    return c.json({ views: viewsRowSchema.parse(row).views, car_fields: viewedCarRecord(car) }, 200, { "cache-control": "no-store" });
  });

  app.get("/api/vehicles/summaries", async (c) => {
    const site = c.req.header(SITE_HEADER);
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const query = parseWithFieldErrors(vehicleSummaryQuerySchema, c.req.query());
    if (!query.ok) return c.json({ message: "Invalid car ids", fieldErrors: query.fieldErrors }, 400);
    const ids = [...new Set(query.data.ids)];
    const { config } = await loadSite(c.env, site);
    const body: VehicleSummariesResponse = { cars: (await carsByIds(c.env, site, ids)).map((car) => vehicleSummary(car, config)) };
    // Prices and stock change with each feed: a short private cache only.
    return c.json(body, 200, { "cache-control": "private, max-age=60" });
  });

  return app;
}
