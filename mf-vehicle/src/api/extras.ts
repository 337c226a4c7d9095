import { analyticsBatchSchema, deliveryEstimateRequestSchema, parseWithFieldErrors } from "@dealer/shared/contract";
import { bodyLimit } from "@dealer/shared/http";
import { Hono } from "hono";
import { z } from "zod";
import { findCar, loadSite } from "../car-record.server";
import type { Env } from "../env";
import { printSheet, printSheetLines } from "../fragments/vehicle-print/print-sheet";
import { textPdf } from "./pdf";
import { SITE_HEADER, slugSchema } from "./routes";

/** A delivery request is two fields; an analytics beacon at most ANALYTICS_BATCH_MAX small events. */
const DELIVERY_BODY_MAX = 1_024;
const EVENTS_BODY_MAX = 32_768;

const carRowSchema = z.object({ dealership_id: z.number() });
const regionRowSchema = z.object({ region: z.string(), price: z.number() });

/** A body that is not JSON reads as null, so the schema names what is missing instead of a 500. */
const jsonBody = (request: { json(): Promise<unknown> }) => request.json().catch(() => null);

/**
 * The vehicle page's extra shopper calls, forwarded by the gateway with the tenant in SITE_HEADER:
 *   POST /api/vehicles/delivery-estimates  {car_id, postcode} -> {estimate: {region, price} | null}
 *   POST /api/vehicles/events              an analytics beacon {page, events[]} -> 204 (logged)
 *   GET  /cars/{slug}/pdf                  the printable sheet as a PDF download
 */
export function createVehicleExtrasApi() {
  const app = new Hono<{ Bindings: Env }>();

  app.post("/api/vehicles/delivery-estimates", bodyLimit(DELIVERY_BODY_MAX), async (c) => {
    const site = c.req.header(SITE_HEADER);
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const parsed = parseWithFieldErrors(deliveryEstimateRequestSchema, await jsonBody(c.req));
    if (!parsed.ok) return c.json({ message: "Invalid delivery estimate request", fieldErrors: parsed.fieldErrors }, 400);
    const { car_id, postcode } = parsed.data;
    const car = carRowSchema.safeParse(
      await c.env.DB.prepare("SELECT dealership_id FROM vehicles WHERE site = ? AND id = ? AND COALESCE(json_extract(data, '$.show_on_dealer_website'), 1) = 1")
        .bind(site, car_id)
        .first(),
    );
    if (!car.success) return c.json({ message: "Unknown vehicle", fieldErrors: { car_id: ["Unknown vehicle"] } }, 404);
    // The narrowest range wins: a metro range inside its state's range prices the metro postcodes.
    const row = regionRowSchema.safeParse(
      await c.env.DB.prepare(
        `SELECT region, price FROM delivery_regions WHERE dealership_id = ? AND ? BETWEEN postcode_from AND postcode_to
         ORDER BY postcode_to - postcode_from LIMIT 1`,
      )
        .bind(car.data.dealership_id, Number(postcode))
        .first(),
    );
    return c.json({ estimate: row.success ? row.data : null }, 200, { "cache-control": "private, max-age=300" });
  });

  app.post("/api/vehicles/events", bodyLimit(EVENTS_BODY_MAX), async (c) => {
    const site = c.req.header(SITE_HEADER);
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const parsed = parseWithFieldErrors(analyticsBatchSchema, await jsonBody(c.req));
    if (!parsed.ok) return c.json({ message: "Invalid analytics events", fieldErrors: parsed.fieldErrors }, 400);
    // Logged as one line per beacon: the dealer's analytics pipeline reads the Worker logs (as for phone reveals).
    console.info("[mf-vehicle] analytics", JSON.stringify({ site, ...parsed.data }));
    return c.body(null, 204);
  });

  app.get("/cars/:slug/pdf", async (c) => {
    const site = c.req.header(SITE_HEADER);
    const slug = slugSchema.safeParse(c.req.param("slug"));
    const car = site && slug.success ? await findCar(c.env, site, slug.data) : null;
    if (!site || !car) return c.json({ message: "This vehicle is no longer listed." }, 404);
    const { name, config } = await loadSite(c.env, site);
    const pdf = textPdf(printSheetLines(printSheet(car, config, new Date()), name));
    return c.body(pdf.buffer as ArrayBuffer, 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${car.slug}.pdf"`,
      "cache-control": "private, max-age=300",
    });
  });

  return app;
}
