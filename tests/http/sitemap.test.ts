import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { searchVisibilityFilter } from "@dealer/shared/rules";
import { DEMO_SITES } from "../../db/demo/sites";
import { XMLLINT_PATH } from "../../scripts/chromium";
import { fetchSite, GATEWAY_PORT } from "../support/platform";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));
const SCHEMAS = join(import.meta.dirname, "../support/sitemaps");
const scratch = mkdtempSync(join(tmpdir(), "sitemap-"));

/** The document validates against the sitemaps.org 0.9 schema (xmllint); throws with xmllint's message otherwise. */
function validate(xml: string, schema: "sitemap.xsd" | "siteindex.xsd", name: string) {
  const file = join(scratch, `${name.replace(/[^a-z0-9]+/gi, "-")}.xml`);
  writeFileSync(file, xml);
  execFileSync(XMLLINT_PATH, ["--noout", "--schema", join(SCHEMAS, schema), file], { stdio: "pipe" });
}

/** Every URL of a site's sitemap: the index, then each file it names (each checked against the schema). */
async function sitemapUrls(site: string): Promise<{ files: string[]; urls: string[] }> {
  const index = await fetchSite(site, "/sitemap.xml");
  expect(index.headers.get("content-type")).toContain("application/xml");
  const indexXml = await index.text();
  validate(indexXml, "siteindex.xsd", `${site}-index`);
  const files = locs(indexXml);
  const urls: string[] = [];
  for (const file of files) {
    const response = await fetchSite(site, new URL(file).pathname);
    expect(response.status, file).toBe(200);
    expect(response.headers.get("content-type"), file).toContain("application/xml");
    const xml = await response.text();
    validate(xml, "sitemap.xsd", new URL(file).pathname);
    urls.push(...locs(xml));
  }
  return { files, urls };
}

describe("per-tenant sitemap and robots", () => {
  it("robots.txt names the site's own sitemap", async () => {
    const text = await (await fetchSite("harbour-city-motors", "/robots.txt")).text();
    expect(text).toContain(`Sitemap: http://harbour-city-motors.localhost:${GATEWAY_PORT}/sitemap.xml`);
  });

  it("each site's sitemap index names a pages file and car files on its own host, each valid against the sitemaps.org schema", async () => {
    for (const site of DEMO_SITES) {
      const origin = `http://${site.slug}.localhost:${GATEWAY_PORT}`;
      const { files, urls } = await sitemapUrls(site.slug);
      expect(files[0], site.slug).toBe(`${origin}/sitemaps/pages.xml`);
      expect(files.slice(1).every((file) => /^\/sitemaps\/cars\/[a-z0-9-]+\.xml$/.test(file.slice(origin.length))), site.slug).toBe(true);
      expect(urls.every((url) => url.startsWith(`${origin}/`)), site.slug).toBe(true);
      const paths = urls.map((url) => url.slice(origin.length));
      expect(new Set(paths).size, `${site.slug}: no page listed twice`).toBe(paths.length);
      expect(paths.filter((p) => p.startsWith("/cars/")).length, site.slug).toBeGreaterThan(50);
      const locationCount = site.dealerships.flatMap((d) => d.locations).length;
      expect(paths.filter((p) => p.startsWith("/our-location/")).length, site.slug).toBe(locationCount);
      expect(paths).toContain("/privacy-policy");
      expect(paths.some((p) => p.startsWith("/blog/"))).toBe(true);
    }
    const summit = (await sitemapUrls("summit-auto-group")).urls.map((url) => new URL(url).pathname);
    expect(summit).toContain("/toyota/overview");
    expect(summit).toContain("/diamond-advantage");
    expect(summit).toContain("/search/toyota");
    const harbour = (await sitemapUrls("harbour-city-motors")).urls.map((url) => new URL(url).pathname);
    expect(harbour).not.toContain("/brands");
    expect(harbour).not.toContain("/diamond-advantage");
  });

  it("a stock page has one address: the caravan site's /search pages name /used-car as canonical, and its sitemap lists /used-car only", async () => {
    const canonical = async (site: string, path: string) => /<link rel="canonical" href="([^"]+)">/.exec(await (await fetchSite(site, path)).text())?.[1];
    const caravans = `http://coastal-caravans.localhost:${GATEWAY_PORT}`;
    for (const [path, expected] of [["/search", "/used-car"], ["/search/used-cars", "/used-car/used-cars"], ["/search/jayco?page=2", "/used-car/jayco?page=2"], ["/used-car/used-cars", "/used-car/used-cars"]]) {
      expect(await canonical("coastal-caravans", path ?? ""), path).toBe(`${caravans}${expected}`);
    }
    const listed = (await sitemapUrls("coastal-caravans")).urls.map((url) => new URL(url).pathname);
    expect(listed).toContain("/used-car");
    expect(listed.filter((path) => /^\/search(\/|$)/.test(path))).toEqual([]);
    // A site on /search keeps its own addresses.
    const summit = `http://summit-auto-group.localhost:${GATEWAY_PORT}`;
    expect(await canonical("summit-auto-group", "/search/used-cars/")).toBe(`${summit}/search/used-cars`);
    expect((await sitemapUrls("summit-auto-group")).urls).toContain(`${summit}/search`);
  });

  it("lists only cars the search shows: a hidden car is left out", async () => {
    const headers = { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": "search-summit-auto-group", "content-type": "application/json" };
    const hidden = (await (await fetchSite("summit-auto-group", "/1/indexes/Car_production/query", { method: "POST", headers, body: JSON.stringify({ filters: "show_on_dealer_website:false", hitsPerPage: 1 }) })).json()) as { hits: { slug: string }[] };
    const paths = (await sitemapUrls("summit-auto-group")).urls.map((url) => new URL(url).pathname);
    const slug = hidden.hits[0]?.slug;
    expect(slug, "the demo has a hidden car").toBeTruthy();
    expect(paths).not.toContain(`/cars/${slug}`);
  });

  it("lists every car the search shows, once, across its car files", async () => {
    for (const site of ["summit-auto-group", "ridge-motorcycles"]) {
      const headers = { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${site}`, "content-type": "application/json" };
      const filters = searchVisibilityFilter(new Date());
      const shown = (await (await fetchSite(site, "/1/indexes/Car_production/query", { method: "POST", headers, body: JSON.stringify({ filters, hitsPerPage: 0 }) })).json()) as { nbHits: number };
      const cars = (await sitemapUrls(site)).urls.filter((url) => new URL(url).pathname.startsWith("/cars/"));
      expect(cars.length, site).toBe(shown.nbHits);
    }
  });

  it("answers a car file that names no car, or a malformed one, with 404", async () => {
    expect((await fetchSite("summit-auto-group", "/sitemaps/cars/zzzz-after-every-slug.xml")).status).toBe(404);
    expect((await fetchSite("summit-auto-group", "/sitemaps/cars/..%2Fsecret.xml")).status).toBe(404);
    expect((await fetchSite("summit-auto-group", "/sitemaps/cars/x.txt")).status).toBe(404);
  });

  it("every page in the group's sitemap answers 200 (cars sampled)", async () => {
    const paths = (await sitemapUrls("summit-auto-group")).urls.map((url) => new URL(url).pathname);
    const cars = paths.filter((p) => p.startsWith("/cars/"));
    const sample = [...paths.filter((p) => !p.startsWith("/cars/")), ...cars.slice(0, 5), ...cars.slice(-5)];
    const failures: string[] = [];
    for (const path of sample) {
      const response = await fetchSite("summit-auto-group", path);
      await response.arrayBuffer();
      if (response.status !== 200) failures.push(`${path} -> ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});
