import { type Review, type ReviewSummary, reviewSchema, reviewSummarySchema } from "@dealer/shared/contract";
import type { z } from "zod";
import type { Env } from "../env";

async function contentRows<T>(env: Env, site: string, kind: "review" | "review-summary", schema: z.ZodType<T>): Promise<T[]> {
  const { results } = await env.DB.prepare("SELECT data FROM site_content WHERE site = ? AND kind = ? ORDER BY position, slug").bind(site, kind).all<{ data: string }>();
  return results.flatMap((row) => {
    try {
      const parsed = schema.safeParse(JSON.parse(row.data));
      if (parsed.success) return [parsed.data];
    } catch {}
    console.warn(`[mf-locations] skipped a bad ${kind} row of ${site}`);
    return [];
  });
}

/** The site's stored reviews and their summary (the local default of the reviews source). */
export async function loadStoredReviews(env: Env, site: string): Promise<{ summary: ReviewSummary | null; reviews: Review[] }> {
  const [summaries, reviews] = await Promise.all([contentRows(env, site, "review-summary", reviewSummarySchema), contentRows(env, site, "review", reviewSchema)]);
  return { summary: summaries[0] ?? null, reviews };
}
