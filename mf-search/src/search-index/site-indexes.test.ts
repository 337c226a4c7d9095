import { readSiteVersions } from "@dealer/shared/http";
import { beforeEach, describe, expect, it } from "vitest";
import { prepareSearch, SearchError, vehicleIndexSettings } from "../engine";
import { createSearchApi, type KeyAccess } from "../search-api";
import { createSiteIndexes, SITE_VERSION_CHECK_MS, type SiteStockSource } from "./site-indexes";
import { loadSiteStock, readSiteChanges } from "./site-stock";
import { createStockIndexes, DEFAULT_INDEX_BUDGET_MB, indexBudgetBytes, keySite } from "./stock-index";
import { carsWriterAsRead } from "../stock/stock-store";
import { carsOf, localStockD1, writeStock } from "./test-stock";

const INDEX = "Car_production";
const [A, B, C] = ["site-a", "site-b", "site-c"];
const MB = 1024 * 1024;
const stock = { [A]: carsOf(A, 1, 40, 1), [B]: carsOf(B, 2, 40, 1001), [C]: carsOf(C, 3, 40, 2001) };
const dealership = { [A]: 1, [B]: 2, [C]: 3 };
const key = (site: string | null): KeyAccess => ({ site, canWrite: false });

const d1 = localStockD1();
beforeEach(async () => {
  for (const site of [A, B, C]) await writeStock(d1.db, site, dealership[site]!, stock[site]!);
});

/** The D1 source, with a gate the test opens to hold a refresh between its read of the change log and its apply. */
function d1Source() {
  let open: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  const loads: string[] = [];
  const source: SiteStockSource = {
    version: (site) => readSiteVersions(d1.db, site),
    load: (site) => {
      loads.push(site);
      return loadSiteStock(d1.db, site);
    },
    changes: async (site, since, until) => {
      const changes = await readSiteChanges(d1.db, site, since, until);
      await gate;
      return changes;
    },
  };
  return {
    source,
    loads,
    close: () => {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    open: () => open(),
  };
}

function clock() {
  let time = 0;
  return { now: () => time, pass: (ms = SITE_VERSION_CHECK_MS) => (time += ms) };
}

const ids = (response: { hits: { objectID: string }[] }) => response.hits.map((hit) => hit.objectID);

describe("per-site vehicle indexes", () => {
  it("load a site's index on its first query, holding that site's stock only", async () => {
    const { source, loads } = d1Source();
    const sites = createSiteIndexes({ indexName: INDEX, settings: vehicleIndexSettings, source, budgetBytes: 64 * MB });
    expect(sites.heldSites()).toEqual([]);
    const [first, second] = await Promise.all([sites.get(A), sites.get(A)]);
    expect(first).toBe(second);
    expect(loads).toEqual([A]);
    expect(sites.heldSites()).toEqual([A]);
    expect(first.index.liveCount).toBe(stock[A]!.length);
    expect(first.version).toBe(1);
  });

  it("keep the most recently used sites within the memory budget", async () => {
    const measure = createSiteIndexes({ indexName: INDEX, settings: vehicleIndexSettings, source: d1Source().source, budgetBytes: 64 * MB });
    const oneSite = (await measure.get(A)).bytes;
    expect(oneSite).toBeGreaterThan(0);
    const sites = createSiteIndexes({ indexName: INDEX, settings: vehicleIndexSettings, source: d1Source().source, budgetBytes: 2.5 * oneSite });
    await sites.get(A);
    await sites.get(B);
    await sites.get(A);
    await sites.get(C);
    expect(sites.heldSites()).toEqual([A, C]);
    // A site larger than the whole budget is still served, alone.
    const tiny = createSiteIndexes({ indexName: INDEX, settings: vehicleIndexSettings, source: d1Source().source, budgetBytes: 1 });
    await tiny.get(A);
    await tiny.get(B);
    expect(tiny.heldSites()).toEqual([B]);
  });

  it("apply a change from the log without making a query wait; a query already under way answers from the state before", async () => {
    const { source, loads, close, open } = d1Source();
    const time = clock();
    const sites = createSiteIndexes({ indexName: INDEX, settings: vehicleIndexSettings, source, budgetBytes: 64 * MB, now: time.now });
    const loaded = await sites.get(A);
    const index = loaded.index;
    const [changed, removed] = [stock[A]![0]!, stock[A]![1]!];
    const inFlight = prepareSearch(loaded.index, INDEX, { filters: `price = 4321 OR stocknum:"${removed.stocknum}"`, hitsPerPage: 5 });

    await writeStock(d1.db, A, 1, [{ ...changed, price: 4321 }], [removed.stocknum]);
    close();
    time.pass();
    const during = await sites.get(A); // starts the refresh, held at the gate: this query does not wait for it
    expect(during.version).toBe(1);
    expect(prepareSearch(during.index, INDEX, { filters: "price = 4321" }).objectIDs).toEqual([]);
    open();
    await sites.settled();

    const after = await sites.get(A);
    expect(after.index).toBe(index); // applied in place, not reloaded
    expect(loads).toEqual([A]);
    expect(after.version).toBe(2);
    expect(prepareSearch(after.index, INDEX, { filters: "price = 4321" }).objectIDs).toEqual([String(changed.id)]);
    expect(prepareSearch(after.index, INDEX, { filters: `stocknum:"${removed.stocknum}"` }).objectIDs).toEqual([]);
    expect(inFlight.objectIDs).toEqual([String(removed.id)]);
    expect(inFlight.finish(new Map()).nbHits).toBe(1);
  });

  it("take a change of photos alone with its stock version, and keep the listing version the pages are named by (ADR 0123)", async () => {
    const { source } = d1Source();
    const time = clock();
    const sites = createSiteIndexes({ indexName: INDEX, settings: vehicleIndexSettings, source, budgetBytes: 64 * MB, now: time.now });
    expect(await sites.get(A)).toMatchObject({ version: 1, listing: 1 });
    const car = stock[A]![0]!;
    const [read] = (await d1.db.prepare("SELECT data FROM vehicles WHERE stocknum = ?").bind(car.stocknum).all<{ data: string }>()).results;
    await carsWriterAsRead(d1.db, new Date().toISOString())({ site: A, dealershipId: 1 }, [{ ...car, primary_image_url: "/photos/settled.jpg" }], new Map([[car.stocknum, read?.data ?? ""]]));
    time.pass();
    await sites.get(A);
    await sites.settled();
    expect(await sites.get(A)).toMatchObject({ version: 2, listing: 1 });
    await writeStock(d1.db, A, 1, [{ ...car, price: 4321 }]);
    time.pass();
    await sites.get(A);
    await sites.settled();
    expect(await sites.get(A)).toMatchObject({ version: 3, listing: 3 });
  });

  it("look at D1 at most once per check interval, and a change on one site costs the others nothing", async () => {
    const { source } = d1Source();
    const versionReads: string[] = [];
    const counted: SiteStockSource = {
      ...source,
      version: (site) => {
        versionReads.push(site);
        return source.version(site);
      },
    };
    const time = clock();
    const sites = createSiteIndexes({ indexName: INDEX, settings: vehicleIndexSettings, source: counted, budgetBytes: 64 * MB, now: time.now });
    const b = await sites.get(B);
    const bIndex = b.index;
    await sites.get(A);
    for (let i = 0; i < 5; i++) await sites.get(A);
    expect(versionReads).toEqual([]);
    await writeStock(d1.db, A, 1, [{ ...stock[A]![0]!, price: 777 }]);
    time.pass();
    await sites.get(A);
    await sites.settled();
    expect(versionReads).toEqual([A]);
    expect((await sites.get(B)).index).toBe(bIndex);
    expect(b.version).toBe(1);
  });

  it("reload a site whose change log was pruned past the version its index holds", async () => {
    const { source, loads } = d1Source();
    const time = clock();
    const sites = createSiteIndexes({ indexName: INDEX, settings: vehicleIndexSettings, source, budgetBytes: 64 * MB, now: time.now });
    const before = (await sites.get(A)).index;
    await writeStock(d1.db, A, 1, [{ ...stock[A]![0]!, price: 1111 }]);
    await writeStock(d1.db, A, 1, [{ ...stock[A]![1]!, price: 2222 }]);
    await d1.db.prepare("DELETE FROM stock_changes WHERE site = ? AND version = 2").bind(A).run();
    time.pass();
    await sites.get(A);
    await sites.settled();
    const after = await sites.get(A);
    expect(loads).toEqual([A, A]);
    expect(after.index).not.toBe(before);
    expect(after.version).toBe(3);
    expect(prepareSearch(after.index, INDEX, { filters: "price = 1111 OR price = 2222" }).objectIDs).toHaveLength(2);
  });
});

describe("the search API over per-site indexes", () => {
  const keys: Record<string, KeyAccess> = { [`search-${A}`]: key(A), [`search-${B}`]: key(B), admin: { site: null, canWrite: true } };
  const api = () => {
    const indexes = createStockIndexes({ db: d1.db, indexName: INDEX, budgetBytes: 64 * MB });
    return createSearchApi({
      getIndex: (_indexName, access) => indexes.target(access),
      resolveKey: async (_appId, apiKey) => keys[apiKey] ?? null,
      applyBatch: async () => {},
    });
  };
  const query = (app: ReturnType<typeof api>, apiKey: string, body: unknown, path = "/1/indexes/Car_production/query") =>
    app.request(path, { method: "POST", headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": apiKey }, body: JSON.stringify(body) });

  it("answers a site's key from its own site's index only, hits read whole from D1", async () => {
    const app = api();
    const own = await (await query(app, `search-${A}`, { hitsPerPage: 100 })).json();
    expect(own.nbHits).toBe(stock[A]!.length);
    expect(own.hits[0]).toMatchObject({ site: A, images: expect.any(Array), _highlightResult: expect.any(Object) });
    const reachingOut = await (await query(app, `search-${A}`, { filters: `site:"${B}" OR stocknum:"${stock[B]![0]!.stocknum}"` })).json();
    expect(reachingOut.nbHits).toBe(0);
    const multi = await (
      await query(app, `search-${B}`, { requests: [{ indexName: INDEX, hitsPerPage: 2 }, { indexName: `${INDEX}:price:asc`, hitsPerPage: 0, facets: ["make"] }] }, "/1/indexes/*/queries")
    ).json();
    expect(multi.results.map((result: { nbHits: number }) => result.nbHits)).toEqual([stock[B]!.length, stock[B]!.length]);
    expect(ids(multi.results[0]).every((id: string) => Number(id) > 1000 && Number(id) <= 2000)).toBe(true);
  });

  it("answers a query whose hits were deleted since its index last looked from the index caught up, not a short page", async () => {
    const app = api();
    const first = await (await query(app, `search-${A}`, { hitsPerPage: 2 })).json();
    const gone = stock[A]!.filter((car) => ids(first).includes(String(car.id)));
    // Within the check interval the held index has not looked at D1: without catching up, its page would be empty.
    await writeStock(d1.db, A, dealership[A]!, [], gone.map((car) => car.stocknum));
    const after = await (await query(app, `search-${A}`, { hitsPerPage: 2 })).json();
    expect(after.nbHits).toBe(stock[A]!.length - 2);
    expect(after.hits).toHaveLength(2);
    expect(ids(after).some((id: string) => ids(first).includes(id))).toBe(false);
  });

  it("refuses a key bound to no site with a 400 that says why, rather than searching the network", async () => {
    const response = await query(api(), "admin", { query: "" });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/one site at a time.*bound to no site/);
    expect(() => keySite(key(null), "Manufacturer_production")).toThrow(SearchError);
    expect(keySite(key(A), "Manufacturer_production")).toBe(A);
  });
});

describe("indexBudgetBytes", () => {
  it("reads SEARCH_INDEX_BUDGET_MB, falling back to the default for anything but a positive number", () => {
    expect(indexBudgetBytes("80")).toBe(80 * MB);
    for (const configured of [undefined, "", "zero", "-5", "0"]) expect(indexBudgetBytes(configured)).toBe(DEFAULT_INDEX_BUDGET_MB * MB);
  });
});
