import { randomUUID } from "node:crypto";
import { CROSS_SITE_MESSAGE } from "@dealer/shared/http";
import { PHOTO_LIMITS } from "@dealer/shared/media";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STOCK_PAGE_SIZE, STOCK_SQL } from "../../mf-dealer/src/stock-list";
import { newClient } from "../support/accounts";
import { query, queryPlan } from "../support/db";
import { photoRecord } from "../support/photo-origin";
import { fetchSite, siteUrl } from "../support/platform";
import { signedInStaff } from "../support/staff";
import { stockApi, uploadPhotos } from "../support/stock-api";

/**
 * Issue 31 (ADR 0078): the console acts on a car's photos through the stock API's photo routes with the signed-in staff
 * member's cookie, for their own dealership only: salespeople and admins change photos (audited), read-only staff only
 * read them; a cookie request needs the site's Origin; and the console's stock list pages through 25,000 cars by index.
 */
const SITE = "harbour-city-motors";
const KEY = "write-harbour-city-motors";

type Photo = { position: number; hash: string | null; alt: string | null };
const photosOf = async (answer: Response) => ((await answer.json()) as { photos: Photo[] }).photos;
/**
 * A real raster photo, distinct each call (its colour: a random one alone made two photos of one upload the same bytes,
 * one hash, once in 255 runs), of a size the photo checks take.
 */
let photosMade = 0;
const rasterPhoto = () => {
  photosMade += 1;
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: (photosMade * 53) % 256, g: Math.floor(Math.random() * 256), b: 140 } } })
    .jpeg()
    .toBuffer();
};

describe("a car's photos as a signed-in staff member", () => {
  const stocknum = `CON-${randomUUID().slice(0, 8)}`.toUpperCase();
  let dealership = "";
  const staff: Record<"salesperson" | "read-only", string> = { salesperson: "", "read-only": "" };
  const path = (rest = "") => `/api/stock/vehicles/${stocknum}/photos${rest}`;
  const asStaff = (role: keyof typeof staff, method: string, rest = "", body?: unknown, headers: Record<string, string> = {}) =>
    fetchSite(SITE, path(rest), {
      method,
      headers: { cookie: staff[role], ...newClient(), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    expect((await stockApi(SITE, KEY, "/vehicles/batch", { upsert: [photoRecord(stocknum, [])] })).status).toBe(200);
    dealership = query<{ slug: string }>(`SELECT d.slug FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id WHERE v.site = '${SITE}' AND v.stocknum = '${stocknum}'`)[0]?.slug ?? "";
    staff.salesperson = (await signedInStaff(SITE, dealership, "salesperson")).cookie;
    staff["read-only"] = (await signedInStaff(SITE, dealership, "read-only")).cookie;
  }, 90_000);
  afterAll(async () => {
    await stockApi(SITE, KEY, "/vehicles/batch", { delete: [stocknum] });
  });

  it("uploads, edits alt text, reorders and deletes with the cookie, each change audited", async () => {
    const auditedBefore = query<{ n: number }>(`SELECT COUNT(*) AS n FROM audit_log WHERE site = '${SITE}' AND action = 'stock.photos' AND subject = '${stocknum}'`)[0]?.n ?? 0;
    const uploaded = await uploadPhotos(SITE, { cookie: staff.salesperson }, stocknum, [
      { bytes: await rasterPhoto(), name: "front.jpg", alt: "Front" },
      { bytes: await rasterPhoto(), name: "side.jpg" },
    ]);
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const [front, side] = await photosOf(uploaded);
    expect([front?.alt, side?.alt]).toEqual(["Front", null]);

    const alt = "Driver's side, alloy wheels";
    const patched = await asStaff("salesperson", "PATCH", `/${side?.hash}`, { alt: `  ${alt}  ` });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect((await photosOf(patched)).map((photo) => photo.alt)).toEqual(["Front", alt]);
    // By position too; empty words go back to the gallery's own.
    expect((await photosOf(await asStaff("salesperson", "PATCH", "/0", { alt: "" })))[0]?.alt).toBeNull();

    const reordered = await asStaff("salesperson", "PUT", "/order", { order: [side?.hash, front?.hash] });
    expect((await photosOf(reordered)).map((photo) => photo.hash)).toEqual([side?.hash, front?.hash]);
    const deleted = await asStaff("salesperson", "DELETE", `/${front?.hash}`);
    expect((await photosOf(deleted)).map((photo) => photo.hash)).toEqual([side?.hash]);

    const audited = query<{ actor: string; detail: string }>(`SELECT actor, detail FROM audit_log WHERE site = '${SITE}' AND action = 'stock.photos' AND subject = '${stocknum}' ORDER BY id`).slice(auditedBefore);
    expect(audited.map((row) => JSON.parse(row.detail).change)).toEqual(["upload", "alt", "alt", "order", "delete"]);
    for (const row of audited) expect(row.actor).toMatch(/^staff:\S+ salesperson-/);
  });

  it("answers bad alt text with 400 naming the field, and an unknown photo with 404", async () => {
    const listed = await photosOf(await asStaff("read-only", "GET"));
    const ref = listed[0]?.hash ?? "0";
    const tooLong = await asStaff("salesperson", "PATCH", `/${ref}`, { alt: "x".repeat(PHOTO_LIMITS.maxAltText + 1) });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { errors: Record<string, string[]> }).errors.alt?.[0]).toContain(`${PHOTO_LIMITS.maxAltText}`);
    for (const body of [{ alt: 3 }, { alt: "ok", extra: true }, {}]) expect((await asStaff("salesperson", "PATCH", `/${ref}`, body)).status, JSON.stringify(body)).toBe(400);
    const notJson = await fetchSite(SITE, path(`/${ref}`), { method: "PATCH", headers: { cookie: staff.salesperson, "content-type": "application/json" }, body: "{alt" });
    expect(notJson.status).toBe(400);
    expect((await asStaff("salesperson", "PATCH", `/${"0".repeat(64)}`, { alt: "Nothing" })).status).toBe(404);
    expect((await asStaff("salesperson", "PATCH", "/99", { alt: "Nothing" })).status).toBe(404);
    // Nothing changed.
    expect(await photosOf(await asStaff("read-only", "GET"))).toEqual(listed);
  });

  it("lets read-only staff read the photos but change nothing, each refusal audited", async () => {
    const listed = await asStaff("read-only", "GET");
    expect(listed.status).toBe(200);
    const before = await photosOf(listed);
    const refusedBefore = query<{ n: number }>(`SELECT COUNT(*) AS n FROM audit_log WHERE site = '${SITE}' AND action = 'refused' AND detail LIKE '%stock.photos%'`)[0]?.n ?? 0;
    const ref = before[0]?.hash ?? "0";
    expect((await asStaff("read-only", "PATCH", `/${ref}`, { alt: "Not mine to change" })).status).toBe(403);
    expect((await asStaff("read-only", "DELETE", `/${ref}`)).status).toBe(403);
    expect((await asStaff("read-only", "PUT", "/order", { order: [ref] })).status).toBe(403);
    expect((await uploadPhotos(SITE, { cookie: staff["read-only"] }, stocknum, [{ bytes: await rasterPhoto(), name: "x.jpg" }])).status).toBe(403);
    expect(await photosOf(await asStaff("read-only", "GET"))).toEqual(before);
    expect(query<{ n: number }>(`SELECT COUNT(*) AS n FROM audit_log WHERE site = '${SITE}' AND action = 'refused' AND detail LIKE '%stock.photos%'`)[0]?.n).toBe(refusedBefore + 4);
  });

  it("needs the site's own Origin for a change by cookie, while a write key needs none", async () => {
    const ref = (await photosOf(await asStaff("read-only", "GET")))[0]?.hash ?? "0";
    for (const headers of [{ origin: "https://evil.example" }, { origin: siteUrl("metro-certified", "").replace(/\/$/, "") }]) {
      const refused = await asStaff("salesperson", "PATCH", `/${ref}`, { alt: "From elsewhere" }, headers);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(CROSS_SITE_MESSAGE);
    }
    const bare = await fetchSite(SITE, path(`/${ref}`), { method: "PATCH", headers: { cookie: staff.salesperson, "content-type": "application/json" }, body: JSON.stringify({ alt: "No origin" }), browser: false });
    expect(bare.status).toBe(403);
    const keyed = await fetchSite(SITE, path(`/${ref}`), { method: "PATCH", headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" }, body: JSON.stringify({ alt: "By the feed's key" }), browser: false });
    expect(keyed.status).toBe(200);
    expect((await photosOf(keyed))[0]?.alt).toBe("By the feed's key");
    // Without a session or key, a photo read is the stock API's own 401.
    expect((await fetchSite(SITE, path())).status).toBe(401);
  });
});

describe("the console's stock list", () => {
  // The demo site with the most cars in one dealership: its pages and searches are computed here from the records.
  const biggest = query<{ site: string; dealership_id: number; slug: string; n: number }>(
    "SELECT v.site, v.dealership_id, d.slug, COUNT(*) AS n FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id GROUP BY v.dealership_id ORDER BY n DESC LIMIT 1",
  )[0] as { site: string; dealership_id: number; slug: string; n: number };
  let cookie = "";
  beforeAll(async () => {
    cookie = (await signedInStaff(biggest.site, biggest.slug, "read-only")).cookie;
  }, 60_000);
  const stocknumsOn = async (path: string) => {
    const response = await fetchSite(biggest.site, path, { headers: { cookie } });
    expect(response.status, path).toBe(200);
    const body = await response.text();
    return { body, stocknums: [...body.matchAll(/data-stocknum="([^"]+)"/g)].map((match) => match[1]) };
  };

  it("pages through the dealership's cars in stock-number order, and finds them by make, model and stock number", async () => {
    expect(biggest.n).toBeGreaterThan(STOCK_PAGE_SIZE);
    const all = query<{ stocknum: string; make: string; model: string }>(`SELECT stocknum, make, model FROM vehicles WHERE dealership_id = ${biggest.dealership_id} ORDER BY stocknum`);
    const first = await stocknumsOn("/dealer/stock");
    expect(first.stocknums).toEqual(all.slice(0, STOCK_PAGE_SIZE).map((car) => car.stocknum));
    const next = /href="([^"]+)" rel="next"/.exec(first.body)?.[1]?.replace(/&amp;/g, "&") ?? "";
    expect((await stocknumsOn(next)).stocknums).toEqual(all.slice(STOCK_PAGE_SIZE, 2 * STOCK_PAGE_SIZE).map((car) => car.stocknum));

    const car = all[Math.floor(all.length / 2)] as (typeof all)[number];
    const byMake = all.filter((each) => each.make.toLowerCase() === car.make.toLowerCase());
    expect((await stocknumsOn(`/dealer/stock?q=${encodeURIComponent(car.make.toLowerCase())}`)).stocknums).toEqual(byMake.slice(0, STOCK_PAGE_SIZE).map((each) => each.stocknum));
    const byBoth = all.filter((each) => each.make.toLowerCase() === car.make.toLowerCase() && ` ${each.model.toLowerCase()}`.includes(` ${car.model.toLowerCase().split(" ")[0]}`));
    expect((await stocknumsOn(`/dealer/stock?q=${encodeURIComponent(`${car.make} ${car.model.split(" ")[0]}`)}`)).stocknums).toEqual(byBoth.slice(0, STOCK_PAGE_SIZE).map((each) => each.stocknum));
    const prefix = car.stocknum.slice(0, -1);
    const byPrefix = all.filter((each) => each.stocknum.startsWith(prefix) || each.make.toLowerCase() === prefix.toLowerCase() || each.model.toLowerCase() === prefix.toLowerCase());
    expect((await stocknumsOn(`/dealer/stock?q=${encodeURIComponent(prefix.toLowerCase())}`)).stocknums).toEqual(byPrefix.slice(0, STOCK_PAGE_SIZE).map((each) => each.stocknum));
  });

  it("pages back with Previous page to the very page it came from, down to the first page, with and without a search", async () => {
    const all = query<{ stocknum: string; make: string }>(`SELECT stocknum, make FROM vehicles WHERE dealership_id = ${biggest.dealership_id} ORDER BY stocknum`);
    const linkOf = (body: string, rel: "next" | "prev") => [...body.matchAll(/href="([^"]+)" rel="([a-z]+)"/g)].find((match) => match[2] === rel)?.[1]?.replace(/&amp;/g, "&");
    const pageOf = (cars: { stocknum: string }[], n: number) => cars.slice(n * STOCK_PAGE_SIZE, (n + 1) * STOCK_PAGE_SIZE).map((car) => car.stocknum);
    // Forward to the last page (at most 4), then back with "Previous page" to the first, each page as computed from the records.
    for (const [start, cars] of [
      ["/dealer/stock", all],
      [`/dealer/stock?q=${encodeURIComponent(all[0]?.make ?? "")}`, all.filter((car) => car.make.toLowerCase() === all[0]?.make.toLowerCase())],
    ] as const) {
      const pages = Math.min(4, Math.ceil(cars.length / STOCK_PAGE_SIZE));
      let page = await stocknumsOn(start);
      expect(linkOf(page.body, "prev"), start).toBeUndefined();
      for (let n = 1; n < pages; n++) page = await stocknumsOn(linkOf(page.body, "next") ?? "");
      expect(page.stocknums, `${start}: page ${pages}`).toEqual(pageOf(cars, pages - 1));
      for (let n = pages - 2; n >= 0; n--) {
        page = await stocknumsOn(linkOf(page.body, "prev") ?? "");
        expect(page.stocknums, `${start}: back to page ${n + 1}`).toEqual(pageOf(cars, n));
        expect(linkOf(page.body, "next"), `${start}: page ${n + 1} links on`).toBeDefined();
      }
      expect(linkOf(page.body, "prev"), `${start}: the first page has no previous`).toBeUndefined();
    }
    // A page before a stock number with fewer than a page of cars before it is the first page, full.
    expect((await stocknumsOn(`/dealer/stock?before=${encodeURIComponent(all[3]?.stocknum ?? "")}`)).stocknums).toEqual(pageOf(all, 0));
    expect((await fetchSite(biggest.site, `/dealer/stock?after=A&before=B`, { headers: { cookie } })).status).toBe(400);
  });

  it("answers a search too long with 400 and the field marked, never a 5xx", async () => {
    const response = await fetchSite(biggest.site, `/dealer/stock?q=${"a".repeat(61)}`, { headers: { cookie } });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain('aria-invalid="true"');
    expect(body).toContain("at most 60 characters");
    expect((await fetchSite(biggest.site, `/dealer/stock?after=${"z".repeat(65)}`, { headers: { cookie } })).status).toBe(400);
  });

  it("reads one index range a query, never the whole table nor a sort of the matches", () => {
    const ranges = ["after", "before", "from"] as const;
    for (const sql of ranges.flatMap((range) => [STOCK_SQL.all(range), STOCK_SQL.stocknum(1, range), STOCK_SQL.make(1, range), STOCK_SQL.model(0, range)])) {
      const plan = queryPlan(sql.replace(/\?1\b/g, "1").replace(/\?\d/g, "'x'"));
      expect(plan.join("; "), sql).toMatch(/^SEARCH vehicles USING (COVERING )?INDEX \S+ \(dealership_id=\?/);
      expect(plan.join("; "), sql).not.toMatch(/SCAN|TEMP B-TREE/);
    }
  });
});
