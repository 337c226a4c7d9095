import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { query } from "../support/db";
import { assertConcurrently, concurrentProperty } from "../support/fuzz";
import { fetchSite } from "../support/platform";

/** The manufacturer search (ADR 0031): its index answers only the site's own makes and models; bad input never answers 5xx. */
const MARKUP = "<script>alert(1)</script>";
const INDEX = "Manufacturer_production";
const SITES = ["summit-auto-group", "ridge-motorcycles"] as const;

type Hit = { objectID: string; site: string; manufacturer: { name: string }; model: { name: string; body: string[] } | null };
type Result = { nbHits: number; nbPages: number; hits: Hit[] };

function searchApi(site: string, path: string, body: string, key = `search-${site}`) {
  return fetchSite(site, path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": key },
    body,
  });
}

async function manufacturers(site: string, params: Record<string, unknown>, key?: string): Promise<Result> {
  const response = await searchApi(site, "/1/indexes/*/queries", JSON.stringify({ requests: [{ indexName: INDEX, hitsPerPage: 1000, ...params }] }), key);
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: Result[] }).results[0]!;
}

/** The makes and models a site's stock has, from the database. */
const stockedModels = (site: string) =>
  query<{ make: string; model: string }>(
    `SELECT DISTINCT json_extract(data, '$.make') AS make, json_extract(data, '$.model') AS model FROM vehicles WHERE site = '${site}' AND make IS NOT NULL AND model IS NOT NULL`,
  );

describe("manufacturer index", () => {
  it.each(SITES)("%s: every model its stock has, each with its brand, and nothing of another site", async (site) => {
    const all = await manufacturers(site, {});
    expect(new Set(all.hits.map((hit) => hit.site))).toEqual(new Set([site]));
    const models = all.hits.filter((hit) => hit.model).map((hit) => `${hit.manufacturer.name} ${hit.model!.name}`);
    expect(models.sort()).toEqual(stockedModels(site).map((row) => `${row.make} ${row.model}`).sort());
    // Another site's records cannot be asked for, by filter or by that site's make.
    const other = SITES.find((name) => name !== site)!;
    expect((await manufacturers(site, { filters: `site:${other}` })).nbHits).toBe(0);
    const foreignMake = site === "summit-auto-group" ? "Yamaha" : "Toyota";
    expect((await manufacturers(site, { query: foreignMake })).nbHits).toBe(0);
    expect((await manufacturers(other, { query: foreignMake })).nbHits).toBeGreaterThan(0);
  });

  it("searches manufacturer.name, model.name and model.body, 21 per page", async () => {
    const utes = await manufacturers("summit-auto-group", { query: "ute" });
    expect(utes.hits.length).toBeGreaterThan(0);
    expect(utes.hits.every((hit) => hit.model?.body.includes("Ute"))).toBe(true);
    const hilux = await manufacturers("summit-auto-group", { query: "hilux" });
    expect(hilux.hits.map((hit) => hit.objectID)).toEqual(["summit-auto-group/toyota/hilux"]);
    const page = await manufacturers("summit-auto-group", { hitsPerPage: 21 });
    expect(page.hits).toHaveLength(21);
    expect(page.nbPages).toBe(Math.ceil(page.nbHits / 21));
  });

  it("the first page's links on /brands all answer on both sites", async () => {
    for (const site of SITES) {
      const html = await (await fetchSite(site, "/brands")).text();
      const links = [...html.matchAll(/class="manufacturers__entry"><a href="([^"]+)"/g)].map((match) => match[1]!);
      expect(links).toHaveLength(21);
      const failures: string[] = [];
      for (const href of links) {
        const status = (await fetchSite(site, href)).status;
        if (status !== 200) failures.push(`${site} ${href} -> ${status}`);
      }
      expect(failures).toEqual([]);
    }
  }, 60_000);

  it("stock writes cannot reach it", async () => {
    const response = await searchApi(
      "ridge-motorcycles",
      `/1/indexes/${INDEX}/batch`,
      JSON.stringify({ requests: [{ action: "addObject", body: { manufacturer: { name: "x" } } }] }),
      "write-ridge-motorcycles",
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it.each([
    ["invalid JSON", "/1/indexes/*/queries", "{"],
    ["a mangled filter", `/1/indexes/${INDEX}/query`, JSON.stringify({ filters: 'site:"x' })],
    ["a filter nested 6,000 deep", `/1/indexes/${INDEX}/query`, JSON.stringify({ filters: `${"(".repeat(6000)}site:x${")".repeat(6000)}` })],
    ["a negative page", `/1/indexes/${INDEX}/query`, JSON.stringify({ page: -1 })],
    ["a facet search on an attribute that is no facet", `/1/indexes/${INDEX}/facets/model.body/query`, JSON.stringify({ facetQuery: "u" })],
    ["requests that are not a list", "/1/indexes/*/queries", JSON.stringify({ requests: { indexName: INDEX } })],
  ])("answers %s with 400 and a message", async (_name, path, body) => {
    const response = await searchApi("ridge-motorcycles", path, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBeTruthy();
  });
});

const piece = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("make_query", "make_page", "[", "%", "%ED%A0%80", MARKUP, "-1", "1e400", "99999999999999999999", "toyota"),
);
const address = fc
  .array(fc.tuple(piece, piece), { maxLength: 5 })
  .map((pairs) => `/brands?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join("&")}`);

async function check(path: string) {
  const page = await fetchSite("summit-auto-group", path);
  expect(page.status, path).toBe(200);
  expect(await page.text()).not.toContain(MARKUP);
  const props = await fetchSite("summit-auto-group", `/_props/mf-search/ManufacturerSearch?slot=manufacturers&path=${encodeURIComponent(path)}`);
  expect(props.status, `props ${path}`).toBeLessThan(500);
}

/** Fixed, so a failure reproduces. */
const SEED = 20_031;

describe("/brands addresses under bad input", () => {
  it.each([
    "/brands?make_page=99999999999999999999",
    "/brands?make_page=999",
    `/brands?make_query=${encodeURIComponent(MARKUP)}`,
    `/brands?make_query=${"x".repeat(5000)}`,
    "/brands?make_query=%ED%A0%80&make_page=-1",
  ].map((path) => [path.slice(0, 60), path]))("%s answers a valid page", async (_, path) => {
    await check(path as string);
  });

  it("a page past the end shows the last page", async () => {
    const html = await (await fetchSite("ridge-motorcycles", "/brands?make_page=999")).text();
    const [, page, pages] = /Page <!-- -->(\d+)<!-- --> of <!-- -->(\d+)/.exec(html) ?? [];
    expect(page).toBeDefined();
    expect(page).toBe(pages);
  });

  it("generated addresses never answer 5xx", async () => {
    console.log(`brands address fuzz seed ${SEED}`);
    await assertConcurrently(concurrentProperty(address, check), { numRuns: 200, seed: SEED });
  }, 300_000);
});
