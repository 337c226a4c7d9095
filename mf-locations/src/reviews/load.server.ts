import { type Review, type ReviewSummary, reviewSchema, reviewSummarySchema } from "@dealer/shared/contract";
import { reviewPageNumber } from "@dealer/shared/rules";
import type { z } from "zod";
import type { Env } from "../env";

async function contentRows<T>(env: Env, site: string, kind: "review" | "review-summary", schema: z.ZodType<T>): Promise<T[]> {
  const { results } = await env.DB.prepare("SELECT data FROM site_content WHERE site = ? AND kind = ? ORDER BY position, slug").bind(site, kind).all<{ data: string }>();
  return parseRows(results, schema, site, kind);
}

/** Rows that do not parse are skipped (and logged): one bad record never takes the reviews down. */
function parseRows<T>(results: Array<{ data: string }>, schema: z.ZodType<T>, site: string, kind: string): T[] {
  return results.flatMap((row) => {
    try {
      const parsed = schema.safeParse(JSON.parse(row.data));
      if (parsed.success) return [parsed.data];
    } catch {}
    console.warn(`[mf-locations] skipped a bad ${kind} row of ${site}`);
    return [];
  });
}

/** The site's stored review summary (the local default of the reviews source). */
export async function loadReviewSummary(env: Env, site: string): Promise<ReviewSummary | null> {
  return (await contentRows(env, site, "review-summary", reviewSummarySchema))[0] ?? null;
}

export type ReviewQuery = {
  minimumRating: number;
  /** Trimmed, lower case (reviewVisibility). */
  hiddenNames: string[];
  locationId: number | null;
  pageParam: string | undefined;
  pageSize: number;
};

/** WHERE of the visible reviews: the rule of reviewVisibility, and the location when one is chosen. */
const VISIBLE = `site = ?1 AND kind = 'review' AND json_extract(data, '$.rating') >= ?2
  AND lower(trim(json_extract(data, '$.customer_name'))) NOT IN (SELECT value FROM json_each(?3))
  AND (?4 IS NULL OR json_extract(data, '$.location_id') = ?4)`;

/**
 * One page of a site's visible reviews and how many there are: filtered and paged in D1 (the primary key
 * narrows to the site's review rows), so a site with thousands of reviews sends one page of them.
 */
export async function loadReviewPage(env: Env, site: string, query: ReviewQuery): Promise<{ reviews: Review[]; total: number; page: number; pages: number }> {
  const binds = [site, query.minimumRating, JSON.stringify(query.hiddenNames), query.locationId] as const;
  const counted = await env.DB.prepare(`SELECT COUNT(*) AS total FROM site_content WHERE ${VISIBLE}`).bind(...binds).first<{ total: number }>();
  const total = counted?.total ?? 0;
  const { page, pages, offset } = reviewPageNumber(query.pageParam, total, query.pageSize);
  const { results } = await env.DB.prepare(`SELECT data FROM site_content WHERE ${VISIBLE} ORDER BY position, slug LIMIT ?5 OFFSET ?6`)
    .bind(...binds, query.pageSize, offset)
    .all<{ data: string }>();
  return { reviews: parseRows(results, reviewSchema, site, "review"), total, page, pages };
}
