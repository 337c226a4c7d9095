import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";

const page = async (site: string, path: string) => {
  const response = await fetchSite(site, path);
  return { status: response.status, html: await response.text() };
};
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1] ?? null;
const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>);

describe("home page composed from the site's stock and config", () => {
  it("shows featured stock: the most recently added in-stock cars, each a working vehicle page", async () => {
    const { html } = await page("harbour-city-motors", "/");
    const cards = [...html.matchAll(/<li class="vehicle-row__card"[^>]*><a href="(\/cars\/[^"]+)"/g)].map((m) => m[1] ?? "");
    expect(cards).toHaveLength(8);
    expect(html).toContain('id="featured-stock-title"');
    for (const href of cards.slice(0, 3)) expect((await fetchSite("harbour-city-motors", href)).status).toBe(200);
  });

  it("offers body-type tiles for the bodies the site actually stocks, each landing with results", async () => {
    for (const site of ["harbour-city-motors", "coastal-caravans"]) {
      const { html } = await page(site, "/");
      const tiles = [...html.matchAll(/class="body-types__tile" href="([^"]+)"/g)].map((m) => m[1] ?? "");
      expect(tiles.length, site).toBeGreaterThan(0);
      for (const href of tiles) {
        const landing = await page(site, href);
        expect(landing.status, `${site} ${href}`).toBe(200);
        // The empty result's words travel in the props whatever the count (ADR 0065): the count decides.
        expect(landing.html, `${site} ${href}`).not.toMatch(/"nbHits":0[,}]/);
      }
    }
  });

  it("sizes the promotions slider by the site's variant (540, 720 or 1080 high at 1920 wide)", async () => {
    const heights = { "harbour-city-motors": 540, "summit-auto-group": 720, "coastal-caravans": 1080 };
    for (const [site, height] of Object.entries(heights)) {
      const { html } = await page(site, "/");
      const slider = html.slice(html.indexOf('<section class="promotions'));
      expect(slider, site).toMatch(new RegExp(`^<section class="promotions promotions--h${height}"`));
      const src = /<img src="([^"]+)"[^>]* height="(\d+)"/.exec(slider);
      expect(src?.[2], site).toBe(String(height));
      const picture = await (await fetchSite(site, src?.[1] ?? "")).text();
      expect(picture, site).toContain(`viewBox="0 0 1920 ${height}"`);
    }
  });
});

describe("per-tenant SEO", () => {
  it("gives every page a canonical URL on its own host without filters or tracking parameters", async () => {
    const cases: Array<[string, string]> = [
      ["/", "http://harbour-city-motors.localhost:PORT/"],
      ["/search/?sortBy=Car_production:price:asc&utm_source=mail", "http://harbour-city-motors.localhost:PORT/search"],
      ["/search?page=2&refinementList%5Bmake%5D%5B0%5D=Toyota", "http://harbour-city-motors.localhost:PORT/search?page=2"],
      ["/finance?vehiclePriceBudget=40000", "http://harbour-city-motors.localhost:PORT/finance"],
      ["/about-us/", "http://harbour-city-motors.localhost:PORT/about-us"],
    ];
    for (const [path, expected] of cases) {
      const { html } = await page("harbour-city-motors", path);
      const canonical = canonicalOf(html);
      expect(canonical?.replace(/:\d+\//, ":PORT/"), path).toBe(expected);
    }
    expect(canonicalOf((await page("harbour-city-motors", "/no-such-page-here/x")).html)).toBeNull();
  });

  it("describes the site on its home page: WebSite with its search, and each location as an AutoDealer with opening hours", async () => {
    const { html } = await page("summit-auto-group", "/");
    const data = structuredData(html);
    const website = data.find((entry) => entry["@type"] === "WebSite");
    expect(website).toMatchObject({ name: "Summit Auto Group", potentialAction: { "@type": "SearchAction" } });
    const graph = data.find((entry) => Array.isArray(entry["@graph"]))?.["@graph"] as Array<Record<string, unknown>>;
    expect(graph.length).toBeGreaterThan(1);
    for (const dealer of graph) {
      expect(dealer["@type"]).toBe("AutoDealer");
      expect(dealer.url).toMatch(/^http:\/\/summit-auto-group\.localhost:\d+\/our-location\/[a-z0-9-]+$/);
      expect((dealer.openingHoursSpecification as unknown[]).length).toBeGreaterThan(0);
    }
  });
});
