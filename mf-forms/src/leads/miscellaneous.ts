import { parseWithFieldErrors } from "@dealer/shared/contract";
import { bodyLimit, siteFromHost } from "@dealer/shared/http";
import { Hono } from "hono";
import { z } from "zod";
import type { Env } from "../env";
import { leadBodyFormat } from "./guard";
import { NO_SUCH_OFFER, offerLeadExists } from "./offer-acceptance";

/** A valuation result is a few hundred bytes. */
const MISCELLANEOUS_BODY_MAX_BYTES = 8 * 1024;
const money = z.number().nonnegative().max(100_000_000);

/** The valuation result the trade-in page shows, as the browser sends it back. */
const valuationResultSchema = z.union([
  z.object({ estimate: z.literal(true), low: money, high: money, offer: money, comparables: z.number().int().nonnegative().max(10_000) }),
  z.object({ estimate: z.literal(false), reason: z.enum(["age-or-kms", "no-comparables"]), message: z.string().max(500) }),
]);

/**
 * POST /api/miscellaneous (spec §7): the valuation result plus column_name 'valuation' on the sites that
 * configure it (features.saveValuationColumn), otherwise saved as 'miscellaneous'. It belongs to the
 * trade-in lead the same browser sent (lead_id and that lead's Idempotency-Key as lead_key).
 */
const miscellaneousSchema = z.object({
  lead_id: z.coerce.number().int().positive(),
  lead_key: z.string().min(1).max(200),
  column_name: z.enum(["valuation", "miscellaneous"]).default("miscellaneous"),
  valuation: valuationResultSchema,
});

/** Saves a form's extra result about its lead into lead_extras. The page only logs the outcome. */
export function createMiscellaneousApi() {
  const app = new Hono<{ Bindings: Env }>();
  app.post("/api/miscellaneous", bodyLimit(MISCELLANEOUS_BODY_MAX_BYTES), async (c) => {
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.json({ message: "Unknown site" }, 404);
    if (leadBodyFormat(c.req.header("content-type")) !== "json") return c.json({ message: "Send application/json." }, 415);
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = parseWithFieldErrors(miscellaneousSchema, body);
    if (!parsed.ok) return c.json({ message: "Invalid request", fieldErrors: parsed.fieldErrors }, 400);
    const { lead_id: leadId, lead_key: leadKey, column_name: column, valuation } = parsed.data;
    // A site that saves a 'valuation' column says so; on the others the same result is 'miscellaneous'.
    const columnName = column === "valuation" && !site.config.features.saveValuationColumn ? "miscellaneous" : column;
    if (!(await offerLeadExists(c.env.DB, site.slug, leadId, leadKey))) return c.json({ message: NO_SUCH_OFFER }, 404);
    await c.env.DB.prepare(
      `INSERT INTO lead_extras (lead_id, column_name, value, updated_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (lead_id, column_name) DO UPDATE SET value = ?3, updated_at = ?4`,
    )
      .bind(leadId, columnName, JSON.stringify(valuation), new Date().toISOString())
      .run();
    return c.json({ message: "Saved", column_name: columnName }, 201);
  });
  return app;
}
