import { insightDay, rollPeriodCounts, sumPeriodCountsChunk } from "@dealer/shared/insights";
import { MARKET_REFRESH } from "./insights-data";

/** One D1 batch of the refresh, then a pause as long as it took: the consumer takes at most half the database's time (ADR 0115). */
async function pacedBatch<T>(db: D1Database, statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
  const started = Date.now();
  const results = await db.batch<T>(statements);
  await new Promise((resolve) => setTimeout(resolve, Date.now() - started));
  return results;
}

/**
 * Bringing the insights up to date off the page's path (ADR 0111), in short D1 batches (ADR 0115): the market's
 * marked models one at a time, a few hundred cars a batch, then each site's period counts to today (a step from
 * yesterday, or summed again car range by car range). Run by the insights queue's consumer (a view that read
 * something behind asks for its site; every batch of counts for its sites) and by the hourly cron for every site behind. Each batch is whole on its own, so two runs at
 * once, or a run cut short, leave every figure exact and the rest to the next run.
 *
 * A run stops taking batches after `budgetMs` (the clock moves with each D1 answer) and answers the sites it left
 * behind, so a consumer's invocation stays short and sends itself the rest (locally, a long queue invocation of this
 * Worker left a page request in flight unanswered, ADR 0111). Each batch is small and followed by a pause as long as
 * it took (ADR 0115), so a view's reads, queued behind it in the one database, wait for one short batch at most and
 * find the database free half the time.
 */
export async function refreshInsights(db: D1Database, sites: readonly string[], now: Date, budgetMs: number): Promise<string[]> {
  const until = Date.now() + budgetMs;
  const market = MARKET_REFRESH.map((sql) => db.prepare(sql));
  let marketLeft = true;
  // At most half the time for the market, so stock written all the while never starves the sites' counts.
  const marketUntil = Date.now() + budgetMs / 2;
  while (marketLeft && Date.now() < marketUntil) {
    const results = await pacedBatch<{ more: number }>(db, market);
    marketLeft = Boolean(results.at(-1)?.results?.[0]?.more);
  }
  const today = insightDay(now);
  const left = new Set<string>();
  for (const site of sites) {
    if (Date.now() >= until) {
      left.add(site);
      continue;
    }
    await pacedBatch(db, rollPeriodCounts(db, site, today));
    for (;;) {
      const results = await pacedBatch<{ next_car: number | null }>(db, sumPeriodCountsChunk(db, site));
      if (results.at(-1)?.results?.[0]?.next_car == null) break;
      if (Date.now() >= until) {
        left.add(site);
        break;
      }
    }
  }
  // The market is the network's: any site's refresh takes it up first.
  if (marketLeft && left.size === 0 && sites[0] !== undefined) left.add(sites[0]);
  return [...left];
}

/** The sites whose period counts are behind today or being summed again (the cron's round; a site never counted has nothing to roll). */
export async function sitesBehind(db: D1Database, now: Date): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT site FROM car_period_count_days WHERE day < ?1 OR next_car IS NOT NULL")
    .bind(insightDay(now))
    .all<{ site: string }>();
  return results.map((row) => row.site);
}
