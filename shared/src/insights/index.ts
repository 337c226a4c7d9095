import { z } from "zod";

/**
 * Counting how shoppers meet each car (ADR 0070): the page that serves a car or a page of search results sends one
 * queue message after answering; the console's Worker consumes them in batches and adds them up per car and day in
 * D1 (car_daily_counts), so no view costs a database write.
 */

/** A page of search results is at most this many cars (hitsPerPage is far below it); more is a bad message. */
export const INSIGHT_MAX_CARS = 200;

export const insightEventSchema = z.object({
  site: z.string().min(1).max(100),
  /** view: the car's page was served; search: the cars appeared on a page of search results. */
  kind: z.enum(["view", "search"]),
  /** The UTC day the page was served. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  cars: z.array(z.number().int().positive()).min(1).max(INSIGHT_MAX_CARS),
});
export type InsightEvent = z.infer<typeof insightEventSchema>;

/** The car ids of a SHOWN_CARS_HEADER ("1,2,3"); anything else in it is left out, and at most INSIGHT_MAX_CARS. */
export const shownCarsFrom = (header: string | null): number[] =>
  (header ?? "")
    .split(",")
    .filter((part) => /^[1-9]\d{0,15}$/.test(part))
    .map(Number)
    .slice(0, INSIGHT_MAX_CARS);

/**
 * Local dev only (isLocalDev): a page asked with this header sends no insight event, so a benchmark can time the same
 * page with counting on and off on one running platform (issue 31: what counting adds to a page's server time).
 */
export const DEV_NO_COUNT_HEADER = "x-dev-no-count";

export const insightDay = (now: Date): string => now.toISOString().slice(0, 10);

/** The queue binding's one method the pages use (a Queue<InsightEvent>). */
export type InsightQueue = { send(message: InsightEvent): Promise<unknown> };

/**
 * Queues an event after the answer (waitUntil): a missing binding, no cars or a failed send costs the page nothing
 * but a log line; the page never waits for the queue.
 */
export function countInsight(queue: InsightQueue | undefined, event: InsightEvent, waitUntil: (promise: Promise<unknown>) => void): void {
  if (!queue || event.cars.length === 0) return;
  try {
    waitUntil(queue.send(event).catch((error: unknown) => console.error("[insights] queue send failed", error)));
  } catch (error) {
    console.error("[insights] queue send failed", error);
  }
}

export type InsightCount = { site: string; car: number; day: string; views: number; searches: number };

/**
 * A batch's events added up per site, car and day (one row each); a message that is no event is left out and
 * counted in `refused` (it was never going to parse on a retry either).
 */
export function tallyInsightEvents(bodies: readonly unknown[]): { counts: InsightCount[]; refused: number } {
  const counts = new Map<string, InsightCount>();
  let refused = 0;
  for (const body of bodies) {
    const parsed = insightEventSchema.safeParse(body);
    if (!parsed.success) {
      refused += 1;
      continue;
    }
    const { site, kind, day, cars } = parsed.data;
    for (const car of new Set(cars)) {
      const key = `${site}\u0000${car}\u0000${day}`;
      const count = counts.get(key) ?? { site, car, day, views: 0, searches: 0 };
      if (kind === "view") count.views += 1;
      else count.searches += 1;
      counts.set(key, count);
    }
  }
  return { counts: [...counts.values()], refused };
}

/** The insights periods in days (the console's choice of period): each car's counts over each are kept (car_period_counts). */
export const INSIGHT_PERIODS = ["7", "30", "90"] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** The SQL of the first day of a period ending on `day` (a UTC day as SQL): the day less (period - 1) days. */
const periodStartSql = (day: string, period: InsightPeriod) => `date(${day}, '-${Number(period) - 1} days')`;
const LONGEST = INSIGHT_PERIODS[INSIGHT_PERIODS.length - 1] as InsightPeriod;
const PERIOD_COLUMNS = INSIGHT_PERIODS.flatMap((period) => [`views${period}`, `searches${period}`]);

/**
 * Adds the counts to car_daily_counts, to each car's period counts (car_period_counts, migration 0055) and to each
 * dealership's day (dealership_daily_counts, migration 0056, the trend) in one D1 batch, so a retried batch never
 * counts twice: each site is first brought forward to the batch's latest day of its counts (rollPeriodCounts), then a count
 * of day d joins each period of the site's day that d is on or after the first day of, as the page's own sums take it.
 */
export async function recordInsightCounts(db: D1Database, counts: readonly InsightCount[]): Promise<void> {
  if (counts.length === 0) return;
  const upsert = db.prepare(
    `INSERT INTO car_daily_counts (site, car_id, day, views, search_appearances) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (site, car_id, day) DO UPDATE SET views = views + excluded.views, search_appearances = search_appearances + excluded.search_appearances`,
  );
  // ?1 site, ?2 car, ?3 day, ?4 views, ?5 search appearances.
  const rolled = db.prepare(
    `INSERT INTO car_period_counts (site, car_id, ${PERIOD_COLUMNS.join(", ")})
     SELECT ?1, ?2, ${INSIGHT_PERIODS.map((period) => `iif(?3 >= ${periodStartSql("r.day", period)}, ?4, 0), iif(?3 >= ${periodStartSql("r.day", period)}, ?5, 0)`).join(", ")}
     FROM car_period_count_days r WHERE r.site = ?1 AND ?3 >= ${periodStartSql("r.day", LONGEST)}
     ON CONFLICT (site, car_id) DO UPDATE SET ${PERIOD_COLUMNS.map((column) => `${column} = ${column} + excluded.${column}`).join(", ")}`,
  );
  // ?1 site, ?2 day, ?3 the day's counts of the site as JSON [[car, views, searches], …]: each added to the dealership
  // the car is at now (dealership_daily_counts, migration 0056); a car that is not (yet) in the stock adds nothing here,
  // its days join when a car of its id is written (the table's insert trigger).
  const byDealership = db.prepare(
    `INSERT INTO dealership_daily_counts (site, dealership_id, day, views, searches)
     SELECT ?1, v.dealership_id, ?2, SUM(json_extract(j.value, '$[1]')), SUM(json_extract(j.value, '$[2]'))
     FROM json_each(?3) j JOIN vehicles v ON v.id = json_extract(j.value, '$[0]') AND v.site = ?1 WHERE true GROUP BY v.dealership_id
     ON CONFLICT (site, dealership_id, day) DO UPDATE SET views = views + excluded.views, searches = searches + excluded.searches`,
  );
  // Each site first brought to its counts' latest day (before the counts, which the sums would otherwise hold twice).
  const latest = new Map<string, string>();
  const ofSiteDay = new Map<string, { site: string; day: string; counts: [number, number, number][] }>();
  for (const { site, car, day, views, searches } of counts) {
    if (day > (latest.get(site) ?? "")) latest.set(site, day);
    const key = `${site}\u0000${day}`;
    const group = ofSiteDay.get(key) ?? { site, day, counts: [] };
    group.counts.push([car, views, searches]);
    ofSiteDay.set(key, group);
  }
  await db.batch([
    ...[...latest].flatMap(([site, day]) => rollPeriodCounts(db, site, day, "forward")),
    ...counts.flatMap((count) => [upsert.bind(count.site, count.car, count.day, count.views, count.searches), rolled.bind(count.site, count.car, count.day, count.views, count.searches)]),
    ...[...ofSiteDay.values()].map(({ site, day, counts: cars }) => byDealership.bind(site, day, JSON.stringify(cars))),
  ]);
}

/**
 * The statements that bring a site's period counts to `day` (a UTC day): when its rows are of another day (or of none),
 * every car's sums again from car_daily_counts (ADR 0096). A view or CSV runs them first in its D1 batch for today
 * (`exactly`), so what it reads is as exact as summing the days itself; the consumer runs them for its counts' latest
 * day (`forward`, never back), so a busy site is summed at its first counts of a day rather than at a dealer's view.
 */
export function rollPeriodCounts(db: D1Database, site: string, day: string, to: "exactly" | "forward" = "exactly"): D1PreparedStatement[] {
  // The site when its rows are to be summed again, else NULL: one scalar subquery, so a site already there reads no row.
  const stale = `(SELECT ?1 WHERE NOT EXISTS (SELECT 1 FROM car_period_count_days WHERE site = ?1 AND day ${to === "exactly" ? "=" : ">="} ?2))`;
  return [
    db.prepare(`DELETE FROM car_period_counts WHERE site = ${stale}`).bind(site, day),
    db
      .prepare(
        `INSERT INTO car_period_counts (site, car_id, ${PERIOD_COLUMNS.join(", ")})
         SELECT site, car_id, ${INSIGHT_PERIODS.map((period) => `SUM(iif(day >= ${periodStartSql("?2", period)}, views, 0)), SUM(iif(day >= ${periodStartSql("?2", period)}, search_appearances, 0))`).join(", ")}
         FROM car_daily_counts WHERE site = ${stale} AND day >= ${periodStartSql("?2", LONGEST)} GROUP BY car_id`,
      )
      .bind(site, day),
    db.prepare(`INSERT OR REPLACE INTO car_period_count_days (site, day) SELECT ?1, ?2 WHERE ${stale} IS NOT NULL`).bind(site, day),
  ];
}
