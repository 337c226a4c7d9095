import { insightDay, rollPeriodCounts, sumPeriodCountsChunk } from "@dealer/shared/insights";
import { MARKET_REFRESH } from "./insights-data";

const MARKET_MS = 60_000;

/**
 * Bringing the insights up to date off the page's path (ADR 0111), in short D1 batches: the market's marked models a
 * few at a time, then each site's period counts to today (a step from yesterday, or summed again car range by car
 * range). Run by the insights queue's consumer (a view that read something behind asks for its site; every batch of
 * counts for its sites) and by the hourly cron for every site behind. Each batch is whole on its own, so two runs at
 * once, or a run cut short, leave every figure exact and the rest to the next run.
 */
export async function refreshInsights(db: D1Database, sites: readonly string[], now: Date): Promise<void> {
  const market = MARKET_REFRESH.map((sql) => db.prepare(sql));
  // Stock written all the while keeps marking models: a run stops taking them after a minute and leaves them to the next.
  const until = Date.now() + MARKET_MS;
  while (Date.now() < until) {
    const results = await db.batch<{ more: number }>(market);
    if (!results.at(-1)?.results?.[0]?.more) break;
  }
  const today = insightDay(now);
  for (const site of sites) {
    await db.batch(rollPeriodCounts(db, site, today));
    for (;;) {
      const results = await db.batch<{ next_car: number | null }>(sumPeriodCountsChunk(db, site));
      if (results.at(-1)?.results?.[0]?.next_car == null) break;
    }
  }
}

/** The sites whose period counts are behind today or being summed again (the cron's round; a site never counted has nothing to roll). */
export async function sitesBehind(db: D1Database, now: Date): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT site FROM car_period_count_days WHERE day < ?1 OR next_car IS NOT NULL")
    .bind(insightDay(now))
    .all<{ site: string }>();
  return results.map((row) => row.site);
}
