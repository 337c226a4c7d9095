import { parseWithFieldErrors } from "@dealer/shared/contract";
import { Hono } from "hono";
import { stockChangeNotifier } from "../search-backend/push-messages";
import { applyBatch, findVehicles, planBatch, VEHICLES_PER_LISTING } from "./stock-store";
import { stockBatchSchema, validateBatch } from "./validate-batch";
import { requireWriteKey, type StockEnv } from "./write-key";

/**
 * The dealer stock feed API, mounted at /api/stock. Every route needs a dealership write key.
 *   POST /vehicles/batch { upsert: Car[], delete: stocknum[] } -> { upserted, deleted, unchanged, version }
 *   GET  /vehicles[?stocknum=|?after=] -> { vehicles: Car[], next: stocknum | null } (500 a page, by stock number)
 */
const isUniqueViolation = (error: unknown) => error instanceof Error && /UNIQUE constraint failed: vehicles\./.test(error.message);

export function createStockApi(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const app = new Hono<StockEnv>();
  app.use("*", requireWriteKey);

  app.post("/vehicles/batch", async (c) => {
    const body = await c.req.json().catch(() => undefined);
    if (body === undefined) return c.json({ message: "The body must be JSON." }, 400);
    const batch = parseWithFieldErrors(stockBatchSchema, body);
    if (!batch.ok) return c.json({ message: "Invalid batch.", errors: batch.fieldErrors }, 400);
    const writer = c.get("writer");
    const validation = validateBatch(batch.data.upsert, batch.data.delete, writer);
    if (!validation.ok) {
      return c.json({ message: `${validation.rejected.length} record(s) rejected; nothing was applied.`, rejected: validation.rejected }, 400);
    }
    const planAndApply = async () => {
      const plan = await planBatch(c.env.DB, writer, validation.cars, batch.data.delete);
      if (!plan.ok) {
        return c.json({ message: `${plan.conflicts.length} record(s) rejected; nothing was applied.`, rejected: plan.conflicts }, 400);
      }
      return c.json(await applyBatch(c.env.DB, writer, plan, now().toISOString(), stockChangeNotifier(c.env)));
    };
    try {
      return await planAndApply();
    } catch (error) {
      // A concurrent batch took an id or slug between this plan and its write (the batch rolled back whole):
      // planned again, the clash is a field error; still racing, the feed is told to retry.
      if (!isUniqueViolation(error)) throw error;
      return await planAndApply().catch((again: unknown) => {
        if (!isUniqueViolation(again)) throw again;
        return c.json({ message: "Another batch is writing the same vehicles; nothing was applied. Send the batch again." }, 409);
      });
    }
  });

  app.get("/vehicles", async (c) => {
    const vehicles = await findVehicles(c.env.DB, c.get("writer"), c.req.query("stocknum") || undefined, c.req.query("after") ?? "");
    // A full page may have more after it: the next page starts after its last stock number.
    const next = vehicles.length === VEHICLES_PER_LISTING ? vehicles.at(-1)!.stocknum : null;
    return c.json({ vehicles, next });
  });

  return app;
}
