import type { Car, FieldErrors } from "@dealer/shared/contract";
import { BUMP_SITE_STOCK_VERSION_FOR_PHOTOS_SQL, BUMP_SITE_STOCK_VERSION_SQL, readSiteStockVersion } from "@dealer/shared/http";
import type { WriteCarsAsRead } from "./photos/photo-store";
import type { StoredIdentity } from "./feed-record";
import type { StockWriter } from "./write-key";

export interface BatchOutcome {
  upserted: number;
  deleted: number;
  unchanged: number;
  version: number;
}

interface StoredRow {
  id: number;
  stocknum: string;
  slug: string;
  dealership_id: number;
  site: string;
  data: string;
}

export type PlanResult =
  | { ok: true; changed: Car[]; unchanged: number; deleting: string[]; changedIds: number[] }
  | { ok: false; conflicts: { index: number; stocknum: string; errors: FieldErrors }[] };

const json = (values: unknown[]) => JSON.stringify(values);

/** Told of every committed change of a site's stock (the Algolia push queue, ADR 0035); its failure never undoes the change. */
export type StockChanged = (change: { site: string; version: number }) => Promise<void>;

/** The identity the platform keeps for each of these stock numbers of the dealership (feed-record.ts fills it in). */
export async function storedIdentities(db: D1Database, writer: StockWriter, stocknums: string[]): Promise<Map<string, StoredIdentity>> {
  if (!stocknums.length) return new Map();
  const { results } = await db
    .prepare(
      `SELECT stocknum, id, slug, json_extract(data, '$.created_at') AS created_at, updated_at FROM vehicles
        WHERE dealership_id = ? AND stocknum IN (SELECT value FROM json_each(?))`,
    )
    .bind(writer.dealershipId, json(stocknums))
    .all<StoredIdentity & { stocknum: string }>();
  return new Map(results.map(({ stocknum, ...identity }) => [stocknum, identity]));
}

/** An id another dealership's car holds: the same words whoever holds it. */
export const ID_TAKEN = (id: number) => `id ${id} is not available: choose another id for this vehicle.`;

/**
 * Decides what the batch changes: a record whose stored JSON is identical is unchanged, a delete
 * of an unknown stock number is a no-op. An id or slug held by another vehicle is a conflict.
 */
export async function planBatch(
  db: D1Database,
  writer: StockWriter,
  cars: Car[],
  deletes: string[],
  /** Cars whose updated_at the platform filled in (the stored one): a car that changed is stamped `now` instead. */
  renew: { stocknums: ReadonlySet<string>; now: string } = { stocknums: new Set(), now: "" },
): Promise<PlanResult> {
  const stocknums = cars.map((car) => car.stocknum);
  const [mine, clashes] = await db.batch<StoredRow>([
    db
      .prepare("SELECT id, stocknum, slug, dealership_id, site, data FROM vehicles WHERE dealership_id = ? AND stocknum IN (SELECT value FROM json_each(?))")
      .bind(writer.dealershipId, json([...stocknums, ...deletes])),
    db
      .prepare(
        `SELECT id, stocknum, slug, dealership_id, site, '' AS data FROM vehicles
          WHERE id IN (SELECT value FROM json_each(?)) OR (site = ? AND slug IN (SELECT value FROM json_each(?)))`,
      )
      .bind(json(cars.map((car) => car.id)), writer.site, json(cars.map((car) => car.slug))),
  ]);
  const stored = new Map((mine?.results ?? []).map((row) => [row.stocknum, row]));
  const isSameVehicle = (row: StoredRow, car: Car) => row.dealership_id === writer.dealershipId && row.stocknum === car.stocknum;
  const conflicts: Extract<PlanResult, { ok: false }>["conflicts"] = [];
  cars.forEach((car, index) => {
    const errors: FieldErrors = {};
    for (const row of clashes?.results ?? []) {
      if (isSameVehicle(row, car)) continue;
      // Ids are unique across the platform: only the writer's own car is named, another dealer's is not even hinted at.
      if (row.id === car.id) (errors.id ??= []).push(row.dealership_id === writer.dealershipId ? `id ${car.id} belongs to another vehicle (stock number ${row.stocknum}).` : ID_TAKEN(car.id));
      if (row.site === writer.site && row.slug === car.slug) (errors.slug ??= []).push(`slug "${car.slug}" is used by another vehicle.`);
    }
    if (Object.keys(errors).length) conflicts.push({ index, stocknum: car.stocknum, errors });
  });
  if (conflicts.length) return { ok: false, conflicts };
  const changed = cars
    .filter((car) => stored.get(car.stocknum)?.data !== JSON.stringify(car))
    .map((car) => (renew.stocknums.has(car.stocknum) && stored.has(car.stocknum) ? { ...car, updated_at: renew.now } : car));
  const deleting = deletes.filter((s) => stored.has(s));
  // A car re-sent under a new id leaves its old id behind: the change log names both.
  const changedIds = new Set([
    ...changed.flatMap((car) => [car.id, stored.get(car.stocknum)?.id ?? car.id]),
    ...deleting.map((s) => stored.get(s)!.id),
  ]);
  return { ok: true, changed, unchanged: cars.length - changed.length, deleting, changedIds: [...changedIds] };
}

/**
 * Applies the plan in one D1 batch (one transaction) with the site's stock version bump and its change log entry,
 * then tells `changed` (a failure there is logged: the scheduled reconciliation catches the site up). Each car written
 * takes the new version as its own (`vehicles.stock_version`). `photosOnly` (the photo consumer's write: nothing but
 * its cars' photos changed) leaves the site's listing version where it was (ADR 0123).
 */
export async function applyBatch(
  db: D1Database,
  writer: StockWriter,
  plan: Extract<PlanResult, { ok: true }>,
  now: string,
  changed?: StockChanged,
  options: { readAs?: ReadonlyMap<string, string>; photosOnly?: true } = {},
): Promise<BatchOutcome> {
  if (plan.changed.length === 0 && plan.deleting.length === 0) {
    return { upserted: 0, deleted: 0, unchanged: plan.unchanged, version: await readSiteStockVersion(db, writer.site) };
  }
  // The version first: each car written takes it as its own (a car page is kept by it, ADR 0123).
  const bump = db.prepare(options.photosOnly ? BUMP_SITE_STOCK_VERSION_FOR_PHOTOS_SQL : BUMP_SITE_STOCK_VERSION_SQL).bind(writer.site, now);
  const upsert = db.prepare(
    `INSERT INTO vehicles (id, site, dealership_id, slug, stocknum, status, item_type, updated_at, data, stock_version)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, (SELECT version FROM stock_versions WHERE site = ?2))
     ON CONFLICT(dealership_id, stocknum) DO UPDATE SET
       id = excluded.id, site = excluded.site, slug = excluded.slug, status = excluded.status,
       item_type = excluded.item_type, updated_at = excluded.updated_at, data = excluded.data, stock_version = excluded.stock_version`,
  );
  // A car rewritten from what was read (the photo consumer's refresh) is written only while it is still that: a car
  // deleted or changed by a feed in between is left as the feed has it, never brought back.
  const guarded = db.prepare(
    "UPDATE vehicles SET data = ?1, stock_version = (SELECT version FROM stock_versions WHERE site = vehicles.site) WHERE dealership_id = ?2 AND stocknum = ?3 AND data = ?4",
  );
  const statements = [
    bump,
    ...plan.changed.map((car) => {
      const read = options.readAs?.get(car.stocknum);
      return read === undefined
        ? upsert.bind(car.id, writer.site, writer.dealershipId, car.slug, car.stocknum, car.status, car.item_type, car.updated_at, JSON.stringify(car))
        : guarded.bind(JSON.stringify(car), writer.dealershipId, car.stocknum, read);
    }),
    db
      .prepare("DELETE FROM vehicles WHERE dealership_id = ? AND stocknum IN (SELECT value FROM json_each(?))")
      .bind(writer.dealershipId, json(plan.deleting)),
    db
      .prepare(
        `INSERT OR IGNORE INTO stock_changes (site, version, vehicle_id, changed_at)
         SELECT ?1, (SELECT version FROM stock_versions WHERE site = ?1), value, ?2 FROM json_each(?3)`,
      )
      .bind(writer.site, now, json(plan.changedIds)),
  ];
  const results = await db.batch<{ version: number }>(statements);
  const version = results[0]?.results[0]?.version ?? 0;
  await changed?.({ site: writer.site, version }).catch((error: unknown) => console.error("[mf-search] stock change not queued for search", writer.site, version, error));
  return { upserted: plan.changed.length, deleted: plan.deleting.length, unchanged: plan.unchanged, version };
}

/**
 * The photo consumer's write (ADR 0067): cars brought up to date from what was read, under their own dealership. Only
 * their photos changed (refreshCarsShowing), so the site's listing version stays (ADR 0123).
 */
export function carsWriterAsRead(db: D1Database, now: string, changed?: StockChanged): WriteCarsAsRead {
  return async (owner, cars, readAs) => {
    const plan = { ok: true as const, changed: cars, unchanged: 0, deleting: [], changedIds: cars.map((car) => car.id) };
    return (await applyBatch(db, { ...owner, dealershipSlug: "" }, plan, now, changed, { readAs, photosOnly: true })).upserted;
  };
}

/** Vehicles one listing answers (about 2.5 MB of records): a yard of 25,000 in one D1 answer would pass its 50 MB limit. */
export const VEHICLES_PER_LISTING = 500;

/** The dealership's vehicle with this stock number, or a page of its vehicles in stock-number order after `after`. */
export async function findVehicles(db: D1Database, writer: StockWriter, stocknum: string | undefined, after = ""): Promise<Car[]> {
  const query = stocknum
    ? db.prepare("SELECT data FROM vehicles WHERE dealership_id = ? AND stocknum = ?").bind(writer.dealershipId, stocknum)
    : db.prepare("SELECT data FROM vehicles WHERE dealership_id = ? AND stocknum > ? ORDER BY stocknum LIMIT ?").bind(writer.dealershipId, after, VEHICLES_PER_LISTING);
  const { results } = await query.all<{ data: string }>();
  return results.map((row) => JSON.parse(row.data) as Car);
}
