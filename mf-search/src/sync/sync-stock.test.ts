import type { Car } from "@dealer/shared/contract";
import { algoliasearch } from "algoliasearch";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateDemoData } from "../../../db/demo/generate";
import { withoutPhotos } from "../../../db/demo/media";
import { demoSeedSql } from "../../../db/demo/seed-sql";
import { createTestD1, runSqlScript } from "../../../db/test-support/d1";
import { vehicleIndexSettings } from "../engine";
import { createSearchApi } from "../search-api";
import { createStockWrites } from "../search-api-writes";
import { inProcessRequester } from "../search-client/in-process-requester";
import { createStockIndexes } from "../search-index/stock-index";
import { pushesPerDealership, replicaSettings, syncStock } from "./sync-stock";

const INDEX = "Car_production";
const SITE = "summit-auto-group";
const generated = generateDemoData({ today: "2026-05-10" });
const demo = { ...generated, vehicles: generated.vehicles.map(withoutPhotos) };
const writeKeys = new Map(demo.apiKeys.filter((k) => k.site === SITE && k.scopes.includes("stock:write")).map((k) => [k.dealership_id!, k.key]));
/** A few cars of each of the site's dealerships keep the test quick; the path is the same for a thousand. */
const siteCars = [...writeKeys.keys()].flatMap((dealershipId) => (demo.vehicles.filter((v) => v.dealership_id === dealershipId) as Car[]).slice(0, 40));

let d1: Awaited<ReturnType<typeof createTestD1>>;
let api: ReturnType<typeof createSearchApi>;
const settingsWrites: string[] = [];

beforeAll(async () => {
  d1 = await createTestD1();
  await runSqlScript(d1.db, demoSeedSql(demo, "2026-05-10T00:00:00.000Z"));
  const indexes = createStockIndexes({ db: d1.db, indexName: INDEX, budgetBytes: 64 * 1024 * 1024 });
  api = createSearchApi({
    getIndex: (_indexName, access) => indexes.target(access),
    ...createStockWrites({ db: d1.db, indexName: INDEX }),
    saveSettings: async (indexName) => {
      settingsWrites.push(indexName);
    },
  });
});
afterAll(() => d1.dispose());
beforeEach(async () => {
  settingsWrites.length = 0;
  await d1.db.batch([d1.db.prepare(`DELETE FROM vehicles WHERE site = '${SITE}'`), d1.db.prepare("DELETE FROM stock_versions")]);
});

/** The unmodified client pointed at the platform's host, its HTTP answered by the search API in process. */
const clientFor = (key: string) =>
  algoliasearch("DEALERPLATFORM", key, {
    hosts: [{ url: `${SITE}.localhost:8787`, protocol: "http", accept: "readWrite" }],
    requester: inProcessRequester(api),
  });
const sync = (cars: Car[]) => syncStock(pushesPerDealership(cars, writeKeys, clientFor), { indexName: INDEX });
const storedCars = async () =>
  (await d1.db.prepare("SELECT data FROM vehicles WHERE site = ? ORDER BY id").bind(SITE).all<{ data: string }>()).results.map((row) => JSON.parse(row.data));
const version = async () => (await d1.db.prepare("SELECT version FROM stock_versions WHERE site = ?").bind(SITE).first<{ version: number }>())?.version ?? 0;

describe("stock sync through the algoliasearch client against the platform's search API", { timeout: 20_000 }, () => {
  it("pushes every dealership's cars with its own write key, then the settings and replicas", async () => {
    expect(writeKeys.size).toBeGreaterThanOrEqual(4);
    const summary = await sync(siteCars);
    expect(summary).toEqual({ records: siteCars.length, indices: [INDEX, ...vehicleIndexSettings.replicas] });
    expect(settingsWrites).toEqual([INDEX, ...vehicleIndexSettings.replicas]);
    expect(await storedCars()).toEqual([...siteCars].sort((a, b) => a.id - b.id));
    expect(await version()).toBeGreaterThan(0);
  });

  it("is idempotent: syncing the same stock again leaves the stock version alone", async () => {
    await sync(siteCars);
    const before = { version: await version(), cars: await storedCars() };
    await sync(siteCars);
    expect({ version: await version(), cars: await storedCars() }).toEqual(before);
  });

  it("makes the pushed stock searchable through the site's search key", async () => {
    await sync(siteCars);
    const { nbHits } = await clientFor(`search-${SITE}`).searchSingleIndex({ indexName: INDEX, searchParams: { hitsPerPage: 0 } });
    expect(nbHits).toBe(siteCars.length);
  });

  it("refuses a car whose dealership has no write key", () => {
    expect(() => pushesPerDealership(siteCars, new Map(), clientFor)).toThrow(/No write key/);
  });
});

describe("replicaSettings", () => {
  it("sorts by the replica's attribute first and keeps the primary's settings but its replica list", () => {
    const settings = replicaSettings(vehicleIndexSettings, "Car_production:price:desc");
    expect(settings.ranking).toEqual(["desc(price)", "typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"]);
    expect(settings).toMatchObject({ customRanking: ["desc(custom_rank)"], attributesForFaceting: vehicleIndexSettings.attributesForFaceting });
    expect(settings).not.toHaveProperty("replicas");
  });
});
