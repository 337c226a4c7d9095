import { describe, expect, it } from "vitest";
import { DEMO_SITES } from "../../db/demo/sites";
import { fetchSite, GATEWAY_PORT } from "../support/platform";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));

describe("per-tenant sitemap and robots", () => {
  it("robots.txt names the site's own sitemap", async () => {
    const text = await (await fetchSite("harbour-city-motors", "/robots.txt")).text();
    expect(text).toContain(`Sitemap: http://harbour-city-motors.localhost:${GATEWAY_PORT}/sitemap.xml`);
  });

  it("each site's sitemap lists its own cars, locations, content and brand pages, on its own host", async () => {
    for (const site of DEMO_SITES) {
      const response = await fetchSite(site.slug, "/sitemap.xml");
      expect(response.headers.get("content-type")).toContain("application/xml");
      const urls = locs(await response.text());
      const origin = `http://${site.slug}.localhost:${GATEWAY_PORT}`;
      expect(urls.every((url) => url.startsWith(`${origin}/`)), site.slug).toBe(true);
      const paths = urls.map((url) => url.slice(origin.length));
      expect(paths.filter((p) => p.startsWith("/cars/")).length, site.slug).toBeGreaterThan(50);
      const locationCount = site.dealerships.flatMap((d) => d.locations).length;
      expect(paths.filter((p) => p.startsWith("/our-location/")).length, site.slug).toBe(locationCount);
      expect(paths).toContain("/privacy-policy");
      expect(paths.some((p) => p.startsWith("/blog/"))).toBe(true);
    }
    const summit = locs(await (await fetchSite("summit-auto-group", "/sitemap.xml")).text()).map((url) => new URL(url).pathname);
    expect(summit).toContain("/toyota/overview");
    expect(summit).toContain("/diamond-advantage");
    const harbour = locs(await (await fetchSite("harbour-city-motors", "/sitemap.xml")).text()).map((url) => new URL(url).pathname);
    expect(harbour).not.toContain("/brands");
    expect(harbour).not.toContain("/diamond-advantage");
  });

  it("every page in the group's sitemap answers 200 (cars sampled)", async () => {
    const paths = locs(await (await fetchSite("summit-auto-group", "/sitemap.xml")).text()).map((url) => new URL(url).pathname);
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
