import { interiorImageOf, MEDIA_LIMITS, PHOTO_LIMITS, PHOTO_PATH_PREFIX, PHOTO_REASONS, sniffVideoType, VIDEO_MIME, vehicleImageUrl, videoUrl } from "@dealer/shared/media";
import type { Car } from "@dealer/shared/contract";
import type { Context, Hono } from "hono";
import { checkAndStorePhoto } from "./photos/photo-check";
import { photoRows, photoStateOf } from "./photos/photo-store";
import { notFound, readCar, writeCar } from "./photo-uploads";
import type { StockEnv } from "./write-key";

/**
 * A car's 360 spin and walkaround video by upload (issue 30 goal 2, ADR 0080), with the dealership's write key:
 *   PUT    /vehicles/{stocknum}/spin   multipart `frame` files in turning order: the car's spin, replaced whole
 *   DELETE /vehicles/{stocknum}/spin
 *   PUT    /vehicles/{stocknum}/video  multipart one `video` file (WebM or MP4): the car's walkaround, replaced
 *   DELETE /vehicles/{stocknum}/video
 *   PUT    /vehicles/{stocknum}/interior  multipart one `panorama` file: the car's interior panorama, replaced (ADR 0102)
 *   DELETE /vehicles/{stocknum}/interior
 * Frames and the panorama go through the photo pipeline's own check and store (photo-check.ts); a video is kept whole in R2 under
 * {site}/{SHA-256} and the gateway serves it in byte ranges at /cdn/video/{hash}.{webm|mp4}. Written like any change.
 */
type StockContext = Context<StockEnv>;

const invalid = (c: StockContext, field: string, problem: string) => c.json({ message: "Invalid upload.", errors: { [field]: [problem] } }, 400);

/** The form's files under `field`, or the 400 naming what is wrong. */
async function filesOf(c: StockContext, field: string, count: { min: number; max: number }): Promise<File[] | Response> {
  const form = await c.req.formData().catch(() => null);
  if (!form) return c.json({ message: `The body must be multipart/form-data with the file(s) in \`${field}\`.` }, 400);
  const unknown = [...new Set([...form.keys()].filter((name) => name !== field))];
  if (unknown.length) return invalid(c, unknown[0] ?? field, `Unknown field: this upload takes only \`${field}\`.`);
  const files = form.getAll(field);
  if (files.some((file) => typeof file === "string")) return invalid(c, field, `Each \`${field}\` must be a file, not text.`);
  if (files.length < count.min || files.length > count.max) {
    return invalid(c, field, count.min === count.max ? `Send exactly ${count.min} file.` : `Send ${count.min} to ${count.max} files, in order.`);
  }
  return files as File[];
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

const interiorOf = (car: Car) => ({ stocknum: car.stocknum, spin_interior_image: car.spin_interior_image });

export function mountMediaUploads(app: Hono<StockEnv>) {
  app.put("/vehicles/:stocknum/spin", async (c) => {
    const files = await filesOf(c, "frame", { min: MEDIA_LIMITS.minSpinFrames, max: MEDIA_LIMITS.maxSpinFrames });
    if (files instanceof Response) return files;
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    const frames: string[] = [];
    const rejected: { index: number; name: string; reason: string }[] = [];
    // One frame at a time: a Worker holds each one's bytes only while it is checked.
    for (const [index, file] of files.entries()) {
      const outcome =
        file.size > PHOTO_LIMITS.maxBytes
          ? { state: { status: "failed" as const, reason: PHOTO_REASONS.tooLarge } }
          : await checkAndStorePhoto(c.env, c.get("writer").site, new Uint8Array(await file.arrayBuffer()));
      if (outcome.state.status === "ready") frames.push(vehicleImageUrl(`${PHOTO_PATH_PREFIX}${outcome.state.hash}`));
      else rejected.push({ index, name: file.name.slice(0, 200), reason: outcome.state.reason });
    }
    if (rejected.length) return c.json({ message: `${rejected.length} of ${files.length} frame(s) refused; the vehicle's spin is unchanged.`, rejected }, 400);
    return writeCar(c, stored, { spin_images: frames }, (car) => ({ stocknum: car.stocknum, spin_images: car.spin_images }));
  });

  app.delete("/vehicles/:stocknum/spin", async (c) => {
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    return writeCar(c, stored, { spin_images: [] }, (car) => ({ stocknum: car.stocknum, spin_images: car.spin_images }));
  });

  // The viewer's Interior mode shows the panorama (spin_interior_image) in place of the platform's drawing. The signed-in
  // staff may send it too (isStockPhotoPath), audited like their photo changes.
  app.put("/vehicles/:stocknum/interior", async (c) => {
    const files = await filesOf(c, "panorama", { min: 1, max: 1 });
    if (files instanceof Response) return files;
    const [file] = files as [File];
    if (file.size > PHOTO_LIMITS.maxBytes) return invalid(c, "panorama", PHOTO_REASONS.tooLarge);
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    const outcome = await checkAndStorePhoto(c.env, c.get("writer").site, new Uint8Array(await file.arrayBuffer()));
    if (outcome.state.status !== "ready") return invalid(c, "panorama", outcome.state.reason);
    const url = vehicleImageUrl(`${PHOTO_PATH_PREFIX}${outcome.state.hash}`);
    return writeCar(c, stored, { spin_interior_image: url, spin_interior_upload: url }, interiorOf, 200, { change: "interior", hash: outcome.state.hash });
  });

  // Without its upload the car shows the feed's interior again (its copy when held), or none (ADR 0105).
  app.delete("/vehicles/:stocknum/interior", async (c) => {
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    const source = stored.car.spin_interior_source ?? null;
    const row = source ? (await photoRows(c.env.DB, c.get("writer").site, [source])).get(source) : undefined;
    const shown = interiorImageOf(source, null, photoStateOf(row));
    return writeCar(c, stored, { spin_interior_image: shown, spin_interior_upload: undefined }, interiorOf, 200, { change: "interior", hash: null });
  });

  app.put("/vehicles/:stocknum/video", async (c) => {
    const files = await filesOf(c, "video", { min: 1, max: 1 });
    if (files instanceof Response) return files;
    const [file] = files as [File];
    if (file.size > MEDIA_LIMITS.maxVideoBytes) return invalid(c, "video", PHOTO_REASONS.videoTooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffVideoType(bytes);
    if (!type) return invalid(c, "video", PHOTO_REASONS.notVideo);
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    if (!c.env.PHOTOS) throw new Error("Videos need the PHOTOS (R2) binding");
    const hash = await sha256Hex(bytes);
    await c.env.PHOTOS.put(`${c.get("writer").site}/${hash}`, bytes, { httpMetadata: { contentType: VIDEO_MIME[type] }, customMetadata: { type: "video" } });
    return writeCar(c, stored, { video_url: videoUrl(hash, type) }, (car) => ({ stocknum: car.stocknum, video_url: car.video_url }));
  });

  app.delete("/vehicles/:stocknum/video", async (c) => {
    const stored = await readCar(c);
    if (!stored) return notFound(c);
    return writeCar(c, stored, { video_url: null }, (car) => ({ stocknum: car.stocknum, video_url: car.video_url }));
  });
}
