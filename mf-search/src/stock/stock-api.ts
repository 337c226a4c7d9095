import { parseWithFieldErrors } from "@dealer/shared/contract";
import { Hono } from "hono";
import { feedReport, recordFeedPhotos, resolveFeedPhotos } from "./photos/photo-store";
import { stockChangeNotifier } from "../search-backend/push-messages";
import { completeFeedRecord, feedJsonSchema, feedKeyOf, type RecordNotes } from "./feed-record";
import { mountPhotoUploads } from "./photo-uploads";
import { applyBatch, findVehicles, planBatch, storedIdentities, VEHICLES_PER_LISTING } from "./stock-store";
import { stockBatchSchema, validateBatch } from "./validate-batch";
import { requireWriteKey, type StockEnv, type StockWriter } from "./write-key";

/**
 * The dealer stock feed API, mounted at /api/stock. Every route needs a dealership write key.
 *   POST /vehicles/batch { upsert: Car[], delete: stocknum[] } -> { upserted, deleted, unchanged, version, records }
 *   (a record may leave out the platform's own fields; `records` says per record what was filled in or ignored)
 *   (and what is `pending`: its photo URLs being fetched; `batch` names the feed report when the batch had photo URLs)
 *   GET  /vehicles[?stocknum=|?after=] -> { vehicles: Car[], next: stocknum | null } (500 a page, by stock number)
 *   GET  /batches/{id} -> the batch's feed report: each photo's outcome (ready, pending, failed) with its reason
 *   GET|POST /vehicles/{stocknum}/photos, DELETE /vehicles/{stocknum}/photos/{ref}, PUT /vehicles/{stocknum}/photos/order:
 *   a car's photos by upload (photo-uploads.ts)
 */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Each upsert with the platform's own fields filled in where the dealer left them out (feed-record.ts); non-objects as sent. */
async function completeBatch(db: D1Database, writer: StockWriter, upserts: unknown[], now: Date): Promise<{ record: Record<string, unknown>; notes: RecordNotes | null }[]> {
  const stored = await storedIdentities(db, writer, upserts.filter(isRecord).flatMap((record) => feedKeyOf(record) ?? []));
  return Promise.all(
    upserts.map((record) => (isRecord(record) ? completeFeedRecord(record, writer, (stocknum) => stored.get(stocknum), now) : { record: record as Record<string, unknown>, notes: null })),
  );
}

const isUniqueViolation = (error: unknown) => error instanceof Error && /UNIQUE constraint failed: vehicles\./.test(error.message);

export function createStockApi(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const app = new Hono<StockEnv>();
  // The feed's schema is public: a dealer's system validates against it before it has a key. Made on first ask, not
  // in every isolate's start-up.
  let schema: string | null = null;
  app.get("/schema.json", (c) => {
    schema ??= JSON.stringify(feedJsonSchema());
    return c.body(schema, 200, { "content-type": "application/schema+json", "cache-control": "public, max-age=3600" });
  });
  app.use("*", requireWriteKey);

  app.post("/vehicles/batch", async (c) => {
    const body = await c.req.json().catch(() => undefined);
    if (body === undefined) return c.json({ message: "The body must be JSON." }, 400);
    const batch = parseWithFieldErrors(stockBatchSchema, body);
    if (!batch.ok) return c.json({ message: "Invalid batch.", errors: batch.fieldErrors }, 400);
    const writer = c.get("writer");
    const at = now();
    const completed = await completeBatch(c.env.DB, writer, batch.data.upsert, at);
    const validation = validateBatch(
      completed.map((entry) => entry.record),
      batch.data.delete,
      writer,
    );
    if (!validation.ok) {
      return c.json({ message: `${validation.rejected.length} record(s) rejected; nothing was applied.`, rejected: validation.rejected }, 400);
    }
    const renew = { stocknums: new Set(completed.flatMap((entry) => (entry.notes?.derived.includes("updated_at") ? [String(entry.record.stocknum)] : []))), now: at.toISOString() };
    // What the platform filled in or left out, per record that has something to say.
    const photos = await resolveFeedPhotos(c.env.DB, writer, validation.cars, at);
    const records = completed.flatMap((entry, index) => {
      const stocknum = String(entry.record.stocknum);
      const pending = photos.pending.get(stocknum) ?? [];
      const notes = entry.notes ?? { derived: [], ignored: [] };
      return notes.derived.length || notes.ignored.length || pending.length ? [{ index, stocknum, ...notes, pending }] : [];
    });
    const planAndApply = async () => {
      const plan = await planBatch(c.env.DB, writer, photos.cars, batch.data.delete, renew);
      if (!plan.ok) {
        return c.json({ message: `${plan.conflicts.length} record(s) rejected; nothing was applied.`, rejected: plan.conflicts }, 400);
      }
      const outcome = await applyBatch(c.env.DB, writer, plan, at.toISOString(), stockChangeNotifier(c.env));
      const report = await recordFeedPhotos(c.env.DB, c.env.PHOTO_QUEUE, writer, photos, at.toISOString());
      return c.json({ ...outcome, ...(report ? { batch: report } : {}), records });
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

  app.get("/batches/:id", async (c) => {
    const report = await feedReport(c.env.DB, c.get("writer"), c.req.param("id"));
    return report ? c.json(report) : c.json({ message: "No batch of this dealership has that id." }, 404);
  });

  mountPhotoUploads(app);

  app.get("/vehicles", async (c) => {
    const vehicles = await findVehicles(c.env.DB, c.get("writer"), c.req.query("stocknum") || undefined, c.req.query("after") ?? "");
    // A full page may have more after it: the next page starts after its last stock number.
    const next = vehicles.length === VEHICLES_PER_LISTING ? vehicles.at(-1)!.stocknum : null;
    return c.json({ vehicles, next });
  });

  return app;
}
