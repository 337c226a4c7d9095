import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CROSS_SITE_MESSAGE } from "@dealer/shared/http";
import { PHOTO_LIMITS, PHOTO_REASONS, vehicleImageUrl } from "@dealer/shared/media";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATE_DIR } from "../../scripts/stack";
import { newClient } from "../support/accounts";
import { query } from "../support/db";
import { PANORAMA_PIXELS, PHOTO_SITES, phonePanorama, photoRecord, storedCar } from "../support/photo-origin";
import { fetchSite, siteUrl } from "../support/platform";
import { signedInStaff } from "../support/staff";
import { stockApi } from "../support/stock-api";

/**
 * A car's interior panorama by upload (ADR 0102): PUT /api/stock/vehicles/{stocknum}/interior with one `panorama` file
 * passes the photo checks (type from the bytes, size and sides, EXIF and GPS dropped), is kept in R2 by its content hash
 * and served on the site's own host through /cdn/image; bad input is a 4xx naming the field; another site's key, a car
 * of another dealership and a read-only staff member are refused; DELETE leaves the car without one.
 */
type Answer = { message: string; errors?: Record<string, string[]> };
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Whether an EXIF block points at a GPS block (tag 0x8825 in either byte order). */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  const tiff = exif?.subarray(exif.indexOf("Exif\0\0") + 6);
  if (!tiff?.length) return false;
  return tiff.includes(Buffer.from(tiff.subarray(0, 2).toString() === "MM" ? [0x88, 0x25] : [0x25, 0x88]));
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 90, g: 60, b: 30 } } }).jpeg().toBuffer();

/** A multipart body of these parts (a string part is a text field), PUT or DELETE to the car's interior. */
async function sendInterior(site: string, auth: Record<string, string>, stocknum: string, parts: [string, Uint8Array | string][] = [], method = "PUT") {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), `${name}.jpg`);
  }
  const encoded = new Request("http://upload.invalid/", { method: "POST", body: form });
  return fetchSite(site, `/api/stock/vehicles/${encodeURIComponent(stocknum)}/interior`, {
    method,
    headers: { ...auth, ...(method === "PUT" ? { "content-type": encoded.headers.get("content-type") ?? "" } : {}) },
    ...(method === "PUT" ? { body: new Uint8Array(await encoded.arrayBuffer()) } : {}),
  });
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const errorsOf = async (answer: Response) => ((await answer.json()) as Answer).errors;

/** The bytes the local R2 holds for a site's copy: miniflare keeps each object's blob id in its SQLite file. */
function storedCopy(site: string, hash: string): Buffer {
  const dir = join(STATE_DIR, "v3/r2/miniflare-R2BucketObject");
  const files = execFileSync("/usr/bin/find", [dir, "-name", "*.sqlite", "!", "-name", "metadata.sqlite"], { encoding: "utf8" }).trim().split("\n");
  for (const file of files.filter(Boolean)) {
    const blob = execFileSync("/usr/bin/sqlite3", ["-cmd", ".timeout 10000", file, `SELECT blob_id FROM _mf_objects WHERE key = '${site}/${hash}'`], { encoding: "utf8" }).trim();
    if (blob) return readFileSync(join(STATE_DIR, "v3/r2/dealer-photos/blobs", blob));
  }
  throw new Error(`No R2 copy ${site}/${hash}`);
}

describe("a car's interior panorama by upload", () => {
  it.each(PHOTO_SITES)("%s keeps the panorama without EXIF or GPS, serves it on its own host and refuses bad files by field", async (site, key) => {
    const stocknum = `PAN-${randomUUID().slice(0, 8)}`.toUpperCase();
    expect((await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(stocknum, [])] })).status).toBe(200);
    const [otherSite, otherKey] = PHOTO_SITES.find(([name]) => name !== site) ?? ["", ""];
    try {
      const auth = bearer(key);
      // Not multipart, a field it does not take, two files, text for the file, not an image, over 25 MB, too wide, too small.
      const json = await fetchSite(site, `/api/stock/vehicles/${stocknum}/interior`, { method: "PUT", headers: { ...auth, "content-type": "application/json" }, body: "{}" });
      expect([json.status, ((await json.json()) as Answer).message]).toEqual([400, "The body must be multipart/form-data with the file(s) in `panorama`."]);
      const panorama = await phonePanorama();
      expect(Object.keys((await errorsOf(await sendInterior(site, auth, stocknum, [["frame", panorama]]))) ?? {})).toEqual(["frame"]);
      expect(await errorsOf(await sendInterior(site, auth, stocknum, [["panorama", panorama], ["panorama", panorama]]))).toEqual({ panorama: ["Send exactly 1 file."] });
      expect(await errorsOf(await sendInterior(site, auth, stocknum, [["panorama", "https://photos.example/pano.jpg"]]))).toEqual({ panorama: ["Each `panorama` must be a file, not text."] });
      const refusals: [Uint8Array, string][] = [
        [new TextEncoder().encode("<html>not a photo</html>"), PHOTO_REASONS.notImage],
        [Buffer.concat([panorama.subarray(0, 3), Buffer.alloc(PHOTO_LIMITS.maxBytes)]), PHOTO_REASONS.tooLarge],
        [await solid(PHOTO_LIMITS.maxSide + 1, 200), PHOTO_REASONS.tooWide(PHOTO_LIMITS.maxSide + 1, 200)],
        [await solid(PHOTO_LIMITS.minSide - 1, 60), PHOTO_REASONS.tooSmall(PHOTO_LIMITS.minSide - 1, 60)],
      ];
      for (const [bytes, reason] of refusals) {
        const refused = await sendInterior(site, auth, stocknum, [["panorama", bytes]]);
        expect([refused.status, await errorsOf(refused)], reason).toEqual([400, { panorama: [reason] }]);
      }
      expect(((await storedCar(site, key, stocknum)) as unknown as { spin_interior_image?: string }).spin_interior_image).toBeUndefined();

      // No such car of this dealership, and another site's key on this host.
      expect((await sendInterior(site, auth, `${stocknum}-NONE`, [["panorama", panorama]])).status).toBe(404);
      expect((await sendInterior(site, bearer(otherKey), stocknum, [["panorama", panorama]])).status).toBe(401);

      // Taken: the car names its copy, whose stored bytes carry no EXIF or GPS (the upload had both).
      expect(hasGpsIfd((await sharp(panorama).metadata()).exif)).toBe(true);
      const hash = sha256(panorama);
      const put = await sendInterior(site, auth, stocknum, [["panorama", panorama]]);
      expect(put.status, await put.clone().text()).toBe(200);
      const url = vehicleImageUrl(`photos/${hash}`);
      expect(await put.json()).toEqual({ stocknum, spin_interior_image: url });
      expect(((await storedCar(site, key, stocknum)) as unknown as { spin_interior_image: string }).spin_interior_image).toBe(url);
      const kept = storedCopy(site, hash);
      const keptMeta = await sharp(kept).metadata();
      expect([keptMeta.format, keptMeta.width, keptMeta.height, keptMeta.exif, keptMeta.xmp]).toEqual(["jpeg", PANORAMA_PIXELS.width, PANORAMA_PIXELS.height, undefined, undefined]);
      for (const marker of ["Exif\0\0", "PhoneMaker"]) expect(kept.includes(Buffer.from(marker)), marker).toBe(false);

      // Served through the Images binding on the site's own host, at the width asked; never on another site's host.
      const served = await fetchSite(site, vehicleImageUrl(url, { width: 800 }), { headers: { accept: "image/avif,image/webp" } });
      expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/avif"]);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(800);
      expect((await fetchSite(otherSite, url)).status).toBe(404);
      // The other site's key cannot reach this car through its own host either: it is no car of that dealership.
      expect((await sendInterior(otherSite, bearer(otherKey), stocknum, [["panorama", panorama]])).status).toBe(404);

      const removed = await sendInterior(site, auth, stocknum, [], "DELETE");
      expect([removed.status, await removed.json()]).toEqual([200, { stocknum, spin_interior_image: null }]);
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  }, 180_000);

  describe("with a signed-in staff member's cookie, as the photos take it", () => {
    const SITE = "summit-auto-group";
    const stocknum = `PAN-${randomUUID().slice(0, 8)}`.toUpperCase();
    let [own, other] = ["", ""];
    const staff = { salesperson: "", "read-only": "" };

    beforeAll(async () => {
      [own = "", other = ""] = query<{ slug: string }>(`SELECT slug FROM dealerships WHERE site = '${SITE}' ORDER BY id LIMIT 2`).map((row) => row.slug);
      expect((await stockApi(SITE, `write-${own}`, "/vehicles/batch", { upsert: [photoRecord(stocknum, [])] })).status).toBe(200);
      staff.salesperson = (await signedInStaff(SITE, own, "salesperson")).cookie;
      staff["read-only"] = (await signedInStaff(SITE, own, "read-only")).cookie;
    }, 90_000);
    afterAll(async () => {
      await stockApi(SITE, `write-${own}`, "/vehicles/batch", { delete: [stocknum] });
    });

    it("lets a salesperson upload it (audited), not read-only staff nor another page, and another dealership's key finds no such car", async () => {
      const panorama = await phonePanorama();
      expect((await sendInterior(SITE, bearer(`write-${other}`), stocknum, [["panorama", panorama]])).status).toBe(404);
      expect((await sendInterior(SITE, { cookie: staff["read-only"], ...newClient() }, stocknum, [["panorama", panorama]])).status).toBe(403);
      const crossSite = await sendInterior(SITE, { cookie: staff.salesperson, ...newClient(), origin: siteUrl("harbour-city-motors", "").replace(/\/$/, "") }, stocknum, [["panorama", panorama]]);
      expect([crossSite.status, ((await crossSite.json()) as Answer).message]).toEqual([403, CROSS_SITE_MESSAGE]);
      const put = await sendInterior(SITE, { cookie: staff.salesperson, ...newClient() }, stocknum, [["panorama", panorama]]);
      expect(put.status, await put.clone().text()).toBe(200);
      expect(((await put.json()) as { spin_interior_image: string }).spin_interior_image).toBe(vehicleImageUrl(`photos/${sha256(panorama)}`));
      const audited = query<{ detail: string }>(`SELECT detail FROM audit_log WHERE site = '${SITE}' AND action = 'stock.photos' AND subject = '${stocknum}' ORDER BY id`);
      expect(audited.map((row) => JSON.parse(row.detail))).toEqual([{ change: "interior", hash: sha256(panorama) }]);
    }, 90_000);
  });
});
