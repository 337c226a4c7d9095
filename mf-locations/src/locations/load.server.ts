import { type Location, locationSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { z } from "zod";
import type { Env } from "../env";

const rowsSchema = z.array(z.object({ data: z.string() }));

/**
 * The site's locations from D1, primary first. A row that does not parse as a location is skipped (and
 * logged), so one bad record never takes the block down.
 */
export async function loadSiteLocations(request: FragmentRequest, env: Env): Promise<Location[]> {
  const { results } = await env.DB.prepare("SELECT data FROM locations WHERE site = ? ORDER BY primary_flag DESC, id").bind(request.site.slug).all();
  return rowsSchema.parse(results).flatMap((row) => {
    try {
      const parsed = locationSchema.safeParse(JSON.parse(row.data));
      if (parsed.success) return [parsed.data];
    } catch {}
    console.warn(`[mf-locations] skipped a location of ${request.site.slug} that does not match the contract`);
    return [];
  });
}
