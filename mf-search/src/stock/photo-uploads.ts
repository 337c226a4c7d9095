import { recordAudit } from "@dealer/shared/audit";
import { type Car, parseWithFieldErrors } from "@dealer/shared/contract";
import { isPhotoHash, PHOTO_LIMITS, PHOTO_REASONS, photoHashOf, type StoredPhotoEntry, uploadedPhotoEntry } from "@dealer/shared/media";
import { auditBy } from "@dealer/shared/staff";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { stockChangeNotifier } from "../search-backend/push-messages";
import { checkAndStorePhoto } from "./photos/photo-check";
import { hashesIn, pruneUnreferenced } from "./photos/photo-prune";
import { applyBatch } from "./stock-store";
import type { StockEnv } from "./write-key";

/**
 * A car's photos by upload (issue 30 goal 2, ADR 0075), under /api/stock/vehicles/{stocknum}/photos with the
 * dealership's write key: multipart files go through the very check and R2 store the photo queue uses
 * (photos/photo-check.ts), then into the car's photo list at a position, with alt text; a photo is deleted or the list
 * reordered by position or content hash. Every change is written like a feed's (stock version, change log, search).
 */
type StockContext = Context<StockEnv>;

const LIMIT = PHOTO_LIMITS;
const ref = z.union([z.number().int().min(0).max(LIMIT.perCar), z.string().regex(/^(\d{1,3}|[0-9a-f]{64})$/, "a position (0, 1, …) or a photo's hash")]);
const uploadFieldsSchema = z
  .object({
    position: z.coerce.number().int("a whole number").min(0).max(LIMIT.perCar).optional(),
    primary: z.enum(["true", "false"], "true or false").optional(),
    alt: z.array(z.string().trim().max(LIMIT.maxAltText, `at most ${LIMIT.maxAltText} characters`)).max(LIMIT.maxUploadFiles),
  })
  .strict();
const orderSchema = z.object({ order: z.array(ref).min(1).max(LIMIT.perCar) }).strict();
/** A photo's alt text: what a screen reader says for it; empty or null goes back to the gallery's generic words. */
const altSchema = z.object({ alt: z.string("text, or null").trim().max(LIMIT.maxAltText, `at most ${LIMIT.maxAltText} characters`).nullable() }).strict();

type PhotoChange = "upload" | "delete" | "order" | "alt";

const entriesOf = (car: Car) => car.images as StoredPhotoEntry[];

/** The car's photo list as the API answers it: each photo's position, hash (when held), address and alt text. */
const photoList = (entries: StoredPhotoEntry[]) =>
  entries.map((entry, position) => ({
    position,
    hash: photoHashOf(entry.image.url),
    url: entry.image.url,
    source: entry.photo?.source ?? entry.image.url,
    status: entry.photo?.status ?? "ready",
    width: entry.photo?.width ?? null,
    height: entry.photo?.height ?? null,
    alt: entry.photo?.alt ?? null,
  }));

/** The index a reference names in the list: a position, or the first photo held under that hash; -1 for none. */
function indexOf(entries: StoredPhotoEntry[], reference: string | number): number {
  const text = String(reference);
  if (/^\d{1,3}$/.test(text)) return Number(text) < entries.length ? Number(text) : -1;
  return isPhotoHash(text) ? entries.findIndex((entry) => photoHashOf(entry.image.url) === text) : -1;
}

/**
 * The copies a write dropped from its cars (a car deleted, a photo list replaced) are deleted from R2 once no other car
 * of the site shows them (ADR 0080), after the answer; the hourly sweep catches any this misses.
 */
export function pruneDropped(c: StockContext, before: ReadonlySet<string>, after: ReadonlySet<string>) {
  const dropped = [...before].filter((hash) => !after.has(hash));
  if (!dropped.length) return;
  const site = c.get("writer").site;
  c.executionCtx.waitUntil(pruneUnreferenced(c.env, site, dropped).catch((error) => console.error(`[mf-search] ${site}: photo copies not pruned`, error)));
}

export const notFound = (c: StockContext) => c.json({ message: "This dealership has no vehicle with that stock number." }, 404);

/** A JSON body read with its schema, or the 400 saying what the body must be (`shape`) or naming each bad field. */
export async function jsonBody<T extends z.ZodType>(c: StockContext, schema: T, shape: string, invalid: string): Promise<{ data: z.infer<T> } | { error: Response }> {
  const body = await c.req.json().catch(() => undefined);
  if (body === undefined) return { error: c.json({ message: `The body must be JSON: ${shape}.` }, 400) };
  const parsed = parseWithFieldErrors(schema, body);
  return parsed.ok ? { data: parsed.data } : { error: c.json({ message: invalid, errors: parsed.fieldErrors }, 400) };
}

/** The car as stored (its JSON text too: the write happens only while the car is still as read). */
export async function readCar(c: StockContext): Promise<StoredCar | null> {
  const row = await c.env.DB.prepare("SELECT data FROM vehicles WHERE dealership_id = ? AND stocknum = ?")
    .bind(c.get("writer").dealershipId, c.req.param("stocknum") ?? "")
    .first<{ data: string }>();
  return row ? { read: row.data, car: JSON.parse(row.data) as Car } : null;
}
export type StoredCar = { read: string; car: Car };

/**
 * Writes the car with these changes like a feed's change (stock version, change log, search) and answers `body` of it;
 * 409 when a feed or another request changed it meanwhile. The copies the change dropped are pruned (ADR 0080). A
 * staff member's change is audited with `audit` as its detail (ADR 0078).
 */
export async function writeCar(c: StockContext, { read, car }: StoredCar, changes: Partial<Car>, body: (car: Car) => object, status: 200 | 201 = 200, audit?: Record<string, unknown>) {
  const now = new Date().toISOString();
  const next: Car = { ...car, ...changes, updated_at: now };
  const writer = c.get("writer");
  const plan = { ok: true as const, changed: [next], unchanged: 0, deleting: [], changedIds: [car.id] };
  await applyBatch(c.env.DB, writer, plan, now, stockChangeNotifier(c.env), { readAs: new Map([[car.stocknum, read]]) });
  const stored = await c.env.DB.prepare("SELECT data FROM vehicles WHERE dealership_id = ? AND stocknum = ?").bind(writer.dealershipId, car.stocknum).first<{ data: string }>();
  if (stored?.data !== JSON.stringify(next)) return c.json({ message: "The vehicle changed while its media were saved (another request or a feed); nothing was changed. Send again." }, 409);
  pruneDropped(c, hashesIn([read]), hashesIn([stored.data]));
  const staff = c.get("staff");
  if (staff && audit) await recordAudit(c.env.DB, auditBy(staff, { action: "stock.photos", subject: car.stocknum, detail: audit }));
  return c.json(body(next), status);
}

/** Writes the car with these photos (the first is its card's picture). */
const writePhotos = (c: StockContext, stored: StoredCar, entries: StoredPhotoEntry[], change: PhotoChange, status: 200 | 201 = 200) =>
  writeCar(c, stored, { images: entries, primary_image_url: entries[0]?.image.url ?? null }, (car) => ({ stocknum: car.stocknum, photos: photoList(entries) }), status, { change, photos: entries.length });

/** A multipart upload's files and fields, or the 400 naming what is wrong. */
async function readUpload(c: StockContext) {
  const form = await c.req.formData().catch(() => null);
  if (!form) return { error: c.json({ message: "The body must be multipart/form-data with one or more files in `photo`." }, 400) };
  const files = form.getAll("photo");
  const fields: Record<string, unknown> = { alt: form.getAll("alt") };
  for (const [name, value] of form.entries()) {
    if (name !== "photo" && name !== "alt") fields[name] = value;
  }
  const parsed = parseWithFieldErrors(uploadFieldsSchema, fields);
  const errors = parsed.ok ? {} : { ...parsed.fieldErrors };
  if (!files.length) errors.photo = ["Send at least one file in `photo`."];
  else if (files.length > LIMIT.maxUploadFiles) errors.photo = [`At most ${LIMIT.maxUploadFiles} files a request.`];
  else if (files.some((file) => typeof file === "string")) errors.photo = ["Each `photo` must be a file, not text."];
  if (parsed.ok && parsed.data.alt.length > files.length) errors.alt = ["One alt text per photo at most, in the photos' order."];
  if (!parsed.ok || Object.keys(errors).length) return { error: c.json({ message: "Invalid upload.", errors }, 400) };
  return { files: files as File[], fields: parsed.data };
}

export function mountPhotoUploads(app: Hono<StockEnv>) {
  app.get("/vehicles/:stocknum/photos", async (c) => {
    const stored = await readCar(c);
    return stored ? c.json({ stocknum: stored.car.stocknum, photos: photoList(entriesOf(stored.car)) }) : notFound(c);
  });

  app.post("/vehicles/:stocknum/photos", async (c) => {
    const upload = await readUpload(c);
    if ("error" in upload) return upload.error;
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    const entries = entriesOf(stored.car);
    if (entries.length + upload.files.length > LIMIT.perCar) {
      return c.json({ message: "Invalid upload.", errors: { photo: [`At most ${LIMIT.perCar} photos a vehicle: this one has ${entries.length}.`] } }, 400);
    }
    // One file at a time: a Worker holds each one's bytes only while it is checked.
    const added: StoredPhotoEntry[] = [];
    const rejected: { index: number; name: string; reason: string }[] = [];
    for (const [index, file] of upload.files.entries()) {
      const outcome =
        file.size > LIMIT.maxBytes
          ? { state: { status: "failed" as const, reason: PHOTO_REASONS.tooLarge } }
          : await checkAndStorePhoto(c.env, c.get("writer").site, new Uint8Array(await file.arrayBuffer()));
      if (outcome.state.status === "ready") added.push(uploadedPhotoEntry(outcome.state, upload.fields.alt[index] || undefined));
      else rejected.push({ index, name: file.name.slice(0, 200), reason: outcome.state.reason });
    }
    if (rejected.length) {
      return c.json({ message: `${rejected.length} of ${upload.files.length} photo(s) refused; the vehicle's photos are unchanged.`, rejected }, 400);
    }
    const at = upload.fields.primary === "true" ? 0 : Math.min(upload.fields.position ?? entries.length, entries.length);
    return writePhotos(c, stored, [...entries.slice(0, at), ...added, ...entries.slice(at)], "upload", 201);
  });

  app.delete("/vehicles/:stocknum/photos/:ref", async (c) => {
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    const entries = entriesOf(stored.car);
    const index = indexOf(entries, c.req.param("ref"));
    if (index < 0) return c.json({ message: "The vehicle has no photo at that position or with that hash." }, 404);
    return writePhotos(c, stored, entries.toSpliced(index, 1), "delete");
  });

  app.put("/vehicles/:stocknum/photos/order", async (c) => {
    const parsed = await jsonBody(c, orderSchema, '{ "order": [position or hash, …] }', "Invalid order.");
    if ("error" in parsed) return parsed.error;
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    const entries = entriesOf(stored.car);
    const indices = parsed.data.order.map((reference) => indexOf(entries, reference));
    const unknown = parsed.data.order.filter((_, i) => (indices[i] ?? -1) < 0);
    if (unknown.length) return c.json({ message: "Invalid order.", errors: { order: [`No photo of this vehicle is ${unknown.join(", ")}.`] } }, 400);
    if (new Set(indices).size !== indices.length || indices.length !== entries.length) {
      return c.json({ message: "Invalid order.", errors: { order: [`Name each of the vehicle's ${entries.length} photos once.`] } }, 400);
    }
    return writePhotos(c, stored, indices.map((index) => entries[index] as StoredPhotoEntry), "order");
  });

  app.patch("/vehicles/:stocknum/photos/:ref", async (c) => {
    const parsed = await jsonBody(c, altSchema, '{ "alt": "words" } (or null to remove them)', "Invalid alt text.");
    if ("error" in parsed) return parsed.error;
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    const entries = entriesOf(stored.car);
    const index = indexOf(entries, c.req.param("ref"));
    const entry = entries[index];
    if (!entry) return c.json({ message: "The vehicle has no photo at that position or with that hash." }, 404);
    const { alt: _old, ...photo } = entry.photo ?? { source: entry.image.url, status: "ready" as const };
    const alt = parsed.data.alt || undefined;
    return writePhotos(c, stored, entries.with(index, { ...entry, photo: alt ? { ...photo, alt } : photo }), "alt");
  });
}
