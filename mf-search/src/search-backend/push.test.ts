import type { CarInput } from "@dealer/shared/contract";
import { algoliasearch } from "algoliasearch";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { generateDemoData } from "../../../db/demo/generate";
import { slugHost } from "@dealer/shared/http";
import { demoSeedSql } from "../../../db/demo/seed-sql";
import { createTestD1, runSqlScript } from "../../../db/test-support/d1";
import { createStandIn } from "../algolia-stand-in/stand-in-app";
import { vehicleIndexSettings } from "../engine";
import type { Env } from "../env";
import { inProcessRequester } from "../search-client/in-process-requester";
import { createStockApi } from "../stock";
import type { AlgoliaBackend } from "./backend";
import { consumeDeadPushes, consumeSearchPushes, retryDelaySeconds } from "./push-consumer";
import type { SearchPushMessage } from "@dealer/shared/search-backend";
import { reconcileSites } from "./reconcile";
import { createSearchSyncApi } from "./search-sync-api";

const demo = generateDemoData({ today: "2026-05-10" });
const SITE = "harbour-city-motors";
const harbourCars = demo.vehicles.filter((v) => v.dealership_slug === "harbour-city-motors").slice(0, 12) as CarInput[];
const KEY = "write-harbour-city-motors";
const INDEX = "Car_production";
const KEYS = { appId: "STANDIN", searchKey: "parent-search", writeKey: "admin-write" };

let d1: Awaited<ReturnType<typeof createTestD1>>;
let standIn: ReturnType<typeof createStandIn>;
let queued: SearchPushMessage[];
const stockApi = createStockApi({ now: () => new Date("2026-05-10T12:00:00Z") });

/** The platform's env configured for Algolia, its queue a list this test reads. */
const env = (): Env =>
  ({
    DB: d1.db,
    SEARCH_BACKEND: "algolia",
    ALGOLIA_APP_ID: KEYS.appId,
    ALGOLIA_HOSTS: "http://stand-in.test",
    ALGOLIA_SEARCH_KEY: KEYS.searchKey,
    ALGOLIA_WRITE_KEY: KEYS.writeKey,
    SEARCH_PUSH_QUEUE: {
      send: async (body: SearchPushMessage) => void queued.push(body),
      sendBatch: async (messages: { body: SearchPushMessage }[]) => void queued.push(...messages.map((m) => m.body)),
    },
  }) as unknown as Env;

/** The real client, its requests answered by the stand-in in process. */
const standInClient = (key: string) =>
  algoliasearch(KEYS.appId, key, { requester: inProcessRequester(standIn), hosts: [{ url: "stand-in.test", protocol: "http", accept: "readWrite" }] });
const clientFor = (_backend: AlgoliaBackend, use: "search" | "write") => standInClient(use === "write" ? KEYS.writeKey : KEYS.searchKey);
const admin = () => standInClient(KEYS.writeKey);

function messages(bodies: unknown[], attempts = 1) {
  return bodies.map((body) => ({ body, attempts, ack: vi.fn(), retry: vi.fn() }));
}
/** Delivers what the queue holds to the consumer, as the queue would. */
async function deliver() {
  const batch = messages(queued.splice(0));
  await consumeSearchPushes({ messages: batch }, env(), clientFor);
  return batch;
}
const batch = (body: unknown) =>
  stockApi.request("/vehicles/batch", { method: "POST", headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json", Host: slugHost(SITE) }, body: JSON.stringify(body) }, env());
const indexed = async (filters = `site:"${SITE}"`) =>
  (await admin().searchSingleIndex<{ objectID: string; price: number | null; record_version: number }>({ indexName: INDEX, searchParams: { filters, hitsPerPage: 100 } })).hits;
const pushed = async () => (await d1.db.prepare("SELECT pushed_version AS v, last_error AS e FROM search_pushes WHERE site = ?").bind(SITE).first<{ v: number; e: string | null }>()) ?? null;

beforeAll(async () => {
  d1 = await createTestD1();
  await runSqlScript(d1.db, demoSeedSql(demo, "2026-05-10T00:00:00.000Z"));
});
afterAll(() => d1.dispose());
beforeEach(async () => {
  queued = [];
  standIn = createStandIn(KEYS);
  await admin().setSettings({ indexName: INDEX, indexSettings: vehicleIndexSettings });
  await d1.db.batch(["vehicles", "stock_versions", "stock_changes", "search_pushes"].map((table) => d1.db.prepare(`DELETE FROM ${table}`)));
});

describe("the Algolia push", () => {
  it("queues each accepted batch as {site, version}; the consumer pushes just those cars, and a repeated message pushes nothing", async () => {
    expect((await batch({ upsert: harbourCars, delete: [] })).status).toBe(200);
    expect(queued).toEqual([{ site: SITE, version: 1 }]);
    const first = await deliver();
    expect(first[0]!.ack).toHaveBeenCalled();
    expect((await indexed()).map((hit) => hit.objectID).sort()).toEqual(harbourCars.map((car) => String(car.id)).sort());
    expect(await pushed()).toEqual({ v: 1, e: null });

    const [changed, removed] = harbourCars;
    await batch({ upsert: [{ ...changed, price: 12345 }], delete: [removed!.stocknum] });
    expect(queued).toEqual([{ site: SITE, version: 2 }]);
    // The same change delivered twice, and an old one late: one push, nothing older written.
    queued.push({ site: SITE, version: 2 }, { site: SITE, version: 1 });
    await deliver();
    const hits = await indexed();
    expect(hits).toHaveLength(harbourCars.length - 1);
    expect(hits.find((hit) => hit.objectID === String(changed!.id))).toMatchObject({ price: 12345, record_version: 2 });
    expect(await pushed()).toEqual({ v: 2, e: null });
    queued.push({ site: SITE, version: 2 });
    await deliver();
    expect((await indexed()).find((hit) => hit.objectID === String(changed!.id))?.record_version).toBe(2);
  });

  it("a batch that changes nothing queues nothing", async () => {
    await batch({ upsert: harbourCars, delete: [] });
    queued = [];
    await batch({ upsert: harbourCars, delete: [] });
    expect(queued).toEqual([]);
  });

  it("the reconciliation queues a site behind for a push, and a site whose count differs for a resync that deletes extras", async () => {
    await batch({ upsert: harbourCars, delete: [] });
    queued = [];
    let [drift] = await reconcileSites(env(), { site: SITE }, clientFor);
    expect(drift).toMatchObject({ site: SITE, version: 1, pushed: 0, stock: harbourCars.length, action: "push" });
    await deliver();
    [drift] = await reconcileSites(env(), { site: SITE }, clientFor);
    expect(drift).toMatchObject({ action: "none", indexed: harbourCars.length });
    expect(queued).toEqual([]);

    // Drift: a record the stock never had, and one of the site's cars missing from the index.
    await admin().saveObjects({ indexName: INDEX, objects: [{ objectID: "999999", site: SITE }], waitForTasks: true });
    await admin().deleteObjects({ indexName: INDEX, objectIDs: [String(harbourCars[0]!.id)], waitForTasks: true });
    await admin().saveObjects({ indexName: INDEX, objects: [{ objectID: "999998", site: SITE }], waitForTasks: true });
    [drift] = await reconcileSites(env(), { site: SITE }, clientFor);
    expect(drift).toMatchObject({ action: "resync", indexed: harbourCars.length + 1 });
    expect(queued).toEqual([{ site: SITE, version: 1, resync: true }]);
    await deliver();
    expect((await indexed()).map((hit) => hit.objectID).sort()).toEqual(harbourCars.map((car) => String(car.id)).sort());
  });

  it("pushes the whole site when the change log no longer reaches back to what the index holds", async () => {
    await batch({ upsert: harbourCars.slice(0, 6), delete: [] });
    await batch({ upsert: harbourCars.slice(6), delete: [] });
    await d1.db.prepare("DELETE FROM stock_changes WHERE version = 1").run();
    queued = [{ site: SITE, version: 2 }];
    await deliver();
    expect(await indexed()).toHaveLength(harbourCars.length);
    const resynced = await d1.db.prepare("SELECT resynced_at FROM search_pushes WHERE site = ?").bind(SITE).first<{ resynced_at: string | null }>();
    expect(resynced?.resynced_at).not.toBeNull();
  });

  it("retries a failed push with backoff, notes the failure, and notes a dead-lettered one", async () => {
    await batch({ upsert: harbourCars, delete: [] });
    const failing = messages(queued.splice(0), 3);
    const broken = () => standInClient("wrong-key");
    await consumeSearchPushes({ messages: failing }, env(), broken);
    expect(failing[0]!.ack).not.toHaveBeenCalled();
    expect(failing[0]!.retry).toHaveBeenCalledWith({ delaySeconds: retryDelaySeconds(3) });
    expect(retryDelaySeconds(1)).toBe(10);
    expect(retryDelaySeconds(3)).toBe(40);
    expect(retryDelaySeconds(20)).toBe(600);
    expect((await pushed())?.e).toMatch(/API key/);
    const dead = messages([{ site: SITE, version: 1 }]);
    await consumeDeadPushes({ messages: dead }, env());
    expect(dead[0]!.ack).toHaveBeenCalled();
    expect((await pushed())?.e).toMatch(/dead-lettered/);
  });

  it("with the embedded engine nothing is queued and stray messages are acknowledged", async () => {
    const embedded = { ...env(), SEARCH_BACKEND: "embedded" } as Env;
    await stockApi.request("/vehicles/batch", { method: "POST", headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json", Host: slugHost(SITE) }, body: JSON.stringify({ upsert: harbourCars, delete: [] }) }, embedded);
    expect(queued).toEqual([]);
    const stray = messages([{ site: SITE, version: 1 }, { nonsense: true }]);
    await consumeSearchPushes({ messages: stray }, embedded, clientFor);
    for (const message of stray) expect(message.ack).toHaveBeenCalled();
    expect(await reconcileSites(embedded, {}, clientFor)).toEqual([]);
  });

  it("GET /api/stock/search-sync shows the write key's site; with the embedded engine it is 409, without a key 401", async () => {
    await batch({ upsert: harbourCars, delete: [] });
    const api = createSearchSyncApi();
    const get = (e: Env, key = KEY) => api.request("/", { headers: { Authorization: `Bearer ${key}`, Host: slugHost(SITE) } }, e);
    const shown = (await (await get(env())).json()) as { site: Record<string, unknown> };
    expect(shown.site).toMatchObject({ site: SITE, version: 1, pushed: 0, stock: harbourCars.length, action: "push" });
    expect(queued).toEqual([{ site: SITE, version: 1 }]);
    expect((await get({ ...env(), SEARCH_BACKEND: "embedded" } as Env)).status).toBe(409);
    expect((await get(env(), "search-harbour-city-motors")).status).toBe(401);
  });
});
