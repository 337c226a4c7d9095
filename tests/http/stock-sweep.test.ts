import { execFileSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FEED_REPORTS_KEPT } from "../../mf-search/src/stock/photos/photo-store";
import { PRUNE_GRACE_MS } from "../../mf-search/src/stock/photos/photo-prune";
import { MEDIA_LIMITS } from "@dealer/shared/media";
import { describe, expect, it } from "vitest";
import { ROOT, STATE_DIR } from "../../scripts/stack";
import { query } from "../support/db";
import { PHOTO_SITES, phonePhoto, photoRecord, quarteredPhoto } from "../support/photo-origin";
import { fetchSite, fetchSiteOnHost, GATEWAY_PORT } from "../support/platform";
import { stockApi, uploadPhotos } from "../support/stock-api";

/**
 * The hourly sweep of mf-search (its `17 * * * *` cron) run on the running platform, as wrangler's --test-scheduled
 * runs it through the gateway's local-only /__scheduled/{remote} (ADR 0084), and judged through the APIs: photo copies
 * no car shows are deleted once past their grace (a refused spin's frames), copies cars show stay (a photo, and a
 * car's only copy being its video), a feed report past what a site keeps answers 404, and a video upload never
 * completed is aborted. Time passes by moving the records' dates back in the local D1 and R2 files.
 */
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const auth = (key: string) => ({ authorization: `Bearer ${key}` });
/** Each probe asks a size never asked before, so the edge cache cannot answer for R2. */
let quality = 1;
const copyStatus = async (site: string, hash: string) => (await fetchSite(site, `/cdn/image/width=120,quality=${(quality++ % 99) + 1}/photos/${hash}`)).status;

/** The local R2 keeps each object's upload time in miniflare's SQLite file: these copies are made older by `ms`. */
function backdateCopies(site: string, hashes: string[], ms: number): void {
  const dir = join(STATE_DIR, "v3/r2/miniflare-R2BucketObject");
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite") : [];
  expect(files.length, `R2 files in ${dir}`).toBeGreaterThan(0);
  const keys = hashes.map((hash) => `'${site}/${hash}'`).join(", ");
  for (const file of files) {
    execFileSync("/usr/bin/sqlite3", ["-cmd", ".timeout 10000", join(dir, file), `UPDATE _mf_objects SET uploaded = uploaded - ${ms} WHERE key IN (${keys})`]);
  }
}

const sweep = (cron: string) => fetchSiteOnHost(`localhost:${GATEWAY_PORT}`, `/__scheduled/mf-search?cron=${encodeURIComponent(cron)}`);

describe("the hourly sweep on the running platform", () => {
  it("prunes copies no car shows, keeps what cars show, drops old feed reports and aborts stale video uploads", async () => {
    const [site, key] = PHOTO_SITES[0];
    const run = randomUUID().slice(0, 8).toUpperCase();
    const [photoCar, videoCar] = [`SW-${run}-P`, `SW-${run}-V`];
    expect((await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(photoCar, []), photoRecord(videoCar, [])] })).status).toBe(200);
    try {
      // Shown: an uploaded photo on one car, a video (the car's only copy) on the other.
      const photo = await phonePhoto();
      expect((await uploadPhotos(site, key, photoCar, [{ bytes: photo, name: "lot.jpg" }])).status).toBe(201);
      const video = new Uint8Array(Buffer.concat([readFileSync(join(ROOT, "edge/src/media/demo/walkaround-car.webm")), randomBytes(64)]));
      const form = new FormData();
      form.append("video", new Blob([video]), "walkaround.webm");
      const encoded = new Request("http://upload.invalid/", { method: "POST", body: form });
      const put = await fetchSite(site, `/api/stock/vehicles/${videoCar}/video`, {
        method: "PUT",
        headers: { ...auth(key), "content-type": encoded.headers.get("content-type") ?? "" },
        body: new Uint8Array(await encoded.arrayBuffer()),
      });
      expect(put.status, await put.clone().text()).toBe(200);
      const videoUrl = `/cdn/video/${sha256(video)}.webm`;

      // Shown by no car: a spin refused for its last frame leaves its good frames stored.
      const frames = await Promise.all([1, 3, 6].map((orientation) => quarteredPhoto(orientation)));
      const spinForm = new FormData();
      for (const frame of [...frames, new TextEncoder().encode("<html>")]) spinForm.append("frame", new Blob([new Uint8Array(frame)]), "frame.bin");
      const spinEncoded = new Request("http://upload.invalid/", { method: "POST", body: spinForm });
      const spin = await fetchSite(site, `/api/stock/vehicles/${photoCar}/spin`, {
        method: "PUT",
        headers: { ...auth(key), "content-type": spinEncoded.headers.get("content-type") ?? "" },
        body: new Uint8Array(await spinEncoded.arrayBuffer()),
      });
      expect(spin.status).toBe(400);
      const orphans = frames.map(sha256);
      for (const hash of orphans) expect(await copyStatus(site, hash)).toBe(200);

      // A feed report older than a site keeps, and a video upload started (part 1 in R2) but never completed.
      const feed = (await (await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(photoCar, ["http://127.0.0.1:9/sweep.jpg"])] })).json()) as { batch: string };
      expect((await stockApi(site, key, `/batches/${feed.batch}`)).status).toBe(200);
      const started = await fetchSite(site, `/api/stock/vehicles/${videoCar}/video/uploads`, {
        method: "POST",
        headers: { ...auth(key), "content-type": "application/json" },
        body: JSON.stringify({ size: MEDIA_LIMITS.videoPartBytes + 10 }),
      });
      const { upload } = (await started.json()) as { upload: string };
      const first = new Uint8Array(MEDIA_LIMITS.videoPartBytes);
      first.set(video.subarray(0, 64));
      expect((await fetchSite(site, `/api/stock/vehicles/${videoCar}/video/uploads/${upload}/parts/1`, { method: "PUT", headers: auth(key), body: first })).status).toBe(200);

      // Time passes: the copies past the sweep's grace, the report past its days, the upload past its hours.
      backdateCopies(site, [sha256(photo), sha256(video), ...orphans], PRUNE_GRACE_MS + 60_000);
      query(`UPDATE feed_batches SET created_at = '${new Date(Date.now() - (FEED_REPORTS_KEPT.days + 1) * 86_400_000).toISOString()}' WHERE id = '${feed.batch}'`);
      query(`UPDATE video_uploads SET created_at = '${new Date(Date.now() - (MEDIA_LIMITS.videoUploadHours + 1) * 3_600_000).toISOString()}' WHERE id = '${upload}'`);

      // The other cron (the Algolia reconciliation) sweeps nothing.
      expect((await sweep("*/10 * * * *")).status).toBe(200);
      expect(await copyStatus(site, orphans[0] as string)).toBe(200);

      const swept = await sweep("17 * * * *");
      expect([swept.status, await swept.text()]).toEqual([200, "Ran scheduled event"]);
      for (const hash of orphans) expect(await copyStatus(site, hash), `frame ${hash}`).toBe(404);
      expect(await copyStatus(site, sha256(photo))).toBe(200);
      const served = await fetchSite(site, videoUrl, { headers: { range: "bytes=0-3" } });
      expect(served.status).toBe(206);
      expect((await stockApi(site, key, `/batches/${feed.batch}`)).status).toBe(404);
      expect(query(`SELECT count(*) AS n FROM video_uploads WHERE id = '${upload}'`)).toEqual([{ n: 0 }]);
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [photoCar, videoCar] });
    }
  }, 180_000);
});
