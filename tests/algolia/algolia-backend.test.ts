import { readFileSync } from "node:fs";
import { join } from "node:path";
import { algoliasearch } from "algoliasearch";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { query } from "../support/db";
import { operatorApi } from "../support/operator";
import { fetchSite } from "../support/platform";

/**
 * The platform configured for Algolia, the stand-in as the application (npm test sets both up, ADR 0035): pages carry
 * a secured key of their own site and never the parent key, the keys hold as Algolia's do, and stock changes reach
 * the index through the queue.
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: these tests run in npm test's Algolia-configured run`);
  return value;
};
const APP_ID = env("ALGOLIA_APP_ID");
const PARENT_KEY = env("ALGOLIA_SEARCH_KEY");
const WRITE_KEY = env("ALGOLIA_WRITE_KEY");
const STAND_IN = new URL(env("ALGOLIA_HOSTS").split(",")[0]!);
const INDEX = "Car_production";
const SITE = "harbour-city-motors";
const OTHER = "metro-certified";

type Credentials = { appId: string; apiKey: string; hosts?: { url: string; protocol: string }[] };
type Hit = { objectID: string; site: string; stocknum: string; slug: string; price: number | null; dealership_slug: string };

/** The real client on the stand-in; generous timeouts, since a shared CI machine can stall any process for seconds. */
const clientWith = (apiKey: string) =>
  algoliasearch(APP_ID, apiKey, {
    hosts: [{ url: STAND_IN.host, protocol: STAND_IN.protocol === "https:" ? "https" : "http", accept: "readWrite" }],
    timeouts: { connect: 5_000, read: 20_000, write: 20_000 },
  });
const admin = clientWith(WRITE_KEY);

async function props<T>(site: string, remote: string, fragment: string, slot: string, path: string): Promise<T> {
  const response = await fetchSite(site, `/_props/${remote}/${fragment}?slot=${slot}&path=${encodeURIComponent(path)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
const pageCredentials = async (site: string) => (await props<{ search: Credentials }>(site, "mf-search", "SearchResults", "search", "/search")).search;

/** A search with the key as a browser would send it, straight to the stand-in. */
async function rawSearch(apiKey: string, body: Record<string, unknown> = {}) {
  return fetch(new URL(`/1/indexes/${INDEX}/query`, STAND_IN), {
    method: "POST",
    headers: { "x-algolia-application-id": APP_ID, "x-algolia-api-key": apiKey },
    body: JSON.stringify(body),
  });
}

/** Vehicles per site in D1, read once (each read is a wrangler run). */
let counts: Map<string, number> | null = null;
function stockCount(site: string): number {
  counts ??= new Map(query<{ site: string; n: number }>("SELECT site, COUNT(*) AS n FROM vehicles GROUP BY site").map((row) => [row.site, row.n]));
  return counts.get(site) ?? 0;
}

function stockApi(key: string, path: string, body?: unknown) {
  return fetchSite(SITE, `/api/stock${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe("search on Algolia: keys", () => {
  it("a page carries a secured key of its own site for the Algolia hosts, and never the parent or write key", async () => {
    const car = /href="(\/cars\/[a-z0-9-]+)"/.exec(await (await fetchSite(SITE, "/search")).text())?.[1];
    expect(car).toBeDefined();
    for (const path of ["/search", "/", car!]) {
      const page = await fetchSite(SITE, path);
      const html = await page.text();
      expect(html).not.toContain(PARENT_KEY);
      expect(html).not.toContain(WRITE_KEY);
      expect(page.headers.get("content-security-policy")).toContain(`connect-src 'self' ${STAND_IN.origin}`);
    }
    const credentials = await pageCredentials(SITE);
    expect(credentials.appId).toBe(APP_ID);
    expect(credentials.hosts).toEqual([{ url: STAND_IN.host, protocol: "http" }]);
    expect(credentials.apiKey).not.toBe(PARENT_KEY);
    const restrictions = new URLSearchParams(atob(credentials.apiKey).slice(64));
    expect(restrictions.get("filters")).toBe(`site:"${SITE}"`);
    const validFor = Number(restrictions.get("validUntil")) - Date.now() / 1000;
    expect(validFor).toBeGreaterThan(12 * 3600);
    expect(validFor).toBeLessThanOrEqual(24 * 3600);
  });

  it("a site's secured key sees all of that site's cars and none of another's, whatever the query asks", async () => {
    const { apiKey } = await pageCredentials(SITE);
    const client = clientWith(apiKey);
    const { results } = await client.search<Hit>({
      requests: [
        { indexName: INDEX, hitsPerPage: 1000, attributesToRetrieve: ["site"] },
        { indexName: INDEX, filters: `site:"${OTHER}"`, hitsPerPage: 0 },
        { indexName: `${INDEX}:price:desc`, filters: `site:"${OTHER}" OR site:"${SITE}"`, hitsPerPage: 1000, attributesToRetrieve: ["site"] },
      ],
    });
    const [own, other, widened] = results as { nbHits: number; hits: Hit[] }[];
    expect(own!.nbHits).toBe(stockCount(SITE));
    expect(new Set(own!.hits.map((hit) => hit.site))).toEqual(new Set([SITE]));
    expect(other!.nbHits).toBe(0);
    expect(new Set(widened!.hits.map((hit) => hit.site))).toEqual(new Set([SITE]));
    expect((await admin.searchSingleIndex({ indexName: INDEX, searchParams: { filters: `site:"${OTHER}"`, hitsPerPage: 0 } })).nbHits).toBe(stockCount(OTHER));
  });

  it("an expired key, an altered key and the write key's absence from secured keys are refused with 403", async () => {
    const generator = algoliasearch(APP_ID, PARENT_KEY) as unknown as { generateSecuredApiKey(o: object): string };
    const expired = generator.generateSecuredApiKey({ parentApiKey: PARENT_KEY, restrictions: { filters: `site:"${SITE}"`, validUntil: Math.floor(Date.now() / 1000) - 60 } });
    const fresh = generator.generateSecuredApiKey({ parentApiKey: PARENT_KEY, restrictions: { filters: `site:"${SITE}"`, validUntil: Math.floor(Date.now() / 1000) + 600 } });
    const { apiKey } = await pageCredentials(SITE);
    const altered = btoa(atob(apiKey).replace(SITE, OTHER));
    const forged = algoliasearch(APP_ID, "not-the-parent") as unknown as { generateSecuredApiKey(o: object): string };
    const foreign = forged.generateSecuredApiKey({ parentApiKey: "not-the-parent", restrictions: { filters: `site:"${OTHER}"` } });
    expect((await rawSearch(fresh)).status).toBe(200);
    for (const key of [expired, altered, foreign]) expect((await rawSearch(key)).status).toBe(403);
    // A secured key only searches.
    const write = await fetch(new URL(`/1/indexes/${INDEX}/batch`, STAND_IN), {
      method: "POST",
      headers: { "x-algolia-application-id": APP_ID, "x-algolia-api-key": apiKey },
      body: JSON.stringify({ requests: [{ action: "deleteObject", body: { objectID: "1" } }] }),
    });
    expect(write.status).toBe(403);
  });
});

describe("search on Algolia: stock", () => {
  let restore: (() => Promise<unknown>) | null = null;
  afterAll(async () => {
    await restore?.();
  });

  it("a stock change reaches the index through the queue, and the search page shows it", async () => {
    const { apiKey } = await pageCredentials(SITE);
    const client = clientWith(apiKey);
    const { hits } = await client.searchSingleIndex<Hit>({ indexName: INDEX, searchParams: { filters: "price > 1000 AND status:in_stock", hitsPerPage: 1 } });
    const hit = hits[0]!;
    const key = `write-${hit.dealership_slug}`;
    const { vehicles } = (await (await stockApi(key, `/vehicles?stocknum=${encodeURIComponent(hit.stocknum)}`)).json()) as { vehicles: Record<string, unknown>[] };
    const original = vehicles[0]!;
    restore = () => stockApi(key, "/vehicles/batch", { upsert: [original], delete: [] });
    const changedPrice = (hit.price ?? 0) + 4321;
    const written = await stockApi(key, "/vehicles/batch", { upsert: [{ ...original, price: changedPrice }], delete: [] });
    expect(written.status).toBe(200);
    const { version } = (await written.json()) as { version: number };
    const priceInIndex = async () =>
      (await client.searchSingleIndex<Hit>({ indexName: INDEX, searchParams: { filters: `stocknum:"${hit.stocknum}"` } })).hits[0]?.price;
    await expect.poll(priceInIndex, { timeout: 10_000, interval: 250 }).toBe(changedPrice);
    const sync = (await (await stockApi(key, "/search-sync")).json()) as { site: { pushed: number; version: number } };
    expect(sync.site.pushed).toBeGreaterThanOrEqual(version);
    const view = await props<{ view: { cards: unknown[] } }>(SITE, "mf-search", "SearchResults", "search", `/search?query=${encodeURIComponent(hit.stocknum)}`);
    expect(JSON.stringify(view.view.cards)).toContain(`"amount":${changedPrice}`);
  });

  it("featured stock and similar vehicles are what the Algolia index holds; a resync puts a lost record back", async () => {
    type Row = { cards: { href: string }[] };
    const featured = await props<Row>(SITE, "mf-search", "FeaturedStock", "featured-stock", "/");
    expect(featured.cards.length).toBeGreaterThan(0);
    const first = featured.cards[0]!.href;
    const slug = first.split("/").pop()!;
    // The car page's similar row is the related call's answer (ADR 0076), from the Algolia index here.
    const similar = (await (await fetchSite(SITE, `/cars/${slug}/related.json`)).json()) as Row;
    expect(similar.cards.length).toBeGreaterThan(0);
    expect(similar.cards.map((card) => card.href)).not.toContain(first);

    // The record leaves the index (not the stock): featured stock no longer shows it.
    const { hits } = await admin.searchSingleIndex<Hit>({ indexName: INDEX, searchParams: { filters: `site:"${SITE}"`, hitsPerPage: 1000, attributesToRetrieve: ["slug"] } });
    const objectID = hits.find((hit) => hit.slug === slug)!.objectID;
    await admin.deleteObjects({ indexName: INDEX, objectIDs: [objectID], waitForTasks: true });
    const hrefs = async () => (await props<Row>(SITE, "mf-search", "FeaturedStock", "featured-stock", "/")).cards.map((card) => card.href);
    expect(await hrefs()).not.toContain(first);

    // The reconciliation sees the count differ and queues a resync; the consumer saves the site again.
    const [{ key }] = query<{ key: string }>(`SELECT 'write-' || slug AS key FROM dealerships WHERE site = '${SITE}' ORDER BY slug LIMIT 1`) as [{ key: string }];
    const reconciled = (await (await stockApi(key, "/search-sync", {})).json()) as { site: { action: string } };
    expect(reconciled.site.action).toBe("resync");
    await expect.poll(hrefs, { timeout: 20_000, interval: 500 }).toContain(first);
  });
});

describe("search on Algolia: a deleted site", () => {
  const LEAVING = "algolia-leaving-dealer";
  afterAll(async () => {
    await operatorApi("DELETE", `/sites/${LEAVING}`);
  });

  it("leaves the index within seconds of the operator's delete, not at the hourly reconciliation", async () => {
    await operatorApi("DELETE", `/sites/${LEAVING}`);
    const file = parseYaml(readFileSync(join(import.meta.dirname, "../../examples/sites/seventh-dealer.yaml"), "utf8")) as Record<string, unknown> & { dealerships: { slug: string }[] };
    const dealerships = file.dealerships.map((dealership) => ({ ...dealership, slug: `${LEAVING}-${dealership.slug}` }));
    const created = await operatorApi("POST", "/sites", { ...file, slug: LEAVING, domains: [], dealerships });
    expect(created.status, await created.clone().text()).toBe(201);
    const { keys } = (await created.json()) as { keys: { key: string }[] };

    // One of Harbour's cars, sent by the new dealer's feed without the platform's own fields (the platform derives them).
    const { vehicles } = (await (await stockApi(`write-${SITE}`, "/vehicles?limit=1")).json()) as { vehicles: Record<string, unknown>[] };
    const { id: _id, slug: _slug, site: _site, dealership_id: _d, dealership_slug: _ds, ...car } = vehicles[0]!;
    const written = await fetchSite(LEAVING, "/api/stock/vehicles/batch", {
      method: "POST",
      headers: { authorization: `Bearer ${keys[0]!.key}`, "content-type": "application/json" },
      body: JSON.stringify({ upsert: [{ ...car, stocknum: "LEAVE01", vin: null }], delete: [] }),
    });
    expect(written.status, await written.clone().text()).toBe(200);
    const indexed = async () => (await admin.searchSingleIndex<Hit>({ indexName: INDEX, searchParams: { filters: `site:"${LEAVING}"`, hitsPerPage: 10 } })).hits.map((hit) => hit.stocknum);
    await expect.poll(indexed, { timeout: 20_000, interval: 250 }).toEqual(["LEAVE01"]);

    expect((await operatorApi("DELETE", `/sites/${LEAVING}`)).status).toBe(200);
    await expect.poll(indexed, { timeout: 20_000, interval: 250 }).toEqual([]);
  });
});
