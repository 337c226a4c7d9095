import { storedPhotoEntry, uploadedPhotoEntry } from "@dealer/shared/media";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../../db/test-support/d1";
import { PRUNE_GRACE_MS, pruneUnreferenced, prunePhotoCopies } from "./photo-prune";

/**
 * Photo copies no car shows are pruned (ADR 0080), on a real local D1 and R2 (miniflare): a copy shared by another car
 * of the site stays, another site's copy of the same bytes stays, a copy a waiting car needs stays, and the hourly sweep
 * leaves copies newer than its grace alone. Over HTTP: tests/http/stock-photo-lifecycle.test.ts.
 */
const hash = (n: number) => n.toString(16).padStart(64, "0");
const photo = (n: number) => ({ hash: hash(n), width: 800, height: 600, colour: "#102030" });
let d1: Awaited<ReturnType<typeof createTestD1>>;
let r2: Miniflare;
let env: { DB: D1Database; PHOTOS: R2Bucket };

beforeAll(async () => {
  d1 = await createTestD1();
  r2 = new Miniflare({ modules: true, script: "export default { fetch: () => new Response() }", r2Buckets: ["PHOTOS"] });
  env = { DB: d1.db, PHOTOS: (await r2.getR2Bucket("PHOTOS")) as unknown as R2Bucket };
});
afterAll(async () => {
  await Promise.all([d1.dispose(), r2.dispose()]);
});

let nextId = 900_000;
async function car(site: string, stocknum: string, images: unknown[], dealership = 1) {
  const data = JSON.stringify({ stocknum, images });
  await env.DB.prepare("INSERT INTO vehicles (id, site, dealership_id, slug, stocknum, status, updated_at, data) VALUES (?, ?, ?, ?, ?, 'in_stock', '2026-01-01', ?)")
    .bind(nextId++, site, dealership, `car-${nextId}`, stocknum, data)
    .run();
}
const removeCar = (stocknum: string) => env.DB.prepare("DELETE FROM vehicles WHERE stocknum = ?").bind(stocknum).run();
const store = (site: string, n: number) => env.PHOTOS.put(`${site}/${hash(n)}`, new Uint8Array([n]));
const held = async (site: string, n: number) => (await env.PHOTOS.head(`${site}/${hash(n)}`)) !== null;

/** The D1 with `between` run once right after its first batch (the prune's read of the references) has answered. */
function afterFirstRead(db: D1Database, between: () => Promise<unknown>): D1Database {
  let armed = true;
  return new Proxy(db, {
    get(target, name) {
      if (name !== "batch") return Reflect.get(target, name).bind(target);
      return async (statements: D1PreparedStatement[]) => {
        const results = await target.batch(statements);
        if (armed) {
          armed = false;
          await between();
        }
        return results;
      };
    },
  });
}

describe("pruning photo copies", () => {
  it("keeps a copy a car of the site came to show between the prune's read and its delete (ADR 0084)", async () => {
    await store("site-e", 5);
    const writeCar = async () => {
      await car("site-e", "E1", [uploadedPhotoEntry(photo(5), undefined)], 6);
      // Every write of a car bumps its site's stock version (stock-store.ts, applyBatch).
      await env.DB.prepare("INSERT INTO stock_versions (site, version, updated_at) VALUES ('site-e', 1, '2026-01-01') ON CONFLICT(site) DO UPDATE SET version = version + 1").run();
    };
    const racing = { ...env, DB: afterFirstRead(env.DB, writeCar) };
    expect(await pruneUnreferenced(racing, "site-e", [hash(5)])).toEqual([]);
    expect(await held("site-e", 5)).toBe(true);
    // Dropped again, it goes.
    await removeCar("E1");
    expect(await pruneUnreferenced(env, "site-e", [hash(5)])).toEqual([hash(5)]);
  });

  it("keeps the copy of a URL a car still shows as pending while the consumer rewrites it", async () => {
    await store("site-f", 6);
    await car("site-f", "F1", [storedPhotoEntry("https://photos.example/6.jpg", { status: "pending" })], 7);
    await env.DB.prepare("INSERT INTO photos (site, url, status, hash, updated_at) VALUES ('site-f', 'https://photos.example/6.jpg', 'ready', ?, '2026-01-01')").bind(hash(6)).run();
    expect(await pruneUnreferenced(env, "site-f", [hash(6)])).toEqual([]);
    expect(await held("site-f", 6)).toBe(true);
  });

  it("keeps a copy while any car of its site shows it, and never touches another site's copy", async () => {
    await Promise.all([store("site-a", 1), store("site-b", 1)]);
    await car("site-a", "A1", [uploadedPhotoEntry(photo(1), undefined)]);
    await car("site-a", "A2", [storedPhotoEntry("https://photos.example/1.jpg", { status: "ready", ...photo(1) })], 2);
    await car("site-b", "B1", [uploadedPhotoEntry(photo(1), undefined)], 3);
    await env.DB.prepare("INSERT INTO photos (site, url, status, hash, updated_at) VALUES ('site-a', 'https://photos.example/1.jpg', 'ready', ?, '2026-01-01')").bind(hash(1)).run();

    await removeCar("A1");
    expect(await pruneUnreferenced(env, "site-a", [hash(1)])).toEqual([]);
    expect(await held("site-a", 1)).toBe(true);

    await removeCar("A2");
    expect(await pruneUnreferenced(env, "site-a", [hash(1)])).toEqual([hash(1)]);
    expect([await held("site-a", 1), await held("site-b", 1)]).toEqual([false, true]);
    // The URL's row went with it: a feed naming the URL again has it fetched again.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM photos WHERE site = 'site-a' AND hash = ?").bind(hash(1)).first("n")).toBe(0);
  });

  it("keeps a copy a car waits for (its new photo list, held but not yet taken)", async () => {
    await store("site-c", 2);
    await env.DB.prepare("INSERT INTO photos (site, url, status, hash, updated_at) VALUES ('site-c', 'https://photos.example/2.jpg', 'ready', ?, '2026-01-01')").bind(hash(2)).run();
    await env.DB.prepare("INSERT INTO photo_waits (dealership_id, stocknum, site, urls) VALUES (4, 'C1', 'site-c', ?)").bind(JSON.stringify(["https://photos.example/2.jpg"])).run();
    expect(await pruneUnreferenced(env, "site-c", [hash(2)])).toEqual([]);
    expect(await held("site-c", 2)).toBe(true);
  });

  it("sweeps every copy past its grace that no car shows, and leaves newer ones", async () => {
    await Promise.all([store("site-d", 3), store("site-d", 4)]);
    await car("site-d", "D1", [uploadedPhotoEntry(photo(4), undefined)], 5);
    // Just stored: within the grace, an upload may still be writing the car that shows it.
    await prunePhotoCopies(env, new Date());
    expect(await held("site-d", 3)).toBe(true);
    await prunePhotoCopies(env, new Date(Date.now() + PRUNE_GRACE_MS + 60_000));
    expect([await held("site-d", 3), await held("site-d", 4)]).toEqual([false, true]);
    // The other tests' copies still shown or waited for are untouched by the sweep.
    expect([await held("site-b", 1), await held("site-c", 2)]).toEqual([true, true]);
  });
});
