import type { Car } from "@dealer/shared/contract";
import { interiorImageOf, isDealerPhotoUrl, isUploadSource, keepUploads, type PhotoState, type StoredPhotoEntry, storedPhotoEntry } from "@dealer/shared/media";
import type { PhotoMessage } from "./photo-message";

/**
 * A dealer's photo URLs in the platform's stock (ADR 0067). A car's stored `images` always point at the platform: the
 * copy in R2 when it is held, the placeholder while it is fetched or when it failed; each entry keeps the dealer's URL
 * as `photo.source`. The feed's write resolves them (so a re-sent feed compares equal to what is stored), and the
 * queue consumer brings each car up to date when one of its URLs is settled.
 */

/** Whose photos these are: the stock API's writer has these; photos never import the stock (it imports them). */
type PhotoOwner = { site: string; dealershipId: number };
/** The stock's own write of cars rewritten from what was read (each only while still as read), handed in by the worker. */
export type WriteCarsAsRead = (owner: PhotoOwner, cars: Car[], readAs: ReadonlyMap<string, string>) => Promise<number>;

const json = (value: unknown) => JSON.stringify(value);
const unique = <T>(values: T[]) => [...new Set(values)];

type PhotoRow = {
  url: string;
  status: PhotoState["status"];
  hash: string | null;
  width: number | null;
  height: number | null;
  colour: string | null;
  reason: string | null;
  updated_at: string;
};
/** A URL pending longer than this lost its queue message (a failed send): a later batch naming it queues it again. */
const STALE_PENDING_MS = 60 * 60 * 1000;

export const photoStateOf = (row: PhotoRow | undefined): PhotoState =>
  row?.status === "ready" && row.hash
    ? { status: "ready", hash: row.hash, width: row.width ?? 0, height: row.height ?? 0, colour: row.colour ?? "#808080" }
    : row?.status === "failed"
      ? { status: "failed", reason: row.reason ?? "" }
      : { status: "pending" };

/** What the platform knows of these URLs of the site; a URL it has never seen is absent. */
export async function photoRows(db: D1Database, site: string, urls: string[]): Promise<Map<string, PhotoRow>> {
  if (!urls.length) return new Map();
  const { results } = await db
    .prepare("SELECT url, status, hash, width, height, colour, reason, updated_at FROM photos WHERE site = ? AND url IN (SELECT value FROM json_each(?))")
    .bind(site, json(urls))
    .all<PhotoRow>();
  return new Map(results.map((row) => [row.url, row]));
}

const entriesOf = (car: Pick<Car, "images">) => car.images as StoredPhotoEntry[];
const photoSourceOf = (entry: StoredPhotoEntry) => entry.photo?.source ?? entry.image.url;
/** The dealer's URL of each photo of a car, as the feed sent it or as stored. */
export const photoSourcesOf = (car: Pick<Car, "images">) => entriesOf(car).map(photoSourceOf);
const dealerSourcesOf = (car: Pick<Car, "images">) => photoSourcesOf(car).filter(isDealerPhotoUrl);

/** The feed report's position of a car's interior panorama (`spin_interior_image`): the gallery's photos are 0 and up. */
export const INTERIOR_REPORT_POSITION = -1;
/** The dealer's URL of a car's interior panorama, when the feed named one (ADR 0105). */
const interiorSourceOf = (car: Pick<Car, "spin_interior_source">) => (car.spin_interior_source && isDealerPhotoUrl(car.spin_interior_source) ? [car.spin_interior_source] : []);

/** The car with its Interior view's address brought up to date from where the interior came from (ADR 0105). */
function withInteriorShown(car: Car, rows: Map<string, PhotoRow>): Car {
  const { spin_interior_source: source, spin_interior_upload: upload } = car;
  if (!source && !upload) return car;
  return { ...car, spin_interior_image: interiorImageOf(source, upload, photoStateOf(source ? rows.get(source) : undefined)) };
}

/**
 * A feed's car with its interior kept as the platform keeps it: the feed's `spin_interior_image` becomes its source, the
 * stored car's upload stays (an upload wins over the feed, ADR 0105); what a record sends in those two fields is replaced.
 */
function withFeedInterior(car: Car, storedUpload: string | null): Car {
  const source = car.spin_interior_image ?? null;
  if (!source && !storedUpload) return { ...car, spin_interior_source: undefined, spin_interior_upload: undefined };
  return { ...car, spin_interior_source: source ?? undefined, spin_interior_upload: storedUpload ?? undefined };
}

/** The car with these photo entries; a car with a dealer's photos headlines its first (the card's picture). */
function withEntries(car: Car, entries: StoredPhotoEntry[]): Car {
  const first = entries[0]?.image.url ?? null;
  return { ...car, images: entries, primary_image_url: entries.some((entry) => entry.photo) ? first : car.primary_image_url };
}

/**
 * Each of these sources as the entry the platform stores for it: a dealer's URL in its state; an upload or a platform
 * picture as the entry `known` has for it (the stored car's first: a feed cannot restate an upload). An upload known
 * nowhere (deleted meanwhile) is left out.
 */
function resolveEntries(sources: string[], rows: Map<string, PhotoRow>, known: StoredPhotoEntry[]): StoredPhotoEntry[] {
  const bySource = new Map<string, StoredPhotoEntry>();
  for (const entry of known) if (!bySource.has(photoSourceOf(entry))) bySource.set(photoSourceOf(entry), entry);
  return sources.flatMap((source) => {
    if (isDealerPhotoUrl(source)) return [storedPhotoEntry(source, photoStateOf(rows.get(source)))];
    const entry = bySource.get(source);
    if (entry) return [entry];
    return isUploadSource(source) ? [] : [{ image: { url: source, thumb: { url: source } } }];
  });
}

export interface FeedPhotos {
  cars: Car[];
  /** Per stock number, the photo URLs still being fetched. */
  pending: Map<string, string[]>;
  /** Cars keeping their stored photos until these new ones are settled. */
  waits: { stocknum: string; urls: string[] }[];
  /** URLs to queue: never seen, failed before (a re-sent feed tries them again) or long pending. */
  toFetch: string[];
  /** Every dealer photo of the batch by record, for the feed report. */
  report: [string, number, string][];
  /** Per stock number, the feed's photo URLs left out because the car's uploads and these pass 100 (ADR 0080). */
  dropped: Map<string, string[]>;
  /** URLs the cars show from a copy held when they were read: one pruned before the write is fetched again (ADR 0084). */
  held: string[];
}

/**
 * A batch's cars with their photos resolved (see the module comment). A stored car whose photo list changed keeps its
 * stored photos while any new one is still pending: the new list waits (photo_waits) and replaces them when settled.
 */
export async function resolveFeedPhotos(db: D1Database, writer: PhotoOwner, cars: Car[], now: Date): Promise<FeedPhotos> {
  const outcome: FeedPhotos = { cars, pending: new Map(), waits: [], toFetch: [], report: [], dropped: new Map(), held: [] };
  if (!cars.length) return outcome;
  // Every car's stored photos, not only those the batch sends photos for: a car's uploads outlive a feed (ADR 0080).
  const stored = await db
    .prepare(
      "SELECT stocknum, data -> '$.images' AS images, data ->> '$.spin_interior_upload' AS interior_upload FROM vehicles WHERE dealership_id = ? AND stocknum IN (SELECT value FROM json_each(?))",
    )
    .bind(writer.dealershipId, json(cars.map((car) => car.stocknum)))
    .all<{ stocknum: string; images: string | null; interior_upload: string | null }>();
  const storedImages = new Map(stored.results.map((row) => [row.stocknum, JSON.parse(row.images ?? "[]") as StoredPhotoEntry[]]));
  const storedUploads = new Map(stored.results.map((row) => [row.stocknum, row.interior_upload]));
  cars = cars.map((car) => withFeedInterior(car, storedUploads.get(car.stocknum) ?? null));
  const urls = unique(cars.flatMap((car) => [...dealerSourcesOf(car), ...interiorSourceOf(car)]));
  const rows = await photoRows(db, writer.site, urls);
  const queued = (row: PhotoRow | undefined) => row?.status === "ready" || (row?.status === "pending" && now.getTime() - Date.parse(row.updated_at) < STALE_PENDING_MS);
  outcome.toFetch = urls.filter((url) => !queued(rows.get(url)));
  outcome.held = urls.filter((url) => rows.get(url)?.status === "ready");
  outcome.cars = cars.map((fedCar) => {
    // The interior's URL is fetched and reported like a photo; it shows its copy, or the placeholder, once settled.
    const car = withInteriorShown(fedCar, rows);
    const interior = interiorSourceOf(car);
    for (const url of interior) {
      outcome.report.push([car.stocknum, INTERIOR_REPORT_POSITION, url]);
      if (photoStateOf(rows.get(url)).status === "pending") outcome.pending.set(car.stocknum, [url]);
    }
    const old = storedImages.get(car.stocknum) ?? [];
    const fed = photoSourcesOf(car);
    const { sources, dropped } = keepUploads(fed, old);
    if (dropped.length) outcome.dropped.set(car.stocknum, dropped);
    const dealer = sources.filter(isDealerPhotoUrl);
    if (!dealer.length && sources.length === fed.length) return car;
    sources.forEach((url, position) => {
      if (isDealerPhotoUrl(url)) outcome.report.push([car.stocknum, position, url]);
    });
    const pending = [...dealer, ...interior].filter((url) => photoStateOf(rows.get(url)).status === "pending");
    if (pending.length) outcome.pending.set(car.stocknum, pending);
    const changedList = json(photoSourcesOf({ images: old })) !== json(sources);
    if (pending.length && old.length && changedList) {
      // The feed's own list waits: the uploads are placed again when it is taken, as they are then.
      outcome.waits.push({ stocknum: car.stocknum, urls: fed.filter((source) => !dropped.includes(source)) });
      return withEntries(car, old);
    }
    return withEntries(car, resolveEntries(sources, rows, [...old, ...entriesOf(car)]));
  });
  return outcome;
}

/**
 * After the batch's write: new URLs are pending, the waits and the feed report are kept, and the URLs to fetch are
 * queued (last, so the consumer finds everything it updates). The batch's id, or null when it named no dealer photo.
 */
export async function recordFeedPhotos(
  db: D1Database,
  queue: Queue<PhotoMessage> | undefined,
  writer: PhotoOwner,
  photos: FeedPhotos,
  now: string,
): Promise<string | null> {
  if (!photos.report.length) return null;
  const batch = crypto.randomUUID();
  const waiting = new Set(photos.waits.map((wait) => wait.stocknum));
  const settled = unique(photos.report.map(([stocknum]) => stocknum)).filter((stocknum) => !waiting.has(stocknum));
  const [, , , , , lost] = await db.batch<{ url: string }>([
    db
      .prepare(
        "INSERT INTO photos (site, url, status, updated_at) SELECT ?, value, 'pending', ? FROM json_each(?) WHERE true ON CONFLICT (site, url) DO UPDATE SET updated_at = excluded.updated_at",
      )
      .bind(writer.site, now, json(photos.toFetch)),
    db
      .prepare(
        `INSERT INTO photo_waits (dealership_id, stocknum, site, urls) SELECT ?1, value ->> '$.stocknum', ?2, value -> '$.urls' FROM json_each(?3) WHERE true
          ON CONFLICT (dealership_id, stocknum) DO UPDATE SET urls = excluded.urls`,
      )
      .bind(writer.dealershipId, writer.site, json(photos.waits)),
    // A car sent again with its stored list (or one all held) waits for nothing.
    db.prepare("DELETE FROM photo_waits WHERE dealership_id = ? AND stocknum IN (SELECT value FROM json_each(?))").bind(writer.dealershipId, json(settled)),
    db.prepare("INSERT INTO feed_batches (id, site, dealership_id, created_at) VALUES (?, ?, ?, ?)").bind(batch, writer.site, writer.dealershipId, now),
    db
      .prepare("INSERT INTO feed_batch_photos (batch_id, stocknum, position, url) SELECT ?, value ->> '$[0]', value ->> '$[1]', value ->> '$[2]' FROM json_each(?)")
      .bind(batch, json(photos.report)),
    // A held URL whose row is gone was pruned between the feed's read and its write (ADR 0084): the car shows a copy
    // that is no more, so the URL is fetched again (the same bytes are the same copy, under the URL the car shows).
    db
      .prepare("INSERT INTO photos (site, url, status, updated_at) SELECT ?, value, 'pending', ? FROM json_each(?) WHERE true ON CONFLICT (site, url) DO NOTHING RETURNING url")
      .bind(writer.site, now, json(photos.held)),
  ]);
  const lostUrls = (lost?.results ?? []).map((row) => row.url);
  if (lostUrls.length) {
    // The batch's cars show those URLs as held, so no trigger listed them (migration 0065): listed here, the copy the
    // fetch brings back reaches them even if its bytes changed meanwhile.
    await db
      .prepare(
        `INSERT OR IGNORE INTO cars_by_unsettled_photo (site, source, car_id) SELECT ?1, l.value, v.id FROM json_each(?2) l
           JOIN vehicles v ON v.dealership_id = ?3 AND v.stocknum IN (SELECT value FROM json_each(?4))
          WHERE EXISTS (SELECT 1 FROM json_each(v.data, '$.images') j WHERE j.value ->> '$.photo.source' = l.value)`,
      )
      .bind(writer.site, json(lostUrls), writer.dealershipId, json(photos.report.map(([stocknum]) => stocknum)))
      .run();
  }
  const refetch = [...photos.toFetch, ...lostUrls];
  await queuePhotos(queue, refetch.map((url) => ({ site: writer.site, url })));
  return batch;
}

/**
 * Queue messages go 100 to a send (the Queues limit per sendBatch). The cars are written by now: a failed send is
 * logged, never the feed's error, and its URLs stay pending until a later batch names them again.
 */
async function queuePhotos(queue: Queue<PhotoMessage> | undefined, messages: PhotoMessage[]): Promise<void> {
  if (!messages.length) return;
  try {
    if (!queue) throw new Error("the photo queue (PHOTO_QUEUE) is not bound");
    for (let start = 0; start < messages.length; start += 100) {
      await queue.sendBatch(messages.slice(start, start + 100).map((body) => ({ body, contentType: "json" })));
    }
  } catch (error) {
    console.error("[mf-search] photo URLs not queued", messages.length, error);
  }
}

export interface PhotoReportEntry {
  stocknum: string;
  position: number;
  url: string;
  status: PhotoState["status"];
  reason: string | null;
  attempts: number;
  width: number | null;
  height: number | null;
}

/** The feed report of one batch of this dealership: each photo's outcome now, with its reason; null for another's batch. */
export async function feedReport(db: D1Database, writer: PhotoOwner, batch: string) {
  const head = await db
    .prepare("SELECT id, created_at FROM feed_batches WHERE id = ? AND dealership_id = ?")
    .bind(batch, writer.dealershipId)
    .first<{ id: string; created_at: string }>();
  if (!head) return null;
  const { results } = await db
    .prepare(
      `SELECT b.stocknum, b.position, b.url, coalesce(p.status, 'pending') AS status, p.reason, coalesce(p.attempts, 0) AS attempts, p.width, p.height
         FROM feed_batch_photos b LEFT JOIN photos p ON p.site = ? AND p.url = b.url
        WHERE b.batch_id = ? ORDER BY b.stocknum, b.position`,
    )
    .bind(writer.site, batch)
    .all<PhotoReportEntry>();
  const count = (status: PhotoState["status"]) => results.filter((row) => row.status === status).length;
  return { batch: head.id, created_at: head.created_at, ready: count("ready"), pending: count("pending"), failed: count("failed"), photos: results };
}

/**
 * URLs of the site were settled (ready or failed): every car that shows one not yet ready (found by key in
 * cars_by_unsettled_photo, migration 0065), or waits for one, is brought up to date,
 * once for all of them (a consumer batch's URLs are settled together: one stock write per dealership, not one per photo
 * and car, ADR 0088). A waiting car takes its new list once none of it is pending. Written like a feed's change (stock
 * version, change log, search push), under the car's own dealership, and only while the car is still as it was read.
 */
export async function refreshCarsShowing(db: D1Database, site: string, urls: string[], writeCars: WriteCarsAsRead): Promise<number> {
  if (!urls.length) return 0;
  const { results } = await db
    .prepare(
      `SELECT v.dealership_id, v.data, w.urls AS wait FROM vehicles v
         LEFT JOIN photo_waits w ON w.dealership_id = v.dealership_id AND w.stocknum = v.stocknum
        WHERE v.id IN (SELECT c.car_id FROM cars_by_unsettled_photo c WHERE c.site = ?1 AND c.source IN (SELECT value FROM json_each(?2)))
           OR (v.dealership_id, v.stocknum) IN (SELECT pw.dealership_id, pw.stocknum FROM photo_waits pw
                WHERE pw.site = ?1 AND EXISTS (SELECT 1 FROM json_each(pw.urls) u WHERE u.value IN (SELECT value FROM json_each(?2))))`,
    )
    .bind(site, json(unique(urls)))
    .all<{ dealership_id: number; data: string; wait: string | null }>();
  if (!results.length) return 0;
  const cars = results.map((row) => ({ dealershipId: row.dealership_id, read: row.data, car: JSON.parse(row.data) as Car, wait: row.wait ? (JSON.parse(row.wait) as string[]) : null }));
  const rows = await photoRows(db, site, unique(cars.flatMap(({ car, wait }) => [...dealerSourcesOf(car), ...interiorSourceOf(car), ...(wait ?? [])])));
  const byDealership = new Map<number, { cars: Car[]; readAs: Map<string, string> }>();
  const doneWaits: [number, string][] = [];
  for (const { dealershipId, read, car, wait } of cars) {
    const waitDone = wait?.filter(isDealerPhotoUrl).every((source) => photoStateOf(rows.get(source)).status !== "pending") ?? false;
    // A waiting list is taken with the car's uploads as they are now (ADR 0080).
    const sources = waitDone && wait ? keepUploads(wait, entriesOf(car)).sources : photoSourcesOf(car);
    if (waitDone) doneWaits.push([dealershipId, car.stocknum]);
    const next = withInteriorShown(withEntries(car, resolveEntries(sources, rows, entriesOf(car))), rows);
    if (json(next) === json(car)) continue;
    const group = byDealership.get(dealershipId) ?? { cars: [] as Car[], readAs: new Map<string, string>() };
    group.cars.push(next);
    group.readAs.set(car.stocknum, read);
    byDealership.set(dealershipId, group);
  }
  if (doneWaits.length) {
    await db.prepare("DELETE FROM photo_waits WHERE (dealership_id, stocknum) IN (SELECT value ->> '$[0]', value ->> '$[1]' FROM json_each(?))").bind(json(doneWaits)).run();
  }
  let written = 0;
  for (const [dealershipId, { cars: changedCars, readAs }] of byDealership) {
    written += await writeCars({ site, dealershipId }, changedCars, readAs);
  }
  return written;
}

/**
 * How many feed reports a site keeps (ADR 0071): the last 30 days', at most its 100 newest. A dealer's system reads a
 * report within minutes of its batch; a DMS sending every 15 minutes makes 2,880 batches a month, so the count bounds
 * the table however often a site sends. Older reports answer 404 like an unknown id.
 */
export const FEED_REPORTS_KEPT = { days: 30, perSite: 100 } as const;
const PRUNE_CHUNK = 200;

/** Drops the feed reports past what a site keeps, a chunk at a time; run by the hourly cron, never by a request. */
export async function pruneFeedBatches(db: D1Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FEED_REPORTS_KEPT.days * 86_400_000).toISOString();
  const expired = db.prepare(
    `SELECT id FROM feed_batches WHERE created_at < ?1
     UNION SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY site ORDER BY created_at DESC, id DESC) AS newer FROM feed_batches) WHERE newer > ?2
     LIMIT ?3`,
  );
  let removed = 0;
  for (;;) {
    const { results } = await expired.bind(before, FEED_REPORTS_KEPT.perSite, PRUNE_CHUNK).all<{ id: string }>();
    if (!results.length) return removed;
    const ids = JSON.stringify(results.map((row) => row.id));
    await db.batch([
      db.prepare("DELETE FROM feed_batch_photos WHERE batch_id IN (SELECT value FROM json_each(?))").bind(ids),
      db.prepare("DELETE FROM feed_batches WHERE id IN (SELECT value FROM json_each(?))").bind(ids),
    ]);
    removed += results.length;
    if (results.length < PRUNE_CHUNK) return removed;
  }
}
