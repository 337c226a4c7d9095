import type { SiteConfig } from "@dealer/shared/config";
import { locationSchema } from "@dealer/shared/contract";
import { type AppointmentSlot, appointmentSlots } from "@dealer/shared/rules";
import { Hono } from "hono";
import { z } from "zod";
import type { Env } from "../env";
import { siteFromHost } from "@dealer/shared/http";

export const SLOT_DAYS = 14;
const rowSchema = z.object({ id: z.number(), dealership_id: z.number(), data: z.string() });

/** The departments that take bookings online: sales (test drives) and service. */
export const bookingTypeSchema = z.enum(["sales", "service"]);
export type BookingType = z.infer<typeof bookingTypeSchema>;

/**
 * Bookable times of one department (test drives: sales; service bookings: service) at one location of a site
 * (its primary one when none is named): that department's opening and holiday hours, the site's slot length,
 * minus the times the dealership's department has booked (unless `withTaken`: a booking's check, where a taken time
 * is the store's 409). Null: no such location.
 */
export async function bookingSlots(
  db: D1Database,
  site: { slug: string; config: SiteConfig },
  locationId: number | null,
  now: Date,
  type: BookingType = "sales",
  withTaken = false,
): Promise<{ location: { id: number; name: string }; slots: AppointmentSlot[] } | null> {
  const row = await (
    locationId === null
      ? db.prepare("SELECT id, dealership_id, data FROM locations WHERE site = ? ORDER BY primary_flag DESC, id LIMIT 1").bind(site.slug)
      : db.prepare("SELECT id, dealership_id, data FROM locations WHERE site = ? AND id = ?").bind(site.slug, locationId)
  ).first();
  if (!row) return null;
  const { dealership_id, data } = rowSchema.parse(row);
  const location = locationSchema.parse(JSON.parse(data));
  const { results } = withTaken
    ? { results: [] }
    : await db
        .prepare("SELECT booking FROM leads WHERE dealership_id = ? AND booking_type = ? AND booking >= ?")
        .bind(dealership_id, type, now.toISOString())
        .all<{ booking: string }>();
  const slots = appointmentSlots(location, { now, days: SLOT_DAYS, slotMinutes: site.config.forms.testDriveSlotMinutes, taken: results.map((r) => r.booking), type });
  return { location: { id: location.id, name: location.name }, slots };
}

const querySchema = z.object({ location: z.coerce.number().int().positive().optional(), department: bookingTypeSchema.default("sales") });

/**
 * GET /api/leads/slots?location={id}&department=sales|service: the test-drive (sales, the default) or service
 * booking form's bookable times, {location: {id, name}, slots: [{start, label}]}.
 */
export function createSlotApi() {
  const app = new Hono<{ Bindings: Env }>();
  app.get("/api/leads/slots", async (c) => {
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const query = querySchema.safeParse(c.req.query());
    if (!query.success) return c.json({ message: "Invalid query", fieldErrors: parseQueryErrors(query.error) }, 400);
    const found = await bookingSlots(c.env.DB, site, query.data.location ?? null, new Date(), query.data.department);
    if (!found) return c.json({ message: "No such location" }, 404);
    return c.json(found, 200, { "cache-control": "no-store" });
  });
  return app;
}

const QUERY_HELP: Record<string, string> = { location: "Use a location id.", department: "Use sales or service." };
function parseQueryErrors(error: z.ZodError): Record<string, string[]> {
  return Object.fromEntries(error.issues.map((issue) => [String(issue.path[0]), [QUERY_HELP[String(issue.path[0])] ?? issue.message]]));
}
