import { randomUUID } from "node:crypto";
import { PHOTO_LIMITS, PHOTO_REASONS } from "@dealer/shared/media";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_SITES, type PhotoOrigin, photoRecord as record, settledReport, startPhotoOrigin, storedCar } from "../support/photo-origin";
import { stockApi } from "../support/stock-api";

/**
 * A photo's deadline (ADR 0080): a photo URL that never answers, or whose body never ends, no longer holds the photo
 * queue. Each such photo is failed with the deadline's reason in the feed report (retried later by the queue), and the
 * photos queued with it are fetched and shown.
 */
let origin: PhotoOrigin;
beforeAll(async () => {
  origin = await startPhotoOrigin();
});
afterAll(() => origin.close());

describe("a photo that never arrives", () => {
  it("is failed at its deadline with its reason, and the photos beside it are held", async () => {
    const [site, key] = PHOTO_SITES[0];
    const run = randomUUID().slice(0, 8);
    const stuck = [origin.url(`/silent/${run}.jpg`), origin.url(`/endless/${run}.jpg`)];
    const good = [origin.url(`/good/${run}-1.jpg`), origin.url(`/good/${run}-2.jpg`)];
    const stocknum = `PD-${run}`.toUpperCase();
    try {
      // The stuck photos first, so the good ones queue behind them.
      const answer = await stockApi(site, key, "/vehicles/batch", { upsert: [record(stocknum, [...stuck, ...good])] });
      expect(answer.status).toBe(200);
      const { batch } = (await answer.json()) as { batch: string };
      const started = Date.now();
      const report = await settledReport(site, key, batch);
      const outcome = Object.fromEntries(report.photos.map((photo) => [photo.url, [photo.status, photo.reason]]));
      expect(outcome).toEqual({
        ...Object.fromEntries(stuck.map((url) => [url, ["failed", PHOTO_REASONS.timeout]])),
        ...Object.fromEntries(good.map((url) => [url, ["ready", null]])),
      });
      // Each stuck photo took its whole deadline, no less.
      expect(Date.now() - started).toBeGreaterThanOrEqual(PHOTO_LIMITS.deadlineMs);
      const car = await storedCar(site, key, stocknum);
      expect(car.images.map((entry) => entry.photo?.status)).toEqual(["failed", "failed", "ready", "ready"]);
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
    // Two 30 s deadlines one after the other (the local queue hands the consumer one batch at a time), then the good photos.
  }, 240_000);
});
