import { leadPayloadSchema, parseWithFieldErrors } from "@dealer/shared/contract";
import { Hono } from "hono";
import { z } from "zod";
import type { Env } from "../env";
import { formKindSchema, leadFormValuesSchema } from "./form-schema";
import { siteFromHost } from "./site-from-host";

export const LEAD_STORE_FAILED =
  "Sorry, we couldn't save your enquiry just now. Your details are still in the form: please try again in a moment.";

const envelopeSchema = z.object({ kind: formKindSchema }).loose();
const carRowSchema = z.object({ dealership_id: z.number().int() });

/**
 * POST /api/leads: the shopper's request arrives unchanged through the gateway, so the site comes from Host.
 * 404 unknown site, 400 {message, fieldErrors}, 201 {lead_id} once stored in D1 as pending delivery,
 * 503 when it could not be stored (the form keeps its values and shows the message).
 */
export function createLeadApi() {
  const app = new Hono<{ Bindings: Env }>();

  app.post("/api/leads", async (c) => {
    const site = await siteFromHost(c.env.DB, c.req.header("host")).catch((error: unknown) => {
      console.error("[mf-forms] site lookup failed", error);
      return "unavailable" as const;
    });
    if (site === "unavailable") return c.json({ message: LEAD_STORE_FAILED }, 503);
    if (!site) return c.json({ message: "Unknown site" }, 404);

    const body: unknown = await c.req.json().catch(() => null);
    const envelope = parseWithFieldErrors(envelopeSchema, body);
    if (!envelope.ok) return c.json({ message: "Invalid lead", fieldErrors: envelope.fieldErrors }, 400);
    const schema = leadPayloadSchema.extend({ kind: formKindSchema, values: leadFormValuesSchema(site.config.forms, envelope.data.kind) });
    const parsed = parseWithFieldErrors(schema, body);
    if (!parsed.ok) return c.json({ message: "Please fix the following errors:", fieldErrors: parsed.fieldErrors }, 400);
    const lead = parsed.data;

    try {
      // The car and its dealership are taken from this site's stock, never from the browser's word.
      const carId = lead.userData.car_id ?? null;
      const car = carId === null ? null : await c.env.DB.prepare("SELECT dealership_id FROM vehicles WHERE site = ? AND id = ?").bind(site.slug, carId).first();
      const dealershipId = car ? carRowSchema.parse(car).dealership_id : null;
      const stored = await c.env.DB.prepare(
        "INSERT INTO leads (site, kind, car_id, dealership_id, created_at, delivery_status, attempts, data) VALUES (?, ?, ?, ?, ?, 'pending', 0, ?) RETURNING id",
      )
        .bind(site.slug, lead.kind, car ? carId : null, dealershipId, new Date().toISOString(), JSON.stringify(lead))
        .first<{ id: number }>();
      if (!stored) throw new Error("INSERT returned no id");
      return c.json({ lead_id: stored.id }, 201);
    } catch (error) {
      console.error("[mf-forms] lead not stored", error);
      return c.json({ message: LEAD_STORE_FAILED }, 503);
    }
  });

  return app;
}
