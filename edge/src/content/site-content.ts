import {
  type BlogPost,
  type BrandTile,
  blogPostSchema,
  brandTileSchema,
  type ContentPage,
  contentPageSchema,
  type SiteContentKind,
  type Slide,
  type Statistic,
  slideSchema,
  statisticSchema,
} from "@dealer/shared/contract";
import { brandTilesFrom, IN_STOCK_STATUSES } from "@dealer/shared/rules";
import type { z } from "zod";
import { defaultContentPages } from "./default-pages";

/** A site's rows of one kind, in position order; a row that fails its schema is skipped, not fatal. */
async function rowsOf<T>(db: D1Database, site: string, kind: SiteContentKind, schema: z.ZodType<T>): Promise<T[]> {
  const { results } = await db
    .prepare("SELECT data FROM site_content WHERE site = ? AND kind = ? ORDER BY position, slug")
    .bind(site, kind)
    .all<{ data: string }>();
  return results.flatMap((row) => {
    try {
      const parsed = schema.safeParse(JSON.parse(row.data));
      if (parsed.success) return [parsed.data];
    } catch {}
    console.warn(`[gateway] skipped a bad ${kind} row of ${site}`);
    return [];
  });
}

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** The site's page at this path, else the platform's default page there, else null (the tenant's 404). */
export async function findContentPage(db: D1Database, site: { slug: string; name: string }, path: string): Promise<ContentPage | null> {
  const wanted = normalise(path);
  const own = (await rowsOf(db, site.slug, "page", contentPageSchema)).find((page) => page.path === wanted);
  return own ?? defaultContentPages(site.name).find((page) => page.path === wanted) ?? null;
}

export async function loadBlogPosts(db: D1Database, site: string, category?: string): Promise<BlogPost[]> {
  const posts = await rowsOf(db, site, "blog", blogPostSchema);
  return (category ? posts.filter((post) => post.category === category) : posts).sort((a, b) => b.date.localeCompare(a.date));
}

export const loadSlides = (db: D1Database, site: string): Promise<Slide[]> => rowsOf(db, site, "slide", slideSchema);
export const loadStatistics = (db: D1Database, site: string): Promise<Statistic[]> => rowsOf(db, site, "statistic", statisticSchema);

/** The body types the site has most cars of, in stock, most first: the home page's body-type tiles. */
export async function loadStockBodies(db: D1Database, site: string, limit: number): Promise<string[]> {
  const inStock = IN_STOCK_STATUSES.map(() => "?").join(", ");
  const { results } = await db
    .prepare(
      `SELECT json_extract(data, '$.simple_body') AS body, COUNT(*) AS cars FROM vehicles WHERE site = ? AND status IN (${inStock}) AND body IS NOT NULL AND body != '' GROUP BY body ORDER BY cars DESC, body LIMIT ?`,
    )
    .bind(site, ...IN_STOCK_STATUSES, limit)
    .all<{ body: string }>();
  return results.map((row) => row.body);
}

/** The brands page tiles: the site's own list, else one tile per make it stocks. */
export async function loadBrandTiles(db: D1Database, site: string): Promise<BrandTile[]> {
  const own = await rowsOf(db, site, "brand", brandTileSchema);
  if (own.length) return own;
  const { results } = await db
    .prepare("SELECT DISTINCT json_extract(data, '$.make') AS make FROM vehicles WHERE site = ? ORDER BY make")
    .bind(site)
    .all<{ make: string | null }>();
  return brandTilesFrom(own, results.flatMap((row) => (row.make ? [row.make] : [])));
}

/** A brand with an overview page: a tile without skipPage. */
export async function findBrand(db: D1Database, site: string, slug: string): Promise<BrandTile | null> {
  return (await loadBrandTiles(db, site)).find((tile) => tile.slug === slug && !tile.skipPage) ?? null;
}
