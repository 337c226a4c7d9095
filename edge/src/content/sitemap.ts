import type { SiteConfig } from "@dealer/shared/config";
import { brandTilePath, isVisibleInSearch, searchLandingPath } from "@dealer/shared/rules";
import { defaultContentPages } from "./default-pages";
import { loadBlogPosts, loadBrandTiles } from "./site-content";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Paths every site answers (lead and tool pages); the rest come from its data. */
const FIXED_PATHS = ["/", "/search", "/finance", "/book-test-drive", "/trade-in", "/contact", "/contact-us", "/service",
  "/vehicle-parts-and-accessories", "/sell-my-car", "/fleet", "/careers", "/dealer-locator", "/blog", "/blog/vehicle-reviews", "/pages/reviews"];

type Site = { slug: string; name: string; config: SiteConfig };

/**
 * The site's sitemap: fixed pages, landing paths, every car the search shows, every visible location's page,
 * its content pages (own and default), blog posts and brand pages.
 */
export async function sitemapPaths(db: D1Database, site: Site, now: Date): Promise<string[]> {
  const [cars, locations, pages, posts, brands] = await Promise.all([
    db
      .prepare("SELECT slug, status, json_extract(data, '$.sold_date') AS sold_date, json_extract(data, '$.show_on_dealer_website') AS shown, json_extract(data, '$.make') AS make FROM vehicles WHERE site = ? ORDER BY slug")
      .bind(site.slug)
      .all<{ slug: string; status: string; sold_date: string | null; shown: number | boolean | null; make: string | null }>(),
    db
      .prepare("SELECT slug FROM locations WHERE site = ? AND coalesce(json_extract(data, '$.visible'), 1) = 1 ORDER BY primary_flag DESC, id")
      .bind(site.slug)
      .all<{ slug: string }>(),
    db.prepare("SELECT json_extract(data, '$.path') AS path FROM site_content WHERE site = ? AND kind = 'page'").bind(site.slug).all<{ path: string | null }>(),
    loadBlogPosts(db, site.slug),
    site.config.features.brandsPage ? loadBrandTiles(db, site.slug) : Promise.resolve([]),
  ]);
  const visible = cars.results.filter((car) =>
    isVisibleInSearch({ status: car.status as never, sold_date: car.sold_date, show_on_dealer_website: Boolean(car.shown) }, now, site.config.search.soldWindowDays),
  );
  const landing = site.config.search;
  const makes = [...new Set(visible.flatMap((car) => (car.make ? [car.make] : [])))].sort();
  const carTypes = site.config.search.usedOnly ? [["used"]] : [[], ["used"], ["new"], ["demo"], ["new", "demo"]];
  return [
    ...new Set([
      ...FIXED_PATHS,
      ...carTypes.map((car_type) => searchLandingPath({ car_type }, landing)),
      ...makes.map((make) => searchLandingPath({ make }, landing)),
      ...visible.map((car) => `/cars/${car.slug}`),
      ...locations.results.map((location) => `/our-location/${location.slug}`),
      ...defaultContentPages(site.name).map((page) => page.path),
      ...pages.results.flatMap((page) => (page.path ? [page.path] : [])),
      ...posts.map((post) => post.href),
      ...(brands.length ? ["/brands"] : []),
      ...brands.map(brandTilePath),
    ]),
  ];
}

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}
