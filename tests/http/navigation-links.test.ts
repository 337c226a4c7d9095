import { describe, expect, it } from "vitest";
import { DEMO_SITES } from "../../db/demo/sites";
import { fetchSite } from "../support/platform";

const hrefsIn = (html: string, fromMarker: string, toMarker?: string): string[] => {
  const start = html.indexOf(fromMarker);
  const end = toMarker ? html.indexOf(toMarker, start) : html.length;
  const part = html.slice(start, end);
  return [...part.matchAll(/href="(\/[^"#]*)"/g)].map((m) => (m[1] ?? "/").replace(/&amp;/g, "&"));
};

/** Pages the issue names, on every site. */
const LINKED_EVERYWHERE = [
  "/service", "/vehicle-parts-and-accessories", "/privacy-policy", "/terms-and-conditions", "/sell-my-car", "/sell-your-car",
  "/contact-us", "/careers", "/teams", "/fleet", "/fleet/", "/about-us", "/faqs", "/warranty", "/buying", "/capped-price-servicing",
  "/roadside-assist", "/special-offers", "/blog", "/blog/vehicle-reviews", "/dealer-locator", "/pages/book-a-service",
  "/pages/parts-accessories", "/pages/warranty", "/pages/lifecycle-checkup", "/pages/service-benefits", "/pages/reviews",
  "/pages/home-drive", "/pages/pre-owned-benefits", "/pages/unsubscribe",
];

async function status(site: string, path: string): Promise<number> {
  const response = await fetchSite(site, path);
  await response.arrayBuffer();
  return response.status;
}

describe("every navigation and footer link answers a page", () => {
  for (const site of DEMO_SITES) {
    it(`${site.slug}: header, footer, home page and the issue's pages`, async () => {
      const home = await (await fetchSite(site.slug, "/")).text();
      const links = new Set([
        ...hrefsIn(home, 'id="shell-header"', 'id="main"'),
        ...hrefsIn(home, 'id="shell-footer"'),
        ...hrefsIn(home, 'id="main"', 'id="shell-footer"').filter((href) => !href.startsWith("/cars/")),
        ...LINKED_EVERYWHERE,
      ]);
      const failures: string[] = [];
      for (const href of links) {
        if (href.startsWith("/cdn/") || href.startsWith("/_")) continue;
        const code = await status(site.slug, href);
        if (code >= 400) failures.push(`${href} -> ${code}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it("summit-auto-group: every brands page tile target and every location's pages", async () => {
    const brands = await (await fetchSite("summit-auto-group", "/brands")).text();
    const tiles = hrefsIn(brands, 'class="brand-grid"', "</ul>");
    expect(tiles).toContain("/toyota/overview");
    expect(tiles).toContain("/twg-cars");
    const locator = await (await fetchSite("summit-auto-group", "/dealer-locator")).text();
    const details = hrefsIn(locator, 'id="main"').filter((href) => href.startsWith("/our-location/"));
    expect(details.length).toBe(10);
    const failures: string[] = [];
    for (const href of [...tiles, ...details, ...details.map((d) => d.replace("/our-location/", "/locations/")), ...details.map((d) => d.replace("/our-location/", "/contact-us/"))]) {
      const code = await status("summit-auto-group", href);
      if (code !== 200) failures.push(`${href} -> ${code}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("pages a site does not have, and bad input", () => {
  it.each([
    ["harbour-city-motors", "/diamond-advantage"],
    ["harbour-city-motors", "/brands"],
    ["harbour-city-motors", "/toyota/overview"],
    ["summit-auto-group", "/nissan/overview"],
    ["summit-auto-group", "/twg-cars/overview"],
    ["summit-auto-group", "/pages/no-such-page"],
    ["summit-auto-group", "/our-location/no-such-place"],
    ["summit-auto-group", "/contact-us/harbour-city-motors-newstead"],
    ["summit-auto-group", "/blog/no-such-post"],
    ["summit-auto-group", "/a/b/c"],
    ["summit-auto-group", "/%3Cscript%3E"],
  ])("%s %s answers the tenant's 404", async (site, path) => {
    expect(await status(site, path)).toBe(404);
  });

  it.each([
    "/dealer-locator?filter=%00&include=abc&exclude=-1",
    "/dealer-locator?postcode=abcd",
    "/pages/reviews?view=%3Cb%3E",
    "/?layout=%27",
    "/our-location/summit-toyota-brisbane?location=x",
    "/cdn/image/width=600,quality=75/site/maps/999/1.svg",
    "/cdn/image/width=600,quality=75/site/brands/%2e%2e.svg",
  ])("%s never answers a 5xx", async (path) => {
    expect(await status("summit-auto-group", path)).toBeLessThan(500);
  });
});

describe("titles and the right page", () => {
  it("content pages carry their own title; lead pages their form", async () => {
    expect(await (await fetchSite("summit-auto-group", "/diamond-advantage")).text()).toContain("<title>Diamond Advantage");
    const service = await (await fetchSite("harbour-city-motors", "/service")).text();
    expect(service).toContain("Book a service</h1>");
    expect(service).toContain('data-fragment="EnquiryForm"');
  });
});
