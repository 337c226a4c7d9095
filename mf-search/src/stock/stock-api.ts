import { resolveSiteConfig, type StockCsvMapping } from "@dealer/shared/config";
import { CsvProblem, type CsvRecords, csvToRecords, parseWithFieldErrors, siteTemplateSchema } from "@dealer/shared/contract";
import { type Context, Hono } from "hono";
import { hashesIn, hashesOfCars } from "./photos/photo-prune";
import { type FeedPhotos, feedReport, recordFeedPhotos, resolveFeedPhotos } from "./photos/photo-store";
import { stockChangeNotifier } from "../search-backend/push-messages";
import { completeFeedRecord, feedJsonSchema, feedKeyOf, type RecordNotes } from "./feed-record";
import { mountMediaUploads } from "./media-uploads";
import { mountPhotoUploads, pruneDropped } from "./photo-uploads";
import { mountVideoUploads } from "./video-uploads";
import { applyBatch, findVehicles, planBatch, storedIdentities, VEHICLES_PER_LISTING } from "./stock-store";
import { MAX_BATCH_SIZE, type RejectedRecord, stockBatchSchema, validateBatch } from "./validate-batch";
import { requireWriteKey, type StockEnv, type StockWriter } from "./write-key";

/**
 * The dealer stock feed API, mounted at /api/stock. Every route needs a dealership write key.
 *   POST /vehicles/batch { upsert: Car[], delete: stocknum[] } -> { upserted, deleted, unchanged, version, records }
 *   (a record may leave out the platform's own fields; `records` says per record what was filled in or ignored)
 *   (and what is `pending`: its photo URLs being fetched; `batch` names the feed report when the batch had photo URLs;
 *   `photos_over_limit`: its URLs left out because the car's uploads, which a feed never replaces, fill the 100; ADR 0080)
 *   GET  /vehicles[?stocknum=|?after=] -> { vehicles: Car[], next: stocknum | null } (500 a page, by stock number)
 *   GET  /batches/{id} -> the batch's feed report: each photo's outcome (ready, pending, failed) with its reason
 *   GET|POST /vehicles/{stocknum}/photos, DELETE /vehicles/{stocknum}/photos/{ref}, PUT /vehicles/{stocknum}/photos/order:
 *   a car's photos by upload (photo-uploads.ts)
 *   PUT|DELETE /vehicles/{stocknum}/spin, PUT|DELETE /vehicles/{stocknum}/video: its spin frames and walkaround video
 *   (media-uploads.ts); POST /vehicles/{stocknum}/video/uploads and its parts: a video too big for one request
 *   (video-uploads.ts)
 */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Each upsert with the platform's own fields filled in where the dealer left them out (feed-record.ts); non-objects as sent. */
async function completeBatch(db: D1Database, writer: StockWriter, upserts: unknown[], now: Date): Promise<{ record: Record<string, unknown>; notes: RecordNotes | null }[]> {
  const stored = await storedIdentities(db, writer, upserts.filter(isRecord).flatMap((record) => feedKeyOf(record) ?? []));
  return Promise.all(
    upserts.map((record) => (isRecord(record) ? completeFeedRecord(record, writer, (stocknum) => stored.get(stocknum), now) : { record: record as Record<string, unknown>, notes: null })),
  );
}

type StockContext = Context<StockEnv>;

/** The batch's photos less those of cars refused after they were resolved (a CSV row whose id or slug clashed). */
function withoutCars(photos: FeedPhotos, stocknums: ReadonlySet<string>): FeedPhotos {
  return {
    ...photos,
    cars: photos.cars.filter((car) => !stocknums.has(car.stocknum)),
    pending: new Map([...photos.pending].filter(([stocknum]) => !stocknums.has(stocknum))),
    waits: photos.waits.filter((wait) => !stocknums.has(wait.stocknum)),
    report: photos.report.filter(([stocknum]) => !stocknums.has(stocknum)),
  };
}

/** The site's CSV column mapping from its settings (ADR 0075); null when it has none (or its settings do not resolve). */
async function csvMapping(db: D1Database, site: string): Promise<StockCsvMapping | null> {
  const row = await db.prepare("SELECT template, config FROM sites WHERE slug = ?").bind(site).first<{ template: string; config: string }>();
  const template = siteTemplateSchema.safeParse(row?.template);
  if (!row || !template.success) return null;
  try {
    return resolveSiteConfig(site, JSON.parse(row.config) as Record<string, unknown>, template.data).stockCsv;
  } catch (error) {
    console.warn(`[mf-search] ${site}: settings do not resolve; CSV read without a mapping`, error instanceof Error ? error.message : error);
    return null;
  }
}

/** A text/csv body read with the site's mapping: its records, or the 400 that says why not. */
async function readCsvBatch(c: StockContext): Promise<CsvRecords | Response> {
  const text = await c.req.text();
  try {
    const read = csvToRecords(text, await csvMapping(c.env.DB, c.get("writer").site));
    if (!read.records.length) return c.json({ message: "The CSV has no rows under its header." }, 400);
    if (read.records.length > MAX_BATCH_SIZE) return c.json({ message: `At most ${MAX_BATCH_SIZE} rows a request: send the file in parts (npm run stock:import does).` }, 400);
    return read;
  } catch (error) {
    if (error instanceof CsvProblem) return c.json({ message: error.message }, 400);
    throw error;
  }
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

  /**
   * A batch: applied whole or not at all, except a CSV's (`partial`), where each bad row is refused with its row number
   * and reasons while the good rows load, as a DMS export with one bad row should not hold back the yard.
   */
  const runBatch = async (c: StockContext, upserts: unknown[], deletes: string[], csv: { ignoredColumns: string[] } | null) => {
    const writer = c.get("writer");
    const at = now();
    const completed = await completeBatch(c.env.DB, writer, upserts, at);
    const rejected: (RejectedRecord & { row?: number })[] = [];
    const reject = (entries: RejectedRecord[]) => rejected.push(...entries.map((entry) => ({ ...entry, ...(csv ? { row: entry.index + 2 } : {}) })));
    // Original indices of the records still in the batch.
    let kept = completed.map((_, index) => index);
    let validation = validateBatch(completed.map((entry) => entry.record), deletes, writer);
    while (!validation.ok && csv) {
      const bad = new Set(validation.rejected.map((entry) => kept[entry.index]));
      reject(validation.rejected.map((entry) => ({ ...entry, index: kept[entry.index] ?? entry.index })));
      kept = kept.filter((index) => !bad.has(index));
      validation = validateBatch(kept.map((index) => completed[index]?.record), deletes, writer);
    }
    if (!validation.ok) {
      return c.json({ message: `${validation.rejected.length} record(s) rejected; nothing was applied.`, rejected: validation.rejected }, 400);
    }
    const renew = { stocknums: new Set(completed.flatMap((entry) => (entry.notes?.derived.includes("updated_at") ? [String(entry.record.stocknum)] : []))), now: at.toISOString() };
    const indexOf = new Map(completed.map((entry, index) => [String(entry.record.stocknum), index]));
    const planAndApply = async () => {
      let photos = await resolveFeedPhotos(c.env.DB, writer, validation.cars, at);
      let plan = await planBatch(c.env.DB, writer, photos.cars, deletes, renew);
      while (!plan.ok && csv) {
        const clashing = new Set(plan.conflicts.map((entry) => entry.stocknum));
        reject(plan.conflicts.map((entry) => ({ ...entry, index: indexOf.get(entry.stocknum) ?? entry.index })));
        photos = withoutCars(photos, clashing);
        plan = await planBatch(c.env.DB, writer, photos.cars, deletes, renew);
      }
      if (!plan.ok) {
        return c.json({ message: `${plan.conflicts.length} record(s) rejected; nothing was applied.`, rejected: plan.conflicts }, 400);
      }
      if (csv && !photos.cars.length) return c.json({ message: `Every row (${rejected.length}) was refused; nothing was applied.`, rejected, ignored_columns: csv.ignoredColumns }, 400);
      const before = await hashesOfCars(c.env.DB, writer.dealershipId, [...plan.changed.map((car) => car.stocknum), ...plan.deleting]);
      const applied = await applyBatch(c.env.DB, writer, plan, at.toISOString(), stockChangeNotifier(c.env));
      pruneDropped(c, before, hashesIn(plan.changed.map((car) => JSON.stringify(car))));
      const report = await recordFeedPhotos(c.env.DB, c.env.PHOTO_QUEUE, writer, photos, at.toISOString());
      // What the platform filled in or left out, per record that has something to say.
      const written = new Set(photos.cars.map((car) => car.stocknum));
      const records = completed.flatMap((entry, index) => {
        const stocknum = String(entry.record.stocknum);
        if (!written.has(stocknum)) return [];
        const pending = photos.pending.get(stocknum) ?? [];
        const dropped = photos.dropped.get(stocknum);
        const notes = entry.notes ?? { derived: [], ignored: [] };
        return notes.derived.length || notes.ignored.length || pending.length || dropped
          ? [{ index, stocknum, ...notes, pending, ...(dropped ? { photos_over_limit: dropped } : {}) }]
          : [];
      });
      return c.json({ ...applied, ...(report ? { batch: report } : {}), records, ...(csv ? { rejected, ignored_columns: csv.ignoredColumns } : {}) });
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
  };

  app.post("/vehicles/batch", async (c) => {
    if (/^text\/csv\b/i.test(c.req.header("content-type") ?? "")) {
      const read = await readCsvBatch(c);
      return "records" in read ? runBatch(c, read.records, [], { ignoredColumns: read.ignoredColumns }) : read;
    }
    const body = await c.req.json().catch(() => undefined);
    if (body === undefined) return c.json({ message: "The body must be JSON, or CSV sent as text/csv." }, 400);
    const batch = parseWithFieldErrors(stockBatchSchema, body);
    if (!batch.ok) return c.json({ message: "Invalid batch.", errors: batch.fieldErrors }, 400);
    return runBatch(c, batch.data.upsert, batch.data.delete, null);
  });

  app.get("/batches/:id", async (c) => {
    const report = await feedReport(c.env.DB, c.get("writer"), c.req.param("id"));
    return report ? c.json(report) : c.json({ message: "No batch of this dealership has that id." }, 404);
  });

  mountPhotoUploads(app);
  mountMediaUploads(app);
  mountVideoUploads(app);

  app.get("/vehicles", async (c) => {
    const vehicles = await findVehicles(c.env.DB, c.get("writer"), c.req.query("stocknum") || undefined, c.req.query("after") ?? "");
    // A full page may have more after it: the next page starts after its last stock number.
    const next = vehicles.length === VEHICLES_PER_LISTING ? vehicles.at(-1)!.stocknum : null;
    return c.json({ vehicles, next });
  });

  return app;
}
