import type { CarInput } from "@dealer/shared/contract";
import { storedPhotoEntry } from "@dealer/shared/media";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateDemoData } from "../../../db/demo/generate";
import { withoutPhotos } from "../../../db/demo/media";
import { demoSeedSql } from "../../../db/demo/seed-sql";
import { createTestD1, runSqlScript } from "../../../db/test-support/d1";
import { createStockApi } from "./stock-api";
import { ID_TAKEN } from "./stock-store";

const generated = generateDemoData({ today: "2026-05-10" });
const demo = { ...generated, vehicles: generated.vehicles.map(withoutPhotos) };
const harbourCars = demo.vehicles.filter((v) => v.dealership_slug === "harbour-city-motors").slice(0, 20);
const summitCar = demo.vehicles.find((v) => v.dealership_slug === "summit-kia-adelaide") as CarInput;
const HARBOUR_KEY = "write-harbour-city-motors";
const SUMMIT_KEY = "write-summit-kia-adelaide";
/** Each key's own site's host: a key is taken there only (ADR 0057). */
const HOST_OF: Record<string, string> = { [HARBOUR_KEY]: "harbour-city-motors.localhost:8787", [SUMMIT_KEY]: "summit-auto-group.localhost:8787" };
/** The Worker's waitUntil, so a test can wait for the audit entry a refusal writes after its answer. */
const pending: Promise<unknown>[] = [];
const context = { waitUntil: (work: Promise<unknown>) => void pending.push(work), passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

/** The photo queue's stand-in: what the feed's request queued (the consumer is tested over the running platform). */
const queued: unknown[] = [];
const PHOTO_QUEUE = { sendBatch: async (messages: { body: unknown }[]) => void queued.push(...messages.map((message) => message.body)) };

let d1: Awaited<ReturnType<typeof createTestD1>>;
const app = createStockApi({ now: () => new Date("2026-05-10T12:00:00Z") });

beforeAll(async () => {
  d1 = await createTestD1();
  await runSqlScript(d1.db, demoSeedSql(demo, "2026-05-10T00:00:00.000Z"));
});
afterAll(() => d1.dispose());
beforeEach(async () => {
  await d1.db.batch([d1.db.prepare("DELETE FROM vehicles"), d1.db.prepare("DELETE FROM stock_versions"), d1.db.prepare("DELETE FROM stock_changes")]);
});

function post(body: unknown, key = HARBOUR_KEY) {
  return app.request(
    "/vehicles/batch",
    { method: "POST", headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Host: HOST_OF[key] ?? "" }, body: JSON.stringify(body) },
    { DB: d1.db, PHOTO_QUEUE },
    context,
  );
}
const get = (query = "", key = HARBOUR_KEY, host = HOST_OF[key] ?? "") => app.request(`/vehicles${query}`, { headers: { Authorization: `Bearer ${key}`, Host: host } }, { DB: d1.db }, context);
const refusals = async () => {
  await Promise.all(pending.splice(0));
  return (await d1.db.prepare("SELECT site, actor, subject, detail FROM audit_log WHERE action = 'key.refused' ORDER BY id").all()).results;
};
const vehicleCount = async () => (await d1.db.prepare("SELECT COUNT(*) AS n FROM vehicles").first<{ n: number }>())?.n;

describe("stock API authentication", () => {
  it.each([
    ["no key", undefined],
    ["an unknown key", "Bearer nope"],
    ["a search key", "Bearer search-harbour-city-motors"],
  ])("answers 401 to %s", async (_, authorization) => {
    const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
    const res = await app.request("/vehicles", { headers: { ...headers, Host: HOST_OF[HARBOUR_KEY] ?? "" } }, { DB: d1.db }, context);
    expect(res.status).toBe(401);
  });

  it("takes a key on its own site's host only: on another site's it is a wrong key, audited under its own site", async () => {
    const before = (await refusals()).length;
    const wrongKey = await get("", "write-nope", HOST_OF[SUMMIT_KEY]);
    const otherSite = await get("", HARBOUR_KEY, HOST_OF[SUMMIT_KEY]);
    expect(otherSite.status).toBe(401);
    expect(await otherSite.json()).toEqual(await wrongKey.json());
    expect((await get("", HARBOUR_KEY, "nowhere.example")).status).toBe(401);
    expect((await get()).status).toBe(200);
    const written = (await refusals()).slice(before);
    expect(written.map((row) => row.site)).toEqual(["harbour-city-motors", "harbour-city-motors"]);
    expect(JSON.parse(String(written[0]?.detail))).toMatchObject({ reason: "another site", host: HOST_OF[SUMMIT_KEY], path: "/vehicles" });
    expect(written[0]?.actor).toBe(`key:${written[0]?.subject}`);
  });

  it("writes no audit entry for a key no one holds", async () => {
    const before = (await refusals()).length;
    for (const key of ["nope", `dk_aaaaaaaaaaaa_${"a".repeat(43)}`]) expect((await get("", key, HOST_OF[HARBOUR_KEY])).status).toBe(401);
    expect((await refusals()).length).toBe(before);
  });
});

describe("POST /vehicles/batch", () => {
  it("upserts a batch, bumps the version, and reads it back", async () => {
    const res = await post({ upsert: harbourCars, delete: [] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ upserted: 20, deleted: 0, unchanged: 0, version: 1, records: [] });
    const one = await (await get(`?stocknum=${harbourCars[3]?.stocknum}`)).json();
    expect(one.vehicles).toHaveLength(1);
    expect(one.vehicles[0].slug).toBe(harbourCars[3]?.slug);
    expect((await (await get()).json()).vehicles).toHaveLength(20);
  });

  it("is idempotent: the same batch twice changes nothing and keeps the version", async () => {
    await post({ upsert: harbourCars });
    const before = (await d1.db.prepare("SELECT id, data FROM vehicles ORDER BY id").all()).results;
    const res = await post({ upsert: harbourCars });
    expect(await res.json()).toEqual({ upserted: 0, deleted: 0, unchanged: 20, version: 1, records: [] });
    expect((await d1.db.prepare("SELECT id, data FROM vehicles ORDER BY id").all()).results).toEqual(before);
  });

  it("updates only the records that changed", async () => {
    await post({ upsert: harbourCars });
    const changed = harbourCars.map((car, i) => (i === 0 ? { ...car, price: 12345 } : car));
    expect(await (await post({ upsert: changed })).json()).toEqual({ upserted: 1, deleted: 0, unchanged: 19, version: 2, records: [] });
    expect((await (await get(`?stocknum=${harbourCars[0]?.stocknum}`)).json()).vehicles[0].price).toBe(12345);
  });

  it("deletes by stock number, and an unknown stock number is a no-op", async () => {
    await post({ upsert: harbourCars });
    expect(await (await post({ delete: [harbourCars[0]?.stocknum, "NOPE1"] })).json()).toEqual({ upserted: 0, deleted: 1, unchanged: 0, version: 2, records: [] });
    expect(await (await post({ delete: ["NOPE1"] })).json()).toEqual({ upserted: 0, deleted: 0, unchanged: 0, version: 2, records: [] });
    expect(await vehicleCount()).toBe(19);
  });

  it("fills site and dealership from the key when a record leaves them out", async () => {
    const { site, dealership_id, dealership_slug, ...bare } = harbourCars[0] as CarInput;
    expect(await (await post({ upsert: [bare] })).json()).toMatchObject({ upserted: 1 });
    const stored = (await (await get()).json()).vehicles[0];
    expect([stored.site, stored.dealership_id, stored.dealership_slug]).toEqual([site, dealership_id, dealership_slug]);
  });

  it("rejects the whole batch, listing every bad record with its field errors", async () => {
    const bad = [...harbourCars];
    bad[2] = { ...(bad[2] as CarInput), price: "cheap" as unknown as number, year: 1800 };
    bad[5] = { ...(bad[5] as CarInput), slug: "Not A Slug" };
    const res = await post({ upsert: bad });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.rejected).toEqual([
      { index: 2, stocknum: bad[2]?.stocknum, errors: { price: [expect.any(String)], year: [expect.any(String)] } },
      { index: 5, stocknum: bad[5]?.stocknum, errors: { slug: ["slug must be lower-case letters, digits and dashes"] } },
    ]);
    expect(await vehicleCount()).toBe(0);
  });

  it("rejects a record for another dealership", async () => {
    const res = await post({ upsert: [harbourCars[0], summitCar] });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.rejected).toHaveLength(1);
    expect(body.rejected[0]).toMatchObject({ index: 1, stocknum: summitCar.stocknum });
    expect(Object.keys(body.rejected[0].errors)).toEqual(["site", "dealership_id", "dealership_slug"]);
    expect(await vehicleCount()).toBe(0);
  });

  it("rejects an id already held by another dealership's vehicle, naming nothing of that vehicle", async () => {
    expect((await post({ upsert: [summitCar] }, SUMMIT_KEY)).status).toBe(200);
    const clash = { ...(harbourCars[0] as CarInput), id: summitCar.id };
    const res = await post({ upsert: [clash] });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.rejected[0].errors.id).toEqual([ID_TAKEN(summitCar.id)]);
    expect(JSON.stringify(body)).not.toContain(summitCar.stocknum);
  });

  it("names the dealership's own car an id clashes with", async () => {
    const [first, second] = harbourCars as [CarInput, CarInput];
    expect((await post({ upsert: [first] })).status).toBe(200);
    const res = await post({ upsert: [{ ...second, id: first.id }] });
    expect((await res.json()).rejected[0].errors.id).toEqual([`id ${first.id} belongs to another vehicle (stock number ${first.stocknum}).`]);
  });

  it("rejects duplicates inside a batch and a malformed body", async () => {
    const dup = await post({ upsert: [harbourCars[0], harbourCars[0]] });
    expect(dup.status).toBe(400);
    expect((await dup.json()).rejected.map((r: { index: number }) => r.index)).toEqual([1]);
    expect((await post({ upsert: "nope" })).status).toBe(400);
    expect((await post({ upsert: [], extra: 1 })).status).toBe(400);
    expect((await post({ upsert: Array.from({ length: 501 }, () => ({})) })).status).toBe(400);
  });

  it("logs the ids each version wrote or removed, including the old id of a car re-sent under a new one", async () => {
    const changesOf = async (version: number) =>
      (await d1.db.prepare("SELECT vehicle_id FROM stock_changes WHERE site = ? AND version = ? ORDER BY vehicle_id").bind("harbour-city-motors", version).all<{ vehicle_id: number }>()).results.map((row) => row.vehicle_id);
    const [first, second] = harbourCars as [CarInput, CarInput];
    await post({ upsert: [first, second] });
    expect(await changesOf(1)).toEqual([first.id, second.id].sort((a, b) => a - b));
    await post({ upsert: [first, second] });
    expect(await changesOf(2)).toEqual([]);
    await post({ upsert: [{ ...first, id: 9_000_001 }], delete: [second.stocknum] });
    expect(await changesOf(2)).toEqual([first.id, second.id, 9_000_001].sort((a, b) => a - b));
  });

  it("answers two concurrent batches creating the same new id with one 200 and one 4xx, never a 500", async () => {
    const clash = { ...(harbourCars[0] as CarInput), id: summitCar.id };
    const [summit, harbour] = await Promise.all([post({ upsert: [summitCar] }, SUMMIT_KEY), post({ upsert: [clash] })]);
    expect([summit.status, harbour.status].sort()).toEqual([200, 400]);
    const refused = summit.status === 200 ? harbour : summit;
    expect((await refused.json()).rejected[0].errors.id).toHaveLength(1);
    expect(await vehicleCount()).toBe(1);
  });

  it("answers the same new car sent twice at once with 200 both times", async () => {
    const statuses = (await Promise.all([post({ upsert: [harbourCars[0]] }), post({ upsert: [harbourCars[0]] })])).map((res) => res.status);
    expect(statuses).toEqual([200, 200]);
    expect(await vehicleCount()).toBe(1);
  });

  it("lists a dealership's vehicles 500 a page in stock-number order, naming where the next page starts", async () => {
    const many = Array.from({ length: 501 }, (_, n) => ({ ...(harbourCars[0] as CarInput), id: 7_000_000 + n, stocknum: `P${String(n).padStart(4, "0")}`, slug: `page-car-${n}` }));
    expect((await post({ upsert: many.slice(0, 500) })).status).toBe(200);
    expect((await post({ upsert: many.slice(500) })).status).toBe(200);
    const first = await (await get()).json();
    expect(first.vehicles).toHaveLength(500);
    expect(first.next).toBe("P0499");
    const second = await (await get(`?after=${first.next}`)).json();
    expect(second).toMatchObject({ vehicles: [{ stocknum: "P0500" }], next: null });
  });

  it("keeps versions per site", async () => {
    await post({ upsert: harbourCars });
    expect(await (await post({ upsert: [summitCar] }, SUMMIT_KEY)).json()).toMatchObject({ version: 1 });
  });
});

describe("a feed as a dealer's system sends it (issue 30)", () => {
  /** A car without the platform's own fields: no id, slug, name or timestamps. */
  const bare = (stocknum: string, over: Record<string, unknown> = {}) => {
    const { id: _id, slug: _slug, name: _name, created_at: _c, updated_at: _u, images: _i, thumbnails: _t, ...rest } = harbourCars[0] as CarInput;
    return { ...rest, stocknum, ...over };
  };
  const stored = async (stocknum: string) => {
    const row = await d1.db.prepare("SELECT data FROM vehicles WHERE stocknum = ?").bind(stocknum).first<{ data: string }>();
    return row ? (JSON.parse(row.data) as Record<string, unknown>) : null;
  };

  it("derives id, slug, name and timestamps, keeps them across sends, and says what it filled in or ignored", async () => {
    const res = await post({ upsert: [bare("FEED-1", { colour_code: "X9", images: ["https://photos.example/1.jpg"] })] });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { upserted: number; batch: string; records: { index: number; derived: string[]; ignored: string[] }[] };
    expect(answer.upserted).toBe(1);
    expect(answer.records).toEqual([
      { index: 0, stocknum: "FEED-1", derived: ["id", "name", "slug", "created_at", "updated_at"], ignored: ["colour_code"], pending: ["https://photos.example/1.jpg"] },
    ]);
    // The photo is queued, not fetched in the request; until it is held the car shows the placeholder.
    expect(queued.splice(0)).toEqual([{ site: "harbour-city-motors", url: "https://photos.example/1.jpg" }]);
    expect(typeof answer.batch).toBe("string");
    const car = (await stored("FEED-1")) as Record<string, unknown>;
    const { year, make, model, badge } = harbourCars[0] as CarInput;
    expect(car).toMatchObject({ name: [year, make, model, badge].filter(Boolean).join(" "), created_at: "2026-05-10T12:00:00.000Z", updated_at: "2026-05-10T12:00:00.000Z" });
    expect(car.slug).toMatch(/-feed-1$/);
    expect(car.id).toBeGreaterThan(2 ** 40);
    expect(car.images).toEqual([storedPhotoEntry("https://photos.example/1.jpg", { status: "pending" })]);
    expect(car.primary_image_url).toBe(storedPhotoEntry("https://photos.example/1.jpg", { status: "pending" }).image.url);

    // Sent again unchanged: the same car, unchanged; changed: the same id, slug and first-seen time, a new updated_at.
    expect(((await (await post({ upsert: [bare("FEED-1", { colour_code: "X9", images: ["https://photos.example/1.jpg"] })] })).json()) as { unchanged: number }).unchanged).toBe(1);
    const later = createStockApi({ now: () => new Date("2026-05-11T08:00:00Z") });
    const changed = await later.request(
      "/vehicles/batch",
      { method: "POST", headers: { Authorization: `Bearer ${HARBOUR_KEY}`, "Content-Type": "application/json", Host: HOST_OF[HARBOUR_KEY] ?? "" }, body: JSON.stringify({ upsert: [bare("FEED-1", { price: 12345 })] }) },
      { DB: d1.db },
      context,
    );
    expect(changed.status).toBe(200);
    expect(await stored("FEED-1")).toMatchObject({ id: car.id, slug: car.slug, created_at: car.created_at, updated_at: "2026-05-11T08:00:00.000Z", price: 12345 });
  });

  it("keys a car without a stock number by its VIN, and keeps the fields a record does send", async () => {
    const { stocknum: _s, ...noStocknum } = bare("unused", { vin: "JTMABC12345678901" });
    expect((await post({ upsert: [noStocknum, bare("FEED-2", { id: 424242, slug: "my-own-slug", name: "Own name" })] })).status).toBe(200);
    expect(await stored("JTMABC12345678901")).toMatchObject({ stocknum: "JTMABC12345678901", vin: "JTMABC12345678901" });
    expect(await stored("FEED-2")).toMatchObject({ id: 424242, slug: "my-own-slug", name: "Own name" });
  });

  it("serves the feed's JSON Schema without a key", async () => {
    const res = await app.request("/schema.json", {}, { DB: d1.db }, context);
    expect(res.status).toBe(200);
    const schema = (await res.json()) as { properties: { upsert: { items: { properties: Record<string, unknown>; required: string[] } } } };
    const record = schema.properties.upsert.items;
    expect(record.required).not.toContain("id");
    expect(record.required).toEqual(expect.arrayContaining(["year", "make", "model", "status", "car_type"]));
    expect(Object.keys(record.properties)).toEqual(expect.arrayContaining(["price", "km", "images", "stocknum", "vin"]));
  });
});
