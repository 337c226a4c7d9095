import { algoliasearch } from "algoliasearch";
import { liteClient } from "algoliasearch/lite";
import { describe, expect, it } from "vitest";
import { conformanceCars } from "../engine/fixtures/conformance-vehicles";
import { toSearchRecord, vehicleIndexSettings } from "../engine";
import { generateSiteKey } from "../search-backend/secured-keys";
import { inProcessRequester } from "../search-client/in-process-requester";
import { createStandIn } from "./stand-in-app";

const APP = "STANDIN";
const SEARCH_KEY = "parent-search-key";
const WRITE_KEY = "admin-write-key";
const INDEX = "Car_production";
const NOW = Date.parse("2026-05-10T12:00:00Z");

/** The real clients, their requests answered by the stand-in's fetch in process. */
function standIn(now = () => NOW) {
  const app = createStandIn({ appId: APP, searchKey: SEARCH_KEY, writeKey: WRITE_KEY, now });
  const options = { requester: inProcessRequester(app), hosts: [{ url: "stand-in.test", protocol: "http" as const, accept: "readWrite" as const }] };
  const client = (key: string) => algoliasearch(APP, key, options);
  return { app, client, lite: (key: string) => liteClient(APP, key, options) };
}

async function loaded() {
  const stand = standIn();
  const admin = stand.client(WRITE_KEY);
  await admin.setSettings({ indexName: INDEX, indexSettings: vehicleIndexSettings });
  await admin.saveObjects({ indexName: INDEX, objects: conformanceCars.map((car) => toSearchRecord(car)), waitForTasks: true });
  return { ...stand, admin };
}

const raw = (app: ReturnType<typeof createStandIn>, key: string, body: unknown = {}) =>
  app.request(`/1/indexes/${INDEX}/query`, { method: "POST", headers: { "x-algolia-application-id": APP, "x-algolia-api-key": key }, body: JSON.stringify(body) });

describe("Algolia stand-in: secured API keys", () => {
  it("takes a key the algoliasearch client generated from the parent key, and keeps it inside its site whatever the query asks", async () => {
    const { lite, admin } = await loaded();
    const all = await admin.searchSingleIndex({ indexName: INDEX, searchParams: { hitsPerPage: 0 } });
    const key = await generateSiteKey(APP, SEARCH_KEY, "harbour-city-motors", NOW);
    const { results } = await lite(key).search<{ site: string }>({
      requests: [
        { indexName: INDEX, hitsPerPage: 100 },
        { indexName: INDEX, filters: 'site:"metro-certified"' },
        { indexName: INDEX, facetFilters: [["site:metro-certified"]] },
      ],
    });
    const [own, asked, faceted] = results as { nbHits: number; hits: { site: string }[] }[];
    expect(own!.nbHits).toBeGreaterThan(0);
    expect(own!.nbHits).toBeLessThan(all.nbHits!);
    expect(new Set(own!.hits.map((hit) => hit.site))).toEqual(new Set(["harbour-city-motors"]));
    expect(asked!.nbHits).toBe(0);
    expect(faceted!.nbHits).toBe(0);
  });

  it("refuses an expired key, an altered key, a key from another parent and a key for another app with 403", async () => {
    const { app } = await loaded();
    const expired = await generateSiteKey(APP, SEARCH_KEY, "harbour-city-motors", NOW - 25 * 3600 * 1000);
    const valid = await generateSiteKey(APP, SEARCH_KEY, "harbour-city-motors", NOW);
    const altered = btoa(atob(valid).replace("harbour-city-motors", "metro-certified"));
    const foreign = await generateSiteKey(APP, "some-other-parent", "harbour-city-motors", NOW);
    expect((await raw(app, valid)).status).toBe(200);
    for (const key of [expired, altered, foreign, "not base64 at all!"]) expect((await raw(app, key)).status).toBe(403);
    const otherApp = await app.request(`/1/indexes/${INDEX}/query`, { method: "POST", headers: { "x-algolia-application-id": "OTHER", "x-algolia-api-key": valid }, body: "{}" });
    expect(otherApp.status).toBe(403);
  });

  it("stops taking a cached key once it expires", async () => {
    let now = NOW;
    const stand = standIn(() => now);
    await stand.client(WRITE_KEY).setSettings({ indexName: INDEX, indexSettings: vehicleIndexSettings });
    const key = await generateSiteKey(APP, SEARCH_KEY, "harbour-city-motors", NOW - 24 * 3600 * 1000 + 5000);
    expect((await raw(stand.app, key)).status).toBe(200);
    now += 6000;
    expect((await raw(stand.app, key)).status).toBe(403);
  });

  it("writes only with the admin key", async () => {
    const { client } = await loaded();
    const key = await generateSiteKey(APP, SEARCH_KEY, "harbour-city-motors", NOW);
    for (const apiKey of [key, SEARCH_KEY]) {
      await expect(client(apiKey).saveObjects({ indexName: INDEX, objects: [{ objectID: "x" }] })).rejects.toThrow(/not allowed/);
    }
  });
});

describe("Algolia stand-in: writes, replicas and browse", () => {
  it("applies IncrementSet as a version lock: an older or equal version leaves the record alone, a newer one replaces it", async () => {
    const { admin } = await loaded();
    const update = (price: number, version: number) =>
      admin.partialUpdateObjects({ indexName: INDEX, objects: [{ objectID: "1", price, record_version: { _operation: "IncrementSet", value: version } }], createIfNotExists: true, waitForTasks: true });
    const price = async () => (await admin.searchSingleIndex<{ price: number; record_version: number }>({ indexName: INDEX, searchParams: { filters: 'stocknum:"STK0001"' } })).hits[0];
    await update(1000, 5);
    expect(await price()).toMatchObject({ price: 1000, record_version: 5 });
    await update(2000, 5);
    await update(3000, 4);
    expect(await price()).toMatchObject({ price: 1000, record_version: 5 });
    await update(4000, 6);
    expect(await price()).toMatchObject({ price: 4000, record_version: 6, make: "Toyota" });
  });

  it("answers a sort replica from the primary's records once the settings name it", async () => {
    const { admin } = await loaded();
    const { hits } = await admin.searchSingleIndex<{ price: number | null }>({ indexName: `${INDEX}:price:desc`, searchParams: { hitsPerPage: 3, filters: "price > 0" } });
    const prices = hits.map((hit) => hit.price!);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    await expect(admin.searchSingleIndex({ indexName: "Nope_production", searchParams: {} })).rejects.toThrow(/does not exist/);
  });

  it("browses every record of a filter a page at a time, and deletes and clears", async () => {
    const { admin } = await loaded();
    const seen: string[] = [];
    await admin.browseObjects<{ objectID: string }>({
      indexName: INDEX,
      browseParams: { filters: 'site:"harbour-city-motors"', hitsPerPage: 2, attributesToRetrieve: ["objectID"] },
      aggregator: (page) => seen.push(...page.hits.map((hit) => hit.objectID)),
    });
    const harbour = conformanceCars.filter((car) => car.site === "harbour-city-motors").map((car) => String(car.id));
    expect(seen.sort()).toEqual(harbour.sort());
    await admin.deleteObjects({ indexName: INDEX, objectIDs: [harbour[0]!], waitForTasks: true });
    expect((await admin.searchSingleIndex({ indexName: INDEX, searchParams: { filters: 'site:"harbour-city-motors"', hitsPerPage: 0 } })).nbHits).toBe(harbour.length - 1);
    await admin.clearObjects({ indexName: INDEX });
    expect((await admin.searchSingleIndex({ indexName: INDEX, searchParams: { hitsPerPage: 0 } })).nbHits).toBe(0);
  });

  it("takes single-record writes: partial update (with and without create), save, get and delete", async () => {
    const { admin } = await loaded();
    await admin.partialUpdateObject({ indexName: INDEX, objectID: "1", attributesToUpdate: { price: 777 } });
    expect(await admin.getObject({ indexName: INDEX, objectID: "1" })).toMatchObject({ objectID: "1", price: 777, make: "Toyota" });
    await admin.partialUpdateObject({ indexName: INDEX, objectID: "new", attributesToUpdate: { price: 1 }, createIfNotExists: false });
    await expect(admin.getObject({ indexName: INDEX, objectID: "new" })).rejects.toThrow(/does not exist/);
    await admin.addOrUpdateObject({ indexName: INDEX, objectID: "new", body: { site: "x", price: 2 } });
    expect(await admin.getObject({ indexName: INDEX, objectID: "new" })).toEqual({ objectID: "new", site: "x", price: 2 });
    await admin.deleteObject({ indexName: INDEX, objectID: "new" });
    await expect(admin.getObject({ indexName: INDEX, objectID: "new" })).rejects.toThrow(/does not exist/);
    await expect(admin.getSettings({ indexName: INDEX })).resolves.toMatchObject({ customRanking: ["desc(custom_rank)"] });
  });
});
