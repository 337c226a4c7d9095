import type { SiteConfig } from "@dealer/shared/config";
import { brandTilePath, IN_STOCK_STATUSES, isVisibleInSearch, searchLandingPath } from "@dealer/shared/rules";
import type { GatewayEnv } from "../env";
import { defaultContentPages } from "./default-pages";
import { loadBlogPosts, loadBrandTiles } from "./site-content";
import { loadVisibleMakes } from "./site-stock";

/**
 * The site's sitemap is an index (/sitemap.xml) of bounded files (ADR 0036): /sitemaps/pages.xml (every page that
 * is not a car: a few hundred at most) and /sitemaps/cars/{first slug}.xml, each at most CARS_PER_FILE cars from
 * that slug on in slug order. Every request reads a bounded number of index entries, never a site's whole stock.
 */
export const CARS_PER_FILE = 5000;
/** Rows per D1 read while a car file streams: about 100 KB of index columns an answer. */
const CARS_PER_READ = 1000;

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const urlXml = (origin: string, path: string) => `<url><loc>${escapeXml(origin + path)}</loc></url>`;

/** Paths every site answers (lead and tool pages); the rest come from its data. */
const FIXED_PATHS = ["/", "/search", "/finance", "/book-test-drive", "/trade-in", "/contact", "/contact-us", "/service",
  "/vehicle-parts-and-accessories", "/sell-my-car", "/fleet", "/careers", "/dealer-locator", "/blog", "/blog/vehicle-reviews", "/pages/reviews"];

type Site = { slug: string; name: string; config: SiteConfig };

export const PAGES_FILE = "/sitemaps/pages.xml";
export const carFilePath = (firstSlug: string) => `/sitemaps/cars/${firstSlug}.xml`;
/** The first slug a car file's path names, or null (its 404). */
export const carFileStart = (file: string) => /^([a-z0-9][a-z0-9-]*)\.xml$/.exec(file)?.[1] ?? null;

/**
 * Cars a sitemap may list, in SQL over the index's columns: shown, and in stock or sold since `?` (the sold window
 * plus a day, so a sold_date written with an offset is not cut early). isVisibleInSearch decides each car exactly.
 */
const MAYBE_VISIBLE = `shown = 1 AND (status IN (${IN_STOCK_STATUSES.map((status) => `'${status}'`).join(", ")}) OR sold_date >= ?)`;
const DAY_MS = 86_400_000;
const soldSince = (site: Site, now: Date) => new Date(now.getTime() - (site.config.search.soldWindowDays + 1) * DAY_MS).toISOString();

/** A site's car-file starts, kept per isolate while its stock version holds (the index is asked for rarely, by crawlers). */
const carFileStarts = new Map<string, { version: number; starts: Promise<string[]> }>();
const KEPT_SITES = 500;

/** Every CARS_PER_FILE-th listed slug of the site: one pass over its index entries, no vehicle rows. */
async function readCarFileStarts(db: D1Database, site: Site, now: Date): Promise<string[]> {
  const { results } = await db
    .prepare(`SELECT slug FROM (SELECT slug, row_number() OVER (ORDER BY slug) - 1 AS position FROM vehicles WHERE site = ? AND ${MAYBE_VISIBLE}) WHERE position % ? = 0`)
    .bind(site.slug, soldSince(site, now), CARS_PER_FILE)
    .all<{ slug: string }>();
  return results.map((row) => row.slug);
}

async function carFiles(db: D1Database, site: Site, now: Date): Promise<string[]> {
  const row = await db.prepare("SELECT version FROM stock_versions WHERE site = ?").bind(site.slug).first<{ version: number }>();
  const version = row?.version ?? 0;
  let kept = carFileStarts.get(site.slug);
  if (!kept || kept.version !== version) {
    kept = { version, starts: readCarFileStarts(db, site, now) };
    kept.starts.catch(() => carFileStarts.delete(site.slug));
    carFileStarts.delete(site.slug);
    carFileStarts.set(site.slug, kept);
    if (carFileStarts.size > KEPT_SITES) carFileStarts.delete(carFileStarts.keys().next().value as string);
  }
  return (await kept.starts).map(carFilePath);
}

/** /sitemap.xml: the pages file and the site's car files. */
export async function sitemapIndexXml(db: D1Database, site: Site, origin: string, now: Date): Promise<string> {
  const files = [PAGES_FILE, ...(await carFiles(db, site, now))];
  const entries = files.map((path) => `<sitemap><loc>${escapeXml(origin + path)}</loc></sitemap>`).join("");
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">${entries}</sitemapindex>`;
}

/**
 * Every page of the site that is not a car: fixed pages, landing paths (car types, makes its search shows), every
 * visible location's page, its content pages (own and default), blog posts and brand pages.
 */
export async function pagePaths(env: GatewayEnv, site: Site, now: Date): Promise<string[]> {
  const [makes, locations, pages, posts, brands] = await Promise.all([
    loadVisibleMakes(env, site, now),
    env.DB.prepare("SELECT slug FROM locations WHERE site = ? AND coalesce(json_extract(data, '$.visible'), 1) = 1 ORDER BY primary_flag DESC, id")
      .bind(site.slug)
      .all<{ slug: string }>(),
    env.DB.prepare("SELECT json_extract(data, '$.path') AS path FROM site_content WHERE site = ? AND kind = 'page'").bind(site.slug).all<{ path: string | null }>(),
    loadBlogPosts(env.DB, site.slug),
    site.config.features.brandsPage ? loadBrandTiles(env, site) : Promise.resolve([]),
  ]);
  const landing = site.config.search;
  const carTypes = site.config.search.usedOnly ? [["used"]] : [[], ["used"], ["new"], ["demo"], ["new", "demo"]];
  return [
    ...new Set([
      // The search page under the site's own base (/used-car), the address its /search pages name as canonical.
      ...FIXED_PATHS.map((path) => (path === "/search" ? landing.landingBase : path)),
      ...carTypes.map((car_type) => searchLandingPath({ car_type }, landing)),
      ...makes.map((make) => searchLandingPath({ make }, landing)),
      ...locations.results.map((location) => `/our-location/${location.slug}`),
      ...defaultContentPages(site.name).map((page) => page.path),
      ...pages.results.flatMap((page) => (page.path ? [page.path] : [])),
      ...posts.map((post) => post.href),
      ...(brands.length ? ["/brands"] : []),
      ...brands.map(brandTilePath),
    ]),
  ];
}

export function urlsetXml(origin: string, paths: string[]): string {
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">${paths.map((path) => urlXml(origin, path)).join("")}</urlset>`;
}

type CarRow = { slug: string; status: string; shown: number | null; sold_date: string | null };

/** Up to `limit` listable cars from `from` (inclusive) and after `after`, in slug order: index columns only. */
function readCars(db: D1Database, site: Site, now: Date, from: string, after: string, limit: number): Promise<CarRow[]> {
  return db
    .prepare(`SELECT slug, status, shown, sold_date FROM vehicles WHERE site = ? AND slug >= ? AND slug > ? AND ${MAYBE_VISIBLE} ORDER BY slug LIMIT ?`)
    .bind(site.slug, from, after, soldSince(site, now), limit)
    .all<CarRow>()
    .then((answer) => answer.results);
}

/**
 * A car file: the cars the search shows among the CARS_PER_FILE from `from` on, streamed as they are read. null
 * when no car is at or after `from` (a file of no URLs is not a valid sitemap).
 */
export async function carFileStream(db: D1Database, site: Site, origin: string, from: string, now: Date): Promise<ReadableStream<Uint8Array> | null> {
  const first = await readCars(db, site, now, from, "", Math.min(CARS_PER_READ, CARS_PER_FILE));
  if (!first.length) return null;
  const visibleUrls = (rows: CarRow[]) =>
    rows
      .filter((car) => isVisibleInSearch({ status: car.status as never, sold_date: car.sold_date, show_on_dealer_website: Boolean(car.shown) }, now, site.config.search.soldWindowDays))
      .map((car) => urlXml(origin, `/cars/${car.slug}`))
      .join("");
  async function* parts(): AsyncGenerator<string> {
    yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">`;
    let rows = first;
    let read = rows.length;
    yield visibleUrls(rows);
    while (rows.length === CARS_PER_READ && read < CARS_PER_FILE) {
      rows = await readCars(db, site, now, from, rows.at(-1)!.slug, Math.min(CARS_PER_READ, CARS_PER_FILE - read));
      read += rows.length;
      yield visibleUrls(rows);
    }
    yield "</urlset>";
  }
  const iterator = parts();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}
