import type { Car, CarInput } from "@dealer/shared/contract";
import { PHOTO_REASONS, photoRetryDelaySeconds, storedPhotoEntry } from "@dealer/shared/media";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { generateDemoData } from "../../../../db/demo/generate";
import { demoSeedSql } from "../../../../db/demo/seed-sql";
import { createTestD1, runSqlScript } from "../../../../db/test-support/d1";
import { createStockApi } from "..";
import { applyBatch, carsWriterAsRead } from "../stock-store";
import { consumePhotos, PHOTO_CLAIM_MS } from "./photo-consumer";
import { FEED_REPORTS_KEPT, pruneFeedBatches, refreshCarsShowing } from "./photo-store";

/**
 * The photo store's bookkeeping around the queue consumer (ADR 0067): a settled URL reaches the cars showing it, a
 * changed list keeps the old photos until the new ones are settled, and a car deleted meanwhile is never brought back.
 * The fetching itself runs over the real platform (tests/http/stock-photos.test.ts).
 */
const demo = generateDemoData({ today: "2026-05-10" });
const KEY = "write-harbour-city-motors";
const SITE = "harbour-city-motors";
const HOST = "harbour-city-motors.localhost:8787";
const queued: unknown[] = [];
const PHOTO_QUEUE = { sendBatch: async (messages: { body: unknown }[]) => void queued.push(...messages.map((message) => message.body)) };
const context = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
const app = createStockApi();
let d1: Awaited<ReturnType<typeof createTestD1>>;

beforeAll(async () => {
  d1 = await createTestD1();
  await runSqlScript(d1.db, demoSeedSql(demo, "2026-05-10T00:00:00.000Z"));
});
afterAll(() => d1.dispose());

const base = demo.vehicles.find((v) => v.dealership_slug === SITE) as CarInput;
const send = async (body: unknown) =>
  (await (
    await app.request("/vehicles/batch", { method: "POST", headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json", Host: HOST }, body: JSON.stringify(body) }, { DB: d1.db, PHOTO_QUEUE }, context)
  ).json()) as { upserted: number; unchanged: number };
const record = (images: string[]) => ({ ...base, stocknum: "PHOTO-1", id: 999_001, slug: "photo-car-1", images, primary_image_url: null, thumbnails: [] });
const images = async () => JSON.parse((await d1.db.prepare("SELECT data ->> '$.images' AS images FROM vehicles WHERE stocknum = 'PHOTO-1'").first<{ images: string }>())?.images ?? "null");
const settle = async (url: string, state: { hash: string } | { reason: string }) => {
  await d1.db
    .prepare("UPDATE photos SET status = ?, hash = ?, width = 1200, height = 900, colour = '#112233', reason = ? WHERE site = ? AND url = ?")
    .bind("hash" in state ? "ready" : "failed", "hash" in state ? state.hash : null, "reason" in state ? state.reason : null, SITE, url)
    .run();
  return refreshCarsShowing(d1.db, SITE, [url], carsWriterAsRead(d1.db, "2026-05-10T12:00:00.000Z"));
};

describe("a dealer's photos in the stock", () => {
  const [one, two] = ["https://photos.example/1.jpg", "https://photos.example/2.jpg"];
  const held = { hash: "a".repeat(64) };
  const ready = { status: "ready" as const, ...held, width: 1200, height: 900, colour: "#112233" };

  it("shows the placeholder while a photo is fetched, the photo once held, and keeps old photos until a new list is settled", async () => {
    expect((await send({ upsert: [record([one])] })).upserted).toBe(1);
    expect(queued.splice(0)).toEqual([{ site: SITE, url: one }]);
    expect(await images()).toEqual([storedPhotoEntry(one, { status: "pending" })]);
    expect(await settle(one, held)).toBe(1);
    expect(await images()).toEqual([storedPhotoEntry(one, ready)]);

    // A new list: the stored photo stays (the car is unchanged) until the new URL is settled, then the list is taken.
    expect((await send({ upsert: [record([two, one])] })).unchanged).toBe(1);
    expect(queued.splice(0)).toEqual([{ site: SITE, url: two }]);
    expect(await images()).toEqual([storedPhotoEntry(one, ready)]);
    await settle(two, { reason: "The photo's address answered HTTP 404." });
    expect(await images()).toEqual([storedPhotoEntry(two, { status: "failed", reason: "" }), storedPhotoEntry(one, ready)]);
    expect((await send({ upsert: [record([two, one])] })).unchanged).toBe(1);
  });

  it("finds a settled photo's cars by key (migration 0065): a car is listed under each photo it shows not yet ready, whoever wrote it", async () => {
    const three = "https://photos.example/3.jpg";
    const listed = async () =>
      (await d1.db.prepare("SELECT source FROM cars_by_unsettled_photo WHERE site = ? AND car_id = 999003 ORDER BY source").bind(SITE).all<{ source: string }>()).results.map((row) => row.source);
    await send({ upsert: [{ ...record([three, one]), stocknum: "PHOTO-2", id: 999_003, slug: "photo-car-2" }] });
    queued.splice(0);
    expect(await listed()).toEqual([three]);
    await settle(three, { reason: "The photo's address answered HTTP 404." });
    expect(await listed()).toEqual([three]);
    expect(await settle(three, held)).toBe(1);
    expect(await listed()).toEqual([]);
    await d1.db.prepare("UPDATE vehicles SET data = json_set(data, '$.images[0].photo.status', 'pending') WHERE id = 999003").run();
    expect(await listed()).toEqual([three]);
    await send({ delete: ["PHOTO-2"] });
    expect(await listed()).toEqual([]);
  });

  it("never brings back a car deleted between the refresh's read and its write", async () => {
    const row = await d1.db.prepare("SELECT dealership_id, data FROM vehicles WHERE stocknum = 'PHOTO-1'").first<{ dealership_id: number; data: string }>();
    const car = JSON.parse(row?.data ?? "{}") as Car;
    await send({ delete: ["PHOTO-1"] });
    const plan = { ok: true as const, changed: [car], unchanged: 0, deleting: [], changedIds: [car.id] };
    await applyBatch(d1.db, { site: SITE, dealershipId: row?.dealership_id ?? 0, dealershipSlug: "" }, plan, "2026-05-10T12:00:00.000Z", undefined, { readAs: new Map([["PHOTO-1", row?.data ?? ""]]) });
    expect(await images()).toBeNull();
  });
});

describe("a consumer batch's photos settled together (ADR 0088)", () => {
  it("writes each car once for the batch's photos, and acks each message only after that write", async () => {
    const urls = ["https://photos.example/b1.jpg", "https://photos.example/b2.jpg", "https://photos.example/b3.jpg"];
    const refused = "http://10.0.0.9/private.jpg";
    const cars = ["PHOTO-B1", "PHOTO-B2"].map((stocknum, n) => ({ ...record([...urls, refused]), stocknum, id: 999_010 + n, slug: `photo-batch-${n}` }));
    expect((await send({ upsert: cars })).upserted).toBe(2);
    queued.splice(0);
    // The first three are held already (stored by an upload or another batch): they are settled without a fetch. The
    // private address is refused by the outbound guard, a failure not retried.
    for (const [n, url] of urls.entries()) await d1.db.prepare("UPDATE photos SET status = 'ready', hash = ?, width = 1200, height = 800, colour = '#445566' WHERE site = ? AND url = ?").bind(String(n).repeat(64), SITE, url).run();
    const version = async () => Number(await d1.db.prepare("SELECT version FROM stock_versions WHERE site = ?").bind(SITE).first("version"));
    const before = await version();
    const outcome: string[] = [];
    const writes: number[] = [];
    const messages = [...urls, refused].map((url) => ({ body: { site: SITE, url }, attempts: 1, ack: () => outcome.push(`ack ${url}`), retry: () => outcome.push(`retry ${url}`) }));
    const writer = (db: D1Database, now: string) => {
      const write = carsWriterAsRead(db, now);
      return async (...args: Parameters<typeof write>) => {
        writes.push(args[1].length);
        return write(...args);
      };
    };
    await consumePhotos({ queue: "dealer-photo-fetch", messages } as unknown as MessageBatch<unknown>, { DB: d1.db } as never, writer);
    // One write of both cars for the four photos (one a photo and car before: eight).
    expect(writes).toEqual([2]);
    expect(await version()).toBe(before + 1);
    expect(outcome.sort()).toEqual([...urls, refused].map((url) => `ack ${url}`).sort());
    const shown = JSON.parse((await d1.db.prepare("SELECT data ->> '$.images' AS images FROM vehicles WHERE stocknum = 'PHOTO-B2'").first<{ images: string }>())?.images ?? "[]");
    const failure = await d1.db.prepare("SELECT status, reason FROM photos WHERE site = ? AND url = ?").bind(SITE, refused).first<{ status: string; reason: string }>();
    expect(failure?.status).toBe("failed");
    expect(shown).toEqual([
      ...urls.map((url, n) => storedPhotoEntry(url, { status: "ready", hash: String(n).repeat(64), width: 1200, height: 800, colour: "#445566" })),
      storedPhotoEntry(refused, { status: "failed", reason: failure?.reason ?? "" }),
    ]);
  });
});

describe("a batch that only settles photos (ADR 0123)", () => {
  const versions = () => d1.db.prepare("SELECT version, listing_version AS listing FROM stock_versions WHERE site = ?").bind(SITE).first<{ version: number; listing: number }>();
  const carVersion = (stocknum: string) => d1.db.prepare("SELECT stock_version FROM vehicles WHERE stocknum = ?").bind(stocknum).first<number>("stock_version");

  it("moves the site's stock version and its cars' own, never the site's listing version; any other write moves both", async () => {
    const url = "https://photos.example/listing-1.jpg";
    const [shown, other] = ["PHOTO-L1", "PHOTO-L2"];
    await send({ upsert: [{ ...record([url]), stocknum: shown, id: 999_030, slug: "photo-listing-1" }, { ...record([]), stocknum: other, id: 999_031, slug: "photo-listing-2" }] });
    const posted = await versions();
    // A feed's write is a listing change: both versions move, and each car it wrote takes the version as its own.
    expect(posted?.listing).toBe(posted?.version);
    expect([await carVersion(shown), await carVersion(other)]).toEqual([posted?.version, posted?.version]);

    await d1.db.prepare("UPDATE photos SET status = 'ready', hash = ?, width = 1200, height = 800, colour = '#445566' WHERE site = ? AND url = ?").bind("7".repeat(64), SITE, url).run();
    const messages = [{ body: { site: SITE, url }, attempts: 1, ack: () => {}, retry: () => {} }];
    await consumePhotos({ queue: "dealer-photo-fetch", messages } as unknown as MessageBatch<unknown>, { DB: d1.db } as never, carsWriterAsRead);
    const settled = await versions();
    expect(settled?.version).toBe((posted?.version ?? 0) + 1);
    // Pages are named by the listing version: it stays, so pages not showing this car's own page stay kept.
    expect(settled?.listing).toBe(posted?.listing);
    expect(await carVersion(shown)).toBe(settled?.version);
    expect(await carVersion(other)).toBe(posted?.version);

    // A price change (or any feed write) is a listing change again.
    await send({ upsert: [{ ...record([]), stocknum: other, id: 999_031, slug: "photo-listing-2", price: 12_345 }] });
    const priced = await versions();
    expect(priced?.listing).toBe(priced?.version);
    expect(priced?.version).toBe((settled?.version ?? 0) + 1);
    await send({ delete: [shown, other] });
  });
});

describe("the same URL twice in one consumer batch (ADR 0095)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("fetches it once, records one attempt, and settles both messages by that one outcome", async () => {
    const url = "http://127.0.0.1:9/twice.jpg";
    expect((await send({ upsert: [{ ...record([url]), stocknum: "PHOTO-TWICE", id: 999_020, slug: "photo-twice" }] })).upserted).toBe(1);
    queued.splice(0);
    let fetches = 0;
    vi.stubGlobal("fetch", async () => {
      fetches++;
      return new Response("gone", { status: 404 });
    });
    // Two feeds named the URL before either was fetched: two messages, one photo.
    const outcome: string[] = [];
    const messages = [1, 2].map((n) => ({ body: { site: SITE, url }, attempts: 1, ack: () => outcome.push(`ack ${n}`), retry: (options: { delaySeconds: number }) => outcome.push(`retry ${n} in ${options.delaySeconds} s`) }));
    await consumePhotos({ queue: "dealer-photo-fetch", messages } as unknown as MessageBatch<unknown>, { DB: d1.db, LOCAL_DEV: "on" } as never, (db, now) => carsWriterAsRead(db, now));
    expect(fetches).toBe(1);
    const row = await d1.db.prepare("SELECT status, reason, attempts FROM photos WHERE site = ? AND url = ?").bind(SITE, url).first();
    expect(row).toEqual({ status: "failed", reason: PHOTO_REASONS.http(404), attempts: 1 });
    const delay = photoRetryDelaySeconds(1);
    expect(outcome.sort()).toEqual([`retry 1 in ${delay} s`, `retry 2 in ${delay} s`]);
  });
});

describe("the same URL in two consumer batches at once (ADR 0102)", () => {
  afterEach(() => vi.unstubAllGlobals());
  const HASH = "c".repeat(64);
  /** R2 holding the copy already, so the check settles it from its metadata (the pipeline's own path for a held copy). */
  const held = { head: async () => ({ customMetadata: { width: "1200", height: "800", colour: "#445566" } }) };
  const env = { DB: undefined as unknown as D1Database, LOCAL_DEV: "on", PHOTOS: held, IMAGES: {} } as never as { DB: D1Database };
  const consumer = (log: string[], name: string, url: string) => {
    const message = { body: { site: SITE, url }, attempts: 1, ack: () => log.push(`${name} ack`), retry: (options: { delaySeconds: number }) => log.push(`${name} retry ${options.delaySeconds}`) };
    return consumePhotos({ queue: "dealer-photo-fetch", messages: [message] } as unknown as MessageBatch<unknown>, { ...env, DB: d1.db } as never, (db, now) => carsWriterAsRead(db, now));
  };
  const rowOf = (url: string) => d1.db.prepare("SELECT status, hash, attempts, claimed_until FROM photos WHERE site = ? AND url = ?").bind(SITE, url).first();

  it("fetches it once: the second batch waits out the first's claim, then settles by its outcome without a fetch", async () => {
    const url = "http://127.0.0.1:9/claimed.jpg";
    expect((await send({ upsert: [{ ...record([url]), stocknum: "PHOTO-CLAIM", id: 999_030, slug: "photo-claim" }] })).upserted).toBe(1);
    let fetches = 0;
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    vi.stubGlobal("fetch", async () => {
      fetches++;
      await gate;
      return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode(HASH)]), { headers: { "content-type": "image/jpeg" } });
    });
    const log: string[] = [];
    // Consumer A takes the batch and holds its fetch open; consumer B's batch of the same URL runs meanwhile.
    const first = consumer(log, "A", url);
    await vi.waitFor(() => expect(fetches).toBe(1));
    const claim = await rowOf(url);
    expect(claim).toMatchObject({ status: "pending", attempts: 0 });
    const leaseLeft = Date.parse(String(claim?.claimed_until)) - Date.now();
    expect(leaseLeft).toBeGreaterThan(PHOTO_CLAIM_MS - 60_000);
    await consumer(log, "B", url);
    expect(fetches).toBe(1);
    const [waited] = log;
    expect(waited).toMatch(/^B retry \d+$/);
    expect(Number(waited?.split(" ")[2])).toBeGreaterThanOrEqual(Math.floor(leaseLeft / 1000) - 5);

    open();
    await first;
    expect(log.slice(1)).toEqual(["A ack"]);
    expect(await rowOf(url)).toMatchObject({ status: "ready", attempts: 1, claimed_until: null });
    // B's message back after the lease: the URL is held, so it is settled (its cars read) and acked with no fetch.
    await consumer(log, "B", url);
    expect([fetches, log.at(-1)]).toEqual([1, "B ack"]);
    const shown = JSON.parse((await d1.db.prepare("SELECT data ->> '$.images' AS images FROM vehicles WHERE stocknum = 'PHOTO-CLAIM'").first<{ images: string }>())?.images ?? "[]");
    expect(shown.map((entry: { photo: { status: string } }) => entry.photo.status)).toEqual(["ready"]);
  });

  it("takes over a claim whose lease ended (its consumer died holding it)", async () => {
    const url = "http://127.0.0.1:9/orphaned.jpg";
    expect((await send({ upsert: [{ ...record([url]), stocknum: "PHOTO-ORPHAN", id: 999_031, slug: "photo-orphan" }] })).upserted).toBe(1);
    await d1.db.prepare("UPDATE photos SET claimed_until = ? WHERE site = ? AND url = ?").bind(new Date(Date.now() - 1000).toISOString(), SITE, url).run();
    let fetches = 0;
    vi.stubGlobal("fetch", async () => {
      fetches++;
      return new Response("gone", { status: 404 });
    });
    const log: string[] = [];
    await consumer(log, "C", url);
    expect(fetches).toBe(1);
    expect(await rowOf(url)).toMatchObject({ status: "failed", attempts: 1, claimed_until: null });
    expect(log).toEqual([`C retry ${photoRetryDelaySeconds(1)}`]);
  });
});

describe("a feed racing the prune of a copy it shows (ADR 0084)", () => {
  it("has a held URL fetched again when its copy was pruned between the feed's read and its write", async () => {
    const url = "https://photos.example/raced.jpg";
    const hash = "b".repeat(64);
    queued.splice(0);
    await d1.db.prepare("INSERT INTO photos (site, url, status, hash, width, height, colour, updated_at) VALUES (?, ?, 'ready', ?, 1200, 900, '#112233', '2026-05-10')").bind(SITE, url, hash).run();
    // The prune's own statements, as pruneUnreferenced runs them once it found no car showing the copy: its row goes.
    const prune = () => d1.db.prepare("DELETE FROM photos WHERE site = ? AND hash = ?").bind(SITE, hash).run();
    // The feed read the URL as held (resolveFeedPhotos); the prune runs before its first batch (the plan and the write).
    let armed = true;
    const db = new Proxy(d1.db, {
      get: (target, name) =>
        name === "batch"
          ? async (statements: D1PreparedStatement[]) => {
              if (armed) {
                armed = false;
                await prune();
              }
              return target.batch(statements);
            }
          : Reflect.get(target, name).bind(target),
    });
    const answer = await app.request(
      "/vehicles/batch",
      { method: "POST", headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json", Host: HOST }, body: JSON.stringify({ upsert: [{ ...record([url]), stocknum: "PHOTO-RACE", id: 999_002, slug: "photo-race" }] }) },
      { DB: db, PHOTO_QUEUE },
      context,
    );
    expect(answer.status).toBe(200);
    expect(armed).toBe(false);
    // The car shows the copy's address; the URL is pending again and queued, so the same bytes are stored under it again.
    expect(queued.splice(0)).toEqual([{ site: SITE, url }]);
    expect(await d1.db.prepare("SELECT status FROM photos WHERE site = ? AND url = ?").bind(SITE, url).first("status")).toBe("pending");
    // Listed under it (migration 0065), though it shows it as held: the copy fetched again reaches it, changed bytes too.
    expect(await d1.db.prepare("SELECT car_id FROM cars_by_unsettled_photo WHERE site = ? AND source = ?").bind(SITE, url).first("car_id")).toBe(999_002);
  });
});

describe("feed reports kept", () => {
  it("keeps a site's reports of the last 30 days, at most its 100 newest, and drops the rest with their photo rows", async () => {
    const now = new Date("2026-06-30T00:00:00.000Z");
    const day = (daysAgo: number, minute = 0) => new Date(now.getTime() - daysAgo * 86_400_000 + minute * 60_000).toISOString();
    // Site A: 3 reports older than 30 days and 120 recent ones; site B: 2 recent ones.
    const batches = [
      ...[31, 40, 90].map((daysAgo, i) => ({ id: `a-old-${i}`, site: "prune-a", at: day(daysAgo) })),
      ...Array.from({ length: 120 }, (_, i) => ({ id: `a-${String(i).padStart(3, "0")}`, site: "prune-a", at: day(2, i) })),
      ...[1, 29].map((daysAgo, i) => ({ id: `b-${i}`, site: "prune-b", at: day(daysAgo) })),
    ];
    await d1.db.batch(
      batches.flatMap(({ id, site, at }) => [
        d1.db.prepare("INSERT INTO feed_batches (id, site, dealership_id, created_at) VALUES (?, ?, 1, ?)").bind(id, site, at),
        d1.db.prepare("INSERT INTO feed_batch_photos (batch_id, stocknum, position, url) VALUES (?, 'S1', 0, 'https://photos.example/p.jpg')").bind(id),
      ]),
    );
    const recentA = batches.filter((batch) => batch.site === "prune-a" && !batch.id.includes("old"));
    const keptA = recentA.sort((a, b) => b.at.localeCompare(a.at)).slice(0, FEED_REPORTS_KEPT.perSite).map((batch) => batch.id);
    expect(await pruneFeedBatches(d1.db, now)).toBe(3 + (120 - FEED_REPORTS_KEPT.perSite));
    const left = async (table: string, column: string) =>
      (await d1.db.prepare(`SELECT ${column} AS id FROM ${table} WHERE ${column} LIKE 'a-%' OR ${column} LIKE 'b-%' ORDER BY 1`).all<{ id: string }>()).results.map((row) => row.id);
    const expected = [...keptA, "b-0", "b-1"].sort();
    expect(await left("feed_batches", "id")).toEqual(expected);
    expect(await left("feed_batch_photos", "batch_id")).toEqual(expected);
    expect(await pruneFeedBatches(d1.db, now)).toBe(0);
  });
});
