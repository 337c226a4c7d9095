import { siteSearchFilters } from "@dealer/shared/rules";
import { algoliasearch } from "algoliasearch";
import algoliasearchHelper from "algoliasearch-helper";
import { liteClient } from "algoliasearch/lite";
import { describe, expect, it } from "vitest";
import { query } from "../support/db";
import { demoConfig } from "../support/finance";
import { searchSite } from "../support/search-api";
import { fetchSite, GATEWAY_PORT } from "../support/platform";

/**
 * Issue 32, goal 1 (ADR 0059, 0065): the clients a site's pages use answer from the records' own values on whichever
 * backend the platform is configured for. This file runs in both passes of npm test (the embedded engine, and Algolia
 * through the stand-in): the real algoliasearch client and algoliasearch-helper (InstantSearch's headless state)
 * with the page's own credentials, and the server-rendered search page. Expected counts are computed here from the
 * site's records in D1 (a car's drive and fuel in its own words, its simple ones only when it states none).
 */
const INDEX = "Car_production";
type Credentials = { appId: string; apiKey: string; hosts?: { url: string; protocol: "http" | "https" }[] };

/** The credentials the search page gives its browser: the site's key and, on Algolia, the application's hosts. */
async function pageCredentials(site: string): Promise<Credentials> {
  const response = await fetchSite(site, `/_props/mf-search/SearchResults?slot=search&path=${encodeURIComponent("/search")}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { search: Credentials }).search;
}

/**
 * The client's options as the page's browser has them: Algolia's hosts, or (embedded) the tenant's own host, which
 * Node cannot resolve as a browser does (*.localhost), so its requests go through fetchSite with that Host header.
 */
function clientOptions(site: string, credentials: Credentials) {
  const timeouts = { connect: 5_000, read: 20_000, write: 20_000 };
  if (credentials.hosts) return { hosts: credentials.hosts.map((host) => ({ ...host, accept: "read" as const })), timeouts };
  const requester = {
    async send(request: { url: string; method: string; headers: Record<string, string>; data?: string | Uint8Array }) {
      const url = new URL(request.url);
      const body = request.data === undefined || typeof request.data === "string" ? request.data : new TextDecoder().decode(request.data);
      const response = await fetchSite(site, `${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body });
      return { status: response.status, content: await response.text(), isTimedOut: false };
    },
  };
  return { hosts: [{ url: `${site}.localhost:${GATEWAY_PORT}`, protocol: "http" as const, accept: "read" as const }], timeouts, requester };
}

/** Count of the site's records by each value of a field, as the records state it. */
function recordCounts(site: string, field: "drive" | "fuel"): Record<string, number> {
  const rows = query<{ value: string; n: number }>(
    `SELECT coalesce(json_extract(data, '$.${field}'), json_extract(data, '$.simple_${field}')) AS value, COUNT(*) AS n FROM vehicles
     WHERE site = '${site}' GROUP BY value HAVING value IS NOT NULL`,
  );
  return Object.fromEntries(rows.map((row) => [row.value, row.n]));
}

const quoted = (field: string, value: string) => `${field}:"${value.replace(/"/g, '\\"')}"`;
/** The two commonest values, the first one of several words where there is one (the case the issue measured). */
const commonest = (counts: Record<string, number>) => Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0].includes(" ") ? -1 : 1));

describe.each(["harbour-city-motors", "summit-auto-group"])("the search contract on %s", (site) => {
  it("the algoliasearch client: facets, facets ['*'], filters and facetFilters answer in the records' own values", async () => {
    const credentials = await pageCredentials(site);
    const client = algoliasearch(credentials.appId, credentials.apiKey, clientOptions(site, credentials));
    for (const field of ["drive", "fuel"] as const) {
      const counts = recordCounts(site, field);
      expect(Object.keys(counts).length).toBeGreaterThan(1);
      const listed = await client.searchSingleIndex({ indexName: INDEX, searchParams: { hitsPerPage: 0, facets: [field] } });
      expect(listed.facets?.[field]).toEqual(counts);
      const every = await client.searchSingleIndex({ indexName: INDEX, searchParams: { hitsPerPage: 0, facets: ["*"] } });
      expect(every.facets?.[field]).toEqual(counts);

      const [[first, firstCount], [second, secondCount]] = commonest(counts) as [[string, number], [string, number]];
      const filtered = await client.searchSingleIndex({ indexName: INDEX, searchParams: { filters: quoted(field, first), hitsPerPage: 5, attributesToRetrieve: [field] } });
      expect(filtered.nbHits).toBe(firstCount);
      for (const hit of filtered.hits) expect((hit as Record<string, unknown>)[field]).toBe(first);
      const either = await client.searchSingleIndex({
        indexName: INDEX,
        searchParams: { facetFilters: [[`${field}:${first}`, `${field}:${second}`]], hitsPerPage: 0 },
      });
      expect(either.nbHits).toBe(firstCount + secondCount);
      const without = await client.searchSingleIndex({ indexName: INDEX, searchParams: { facetFilters: [`${field}:-${first}`], hitsPerPage: 0 } });
      expect(without.nbHits).toBe(Object.values(counts).reduce((a, b) => a + b, 0) - firstCount);
    }
  });

  it("algoliasearch-helper (InstantSearch's headless state): a disjunctive refinement counts as the records do", async () => {
    const credentials = await pageCredentials(site);
    const client = liteClient(credentials.appId, credentials.apiKey, clientOptions(site, credentials));
    const drive = recordCounts(site, "drive");
    const fuel = recordCounts(site, "fuel");
    const [[driveValue]] = commonest(drive) as [[string, number]];
    const [[fuelValue]] = commonest(fuel) as [[string, number]];
    const helper = algoliasearchHelper(client, INDEX, { disjunctiveFacets: ["drive", "fuel"], hitsPerPage: 0 });
    helper.addDisjunctiveFacetRefinement("drive", driveValue);
    const result = await helper.searchOnce({});
    expect(result.content.nbHits).toBe(drive[driveValue]);
    // A disjunctive facet counts every value as if it alone were refined: the records' counts.
    const values = Object.fromEntries((result.content.getFacetValues("drive", {}) as { name: string; count: number }[]).map(({ name, count }) => [name, count]));
    expect(values).toEqual(drive);
    // Both refined: the cars of that drive and that fuel, counted from the records.
    const both = query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM vehicles WHERE site = '${site}'
       AND coalesce(json_extract(data, '$.drive'), json_extract(data, '$.simple_drive')) = '${driveValue.replace(/'/g, "''")}'
       AND coalesce(json_extract(data, '$.fuel'), json_extract(data, '$.simple_fuel')) = '${fuelValue.replace(/'/g, "''")}'`,
    )[0]?.n;
    const refined = await helper.addDisjunctiveFacetRefinement("fuel", fuelValue).searchOnce({});
    expect(refined.content.nbHits).toBe(both);
  });

  it("the server-rendered page: a drive and a fuel in the records' words refine to the cars that hold them", async () => {
    const config = demoConfig(site);
    const listed = siteSearchFilters(config, new Date()).map((filter) => `(${filter})`).join(" AND ");
    for (const field of ["drive", "fuel"] as const) {
      const [[value]] = commonest(recordCounts(site, field)) as [[string, number]];
      // The platform's own search API (the embedded engine, whichever backend the pages use) with the page's filters.
      const expected = (await searchSite(site, { filters: `${listed} AND ${quoted(field, value)}`, hitsPerPage: 0 })).nbHits;
      expect(expected).toBeGreaterThan(0);
      const html = await (await fetchSite(site, `/search?${encodeURIComponent(`refinementList[${field}][0]`)}=${encodeURIComponent(value)}`)).text();
      const count = /search-results__count[^>]*>([\d,]+) vehicles?/.exec(html)?.[1];
      expect(Number(count?.replace(/,/g, ""))).toBe(expected);
    }
  });
});
