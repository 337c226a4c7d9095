import type { Car } from "@dealer/shared/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateDemoData } from "../../../db/demo/generate";
import { withoutPhotos } from "../../../db/demo/media";
import { demoSeedSql } from "../../../db/demo/seed-sql";
import { createTestD1, runSqlScript } from "../../../db/test-support/d1";
import { type SearchRecord, toSearchRecord } from "../engine";
import type { BatchOperation, KeyAccess } from "../search-api";
import { createStockWrites } from "./stock-writes";

const generated = generateDemoData({ today: "2026-05-10" });
const demo = { ...generated, vehicles: generated.vehicles.map(withoutPhotos) };
const harbourCars = demo.vehicles.filter((v) => v.dealership_slug === "harbour-city-motors").slice(0, 6) as Car[];
const summitCar = demo.vehicles.find((v) => v.dealership_slug === "summit-kia-adelaide") as Car;
const INDEX = "Car_production";

let d1: Awaited<ReturnType<typeof createTestD1>>;
let writes: ReturnType<typeof createStockWrites>;

beforeAll(async () => {
  d1 = await createTestD1();
  await runSqlScript(d1.db, demoSeedSql(demo, "2026-05-10T00:00:00.000Z"));
  writes = createStockWrites({ db: d1.db, indexName: INDEX, now: () => new Date("2026-05-10T12:00:00Z") });
});
afterAll(() => d1.dispose());
beforeEach(async () => {
  await d1.db.batch([d1.db.prepare("DELETE FROM vehicles"), d1.db.prepare("DELETE FROM stock_versions")]);
});

const on = (site: string) => ({ host: `${site}.localhost:8787`, path: "/1/indexes/*/batch", defer: () => {} });
/** A demo key's access on its own site's host (the Summit group's dealerships write on Summit's). */
async function accessFor(key: string): Promise<KeyAccess> {
  const access = await writes.resolveKey("DEALERPLATFORM", key, on(key.includes("summit") ? "summit-auto-group" : "harbour-city-motors"));
  if (!access) throw new Error(`no key ${key}`);
  return access;
}
const add = (record: SearchRecord): BatchOperation => ({ action: "addObject", body: record });
const apply = async (operations: BatchOperation[], key = "write-harbour-city-motors") => writes.applyBatch(INDEX, operations, await accessFor(key));
const stored = async () =>
  (await d1.db.prepare("SELECT id, data FROM vehicles ORDER BY id").all<{ id: number; data: string }>()).results.map((row) => JSON.parse(row.data) as Car);
const version = async () => (await d1.db.prepare("SELECT version FROM stock_versions WHERE site = 'harbour-city-motors'").first<{ version: number }>())?.version ?? 0;

describe("resolveKey", () => {
  it("lets dealership write keys write and search keys only search", async () => {
    expect(await accessFor("write-harbour-city-motors")).toMatchObject({ site: "harbour-city-motors", canWrite: true });
    expect(await accessFor("search-harbour-city-motors")).toMatchObject({ site: "harbour-city-motors", canWrite: false });
    expect(await writes.resolveKey("DEALERPLATFORM", "nope", on("harbour-city-motors"))).toBeNull();
  });

  it("takes a secret key only on its own site's host; a site's public search key names its site itself", async () => {
    for (const host of [on("summit-auto-group"), { ...on("x"), host: "localhost:8787" }, { ...on("x"), host: "search.internal" }]) {
      expect(await writes.resolveKey("DEALERPLATFORM", "write-harbour-city-motors", host), host.host).toBeNull();
    }
    expect(await writes.resolveKey("DEALERPLATFORM", "search-harbour-city-motors", on("summit-auto-group"))).toMatchObject({ site: "harbour-city-motors" });
  });
});

describe("applyBatch: Algolia operations as stock batches", () => {
  it("stores search records as the cars they came from, and the same records again change nothing", async () => {
    const records = harbourCars.map((car) => toSearchRecord(car));
    await apply(records.map(add));
    expect(await stored()).toEqual(harbourCars);
    expect(await version()).toBe(1);
    await apply(records.map((record) => ({ action: "updateObject", body: JSON.parse(JSON.stringify(record)) })));
    expect(await version()).toBe(1);
  });

  it("merges a partial update onto the stored car; NoCreate skips an unknown objectID", async () => {
    await apply(harbourCars.map((car) => add(toSearchRecord(car))));
    const [first] = harbourCars;
    await apply([
      { action: "partialUpdateObject", body: { objectID: String(first!.id), price: 12345, custom_rank: 1 } },
      { action: "partialUpdateObjectNoCreate", body: { objectID: "999999", price: 1 } },
    ]);
    const after = await stored();
    expect(after.find((car) => car.id === first!.id)).toEqual({ ...first, price: 12345 });
    expect(after).toHaveLength(harbourCars.length);
    expect(await version()).toBe(2);
  });

  it("deletes by objectID within the key's dealership and ignores other dealerships' cars", async () => {
    await apply(harbourCars.map((car) => add(toSearchRecord(car))));
    await apply([add(toSearchRecord(summitCar))], "write-summit-kia-adelaide");
    await apply([
      { action: "deleteObject", body: { objectID: String(harbourCars[0]!.id) } },
      { action: "delete", body: { objectID: String(summitCar.id) } },
    ]);
    expect((await stored()).map((car) => car.id).sort()).toEqual([...harbourCars.slice(1).map((car) => car.id), summitCar.id].sort());
  });

  it("clear removes the key's stock only", async () => {
    await apply(harbourCars.map((car) => add(toSearchRecord(car))));
    await apply([add(toSearchRecord(summitCar))], "write-summit-kia-adelaide");
    await apply([{ action: "clear", body: {} }]);
    expect((await stored()).map((car) => car.id)).toEqual([summitCar.id]);
  });

  it("applies operations in order: the last one on an objectID wins", async () => {
    const [a, b] = harbourCars;
    await apply([add(toSearchRecord(a!)), { action: "deleteObject", body: { objectID: String(a!.id) } }, add(toSearchRecord(b!))]);
    expect((await stored()).map((car) => car.id)).toEqual([b!.id]);
  });

  it("rejects the whole batch, naming each objectID with its field errors", async () => {
    const [a, b, c] = harbourCars.map((car) => toSearchRecord(car));
    const run = apply([add(a!), add({ ...b!, price: "cheap" as unknown as number }), add({ ...c!, objectID: "42" })]);
    await expect(run).rejects.toMatchObject({ status: 400, message: expect.stringContaining("2 record(s) rejected; nothing was applied.") });
    await expect(run).rejects.toMatchObject({ message: expect.stringMatching(new RegExp(`objectID ${b!.id}: price: .+ \\| objectID 42: objectID: objectID must be the car id \\(${c!.id}\\)`)) });
    expect(await stored()).toEqual([]);
    expect(await version()).toBe(0);
  });

  it("rejects another dealership's record, replica writes, search keys and oversized batches", async () => {
    await expect(apply([add(toSearchRecord(summitCar))])).rejects.toMatchObject({ status: 400, message: expect.stringContaining(`objectID ${summitCar.id}: site:`) });
    const record = add(toSearchRecord(harbourCars[0]!));
    await expect(writes.applyBatch("Car_production:price:asc", [record], await accessFor("write-harbour-city-motors"))).rejects.toMatchObject({ status: 400 });
    await expect(apply([record], "search-harbour-city-motors")).rejects.toMatchObject({ status: 403 });
    await expect(apply(Array.from({ length: 501 }, () => record))).rejects.toMatchObject({ status: 400, message: expect.stringContaining("at most 500") });
    expect(await stored()).toEqual([]);
  });
});
