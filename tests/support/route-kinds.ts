import { fetchSite, firstCarPath } from "./platform";

/** The two sites the standards checks sweep: a multi-brand group (brands, overviews, ten locations) and a single dealer. */
export const STANDARDS_SITES = ["summit-auto-group", "harbour-city-motors"] as const;

/** The demo site that sells each vehicle type other than cars: its car page is checked too. */
export const VEHICLE_TYPE_SITES = { motorcycle: "ridge-motorcycles", truck: "outback-trucks", caravan: "coastal-caravans" } as const;

/** Route kinds checked on every site, many of which the sitemap does not list (device lists, tools, forms, account pages, a missing page). */
export const FIXED_PATHS = [
  "/", "/search", "/search/used-cars", "/compare", "/favourites", "/finance", "/finance-enquiry", "/budget-finder", "/shop-by-price", "/trade-in",
  "/cars/trade-in", "/book-test-drive", "/contact", "/contact-us", "/service", "/vehicle-parts-and-accessories", "/sell-my-car",
  "/fleet", "/careers", "/sign-in", "/watchlist", "/my-garage", "/pages/unsubscribe", "/success", "/special-offers",
  "/dealer-locator", "/brands", "/pages/reviews", "/blog", "/about-us", "/no-such-page-for-the-standards-check",
  "/models", "/models?body=suv", "/models?body=no-such-body",
];

/**
 * Pages of one family share a template: one of each is enough (the first the sitemap lists), while every other
 * sitemap page (content pages, each with its own text) is checked.
 */
const FAMILIES = [/^\/search\/[^/]+$/, /^\/our-location\//, /^\/blog\/[^/]+$/, /^\/[^/]+\/overview$/];
const MAKE_LANDING = /^\/search\/(?!new|used|demo)[^/]+$/;

async function sitemapPagePaths(site: string): Promise<string[]> {
  const xml = await (await fetchSite(site, "/sitemaps/pages.xml")).text();
  return [...xml.matchAll(/<loc>[a-z]+:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((match) => match[1] ?? "/");
}

/**
 * One path per route kind of the site (a car, its print and checkout, a landing by type and by make), then its
 * other sitemap pages; with contentPages false, one page of each kind only (the browser sweep, where a page costs seconds).
 */
export async function routeKindPaths(site: string, { contentPages = true } = {}): Promise<string[]> {
  const car = await firstCarPath(site);
  const slug = car.slice("/cars/".length);
  // A model's accessories page: the first the model range links to.
  const accessories = /href="(\/[a-z0-9-]+\/accessories)"/.exec(await (await fetchSite(site, "/models")).text())?.[1];
  const paths = [...FIXED_PATHS, car, `/print?car_id=${slug}`, `${car}/checkout`, `/finance?car_id=${slug}`, ...(accessories ? [accessories] : [])];
  const seen = new Set<number>();
  let makeLanding = false;
  for (const path of await sitemapPagePaths(site)) {
    if (!contentPages && path.startsWith("/search/")) continue;
    if (!makeLanding && MAKE_LANDING.test(path)) {
      makeLanding = true;
      paths.push(path);
    }
    const family = FAMILIES.findIndex((pattern) => pattern.test(path));
    if (family >= 0 && seen.has(family)) continue;
    if (family >= 0) seen.add(family);
    else if (!contentPages) continue;
    paths.push(path);
  }
  return [...new Set(paths)];
}

/** Every route kind of the standards sites, plus the car page of each other vehicle type, as [site, path]. */
export async function standardsPages(options: { contentPages?: boolean } = {}): Promise<Array<[string, string]>> {
  const pages: Array<[string, string]> = [];
  for (const site of STANDARDS_SITES) for (const path of await routeKindPaths(site, options)) pages.push([site, path]);
  for (const site of Object.values(VEHICLE_TYPE_SITES)) pages.push([site, await firstCarPath(site)]);
  return pages;
}
