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
import type { SiteConfig } from "@dealer/shared/config";
import { brandTilesFrom } from "@dealer/shared/rules";
import type { z } from "zod";
import type { GatewayEnv } from "../env";
import { defaultContentPages } from "./default-pages";
import { loadStockMakes } from "./site-stock";

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

/** The brands page tiles: the site's own list, else one tile per make it stocks. */
export async function loadBrandTiles(env: GatewayEnv, site: { slug: string; config: SiteConfig }): Promise<BrandTile[]> {
  const own = await rowsOf(env.DB, site.slug, "brand", brandTileSchema);
  if (own.length) return own;
  return brandTilesFrom(own, await loadStockMakes(env, site));
}

/** A brand with an overview page: a tile without skipPage. */
export async function findBrand(env: GatewayEnv, site: { slug: string; config: SiteConfig }, slug: string): Promise<BrandTile | null> {
  return (await loadBrandTiles(env, site)).find((tile) => tile.slug === slug && !tile.skipPage) ?? null;
}
