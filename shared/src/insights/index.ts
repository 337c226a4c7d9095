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
 * but a log line; the page never waits for the queue. The send starts on a later turn than the answer, so its
 * serialising and its call to the queue are not done before the answer leaves (ADR 0128).
 */
export function countInsight(queue: InsightQueue | undefined, event: InsightEvent, waitUntil: (promise: Promise<unknown>) => void): void {
  if (!queue || event.cars.length === 0) return;
  const afterTheAnswer = new Promise((resolve) => setTimeout(resolve, 0));
  try {
    waitUntil(afterTheAnswer.then(() => queue.send(event)).catch((error: unknown) => console.error("[insights] queue send failed", error)));
  } catch (error) {
    // A request with no execution context to wait on (Hono's getter throws) still answers. The send was already
    // chained above, so it goes on, only not waited for: the log says that, not that it failed.
    console.error("[insights] no execution context to wait on; the count is sent unwaited", error);
  }
}

export type InsightCount = { site: string; car: number; day: string; views: number; searches: number };

/**
 * A message asking the consumer to bring a site's insights up to date (ADR 0111): the market's marked models and the
 * site's period counts to today. A console view sends it when what it read was behind; the view never does that work.
 */
export const insightRefreshSchema = z.object({ refresh: z.string().min(1).max(100) });
export type InsightRefresh = z.infer<typeof insightRefreshSchema>;

/**
 * A batch's events added up per site, car and day (one row each), and the sites a refresh was asked for; a message
 * that is neither is left out and counted in `refused` (it was never going to parse on a retry either).
 */
export function tallyInsightEvents(bodies: readonly unknown[]): { counts: InsightCount[]; refresh: string[]; refused: number } {
  const counts = new Map<string, InsightCount>();
  const refresh = new Set<string>();
  let refused = 0;
  for (const body of bodies) {
    const parsed = insightEventSchema.safeParse(body);
    if (!parsed.success) {
      const asked = insightRefreshSchema.safeParse(body);
      if (asked.success) refresh.add(asked.data.refresh);
      else refused += 1;
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
  return { counts: [...counts.values()], refresh: [...refresh], refused };
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
 * of day d joins each period of the site's day that d is on or after the first day of, as the page's own sums take it;
 * a car a chunked sum has yet to reach (next_car, migration 0061) is left to it: the chunk reads car_daily_counts.
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
     FROM car_period_count_days r WHERE r.site = ?1 AND ?3 >= ${periodStartSql("r.day", LONGEST)} AND (r.next_car IS NULL OR ?2 < r.next_car)
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
    ...[...latest].flatMap(([site, day]) => rollPeriodCounts(db, site, day)),
    ...counts.flatMap((count) => [upsert.bind(count.site, count.car, count.day, count.views, count.searches), rolled.bind(count.site, count.car, count.day, count.views, count.searches)]),
    ...[...ofSiteDay.values()].map(({ site, day, counts: cars }) => byDealership.bind(site, day, JSON.stringify(cars))),
  ]);
}

/** Cars of a site summed again from car_daily_counts in one D1 batch (about 90 day rows each on a busy site): a short batch (ADR 0115). */
export const PERIOD_SUM_CARS = 250;
/** No car id reaches it: the end of the last chunk. */
const LAST_CAR = Number.MAX_SAFE_INTEGER;

/**
 * The statements that bring a site's period counts forward to `day` (a UTC day; never back), in the caller's D1 batch
 * (ADR 0111). When the site's counts are complete at an earlier day less than 90 days before, only what changed is
 * read: each period's days that fell out of it (one day each, for a day's step) are taken off and any counts after the
 * earlier day added, per car. Otherwise (no counts yet, 90 days or more behind, or a chunked sum under way for an earlier
 * day) the site is marked to be summed again from `day`'s first car, car range by car range, by sumPeriodCountsChunk.
 */
export function rollPeriodCounts(db: D1Database, site: string, day: string): D1PreparedStatement[] {
  // ?1 site, ?2 the day to: the site's complete earlier day when a step from it reads less than summing again.
  const stepFrom = `(SELECT day FROM car_period_count_days WHERE site = ?1 AND next_car IS NULL AND day < ?2 AND day > date(?2, '-${LONGEST} days'))`;
  const since = (from: string, period: InsightPeriod) => periodStartSql(from, period);
  // Each period's days that left it (from its first day at the earlier day to its first day at `day`), and every day
  // after the earlier one: UNION keeps a day row once where two periods' ranges meet.
  const changed = [
    ...INSIGHT_PERIODS.map((period) => `SELECT c.car_id, c.day, c.views, c.search_appearances, r.day AS was FROM r JOIN car_daily_counts c ON c.site = ?1
        AND c.day >= ${since("r.day", period)} AND c.day < ${since("?2", period)} AND c.day <= r.day`),
    "SELECT c.car_id, c.day, c.views, c.search_appearances, r.day AS was FROM r JOIN car_daily_counts c ON c.site = ?1 AND c.day > r.day AND c.day <= ?2",
  ].join(" UNION ");
  // A day row's change to a period: taken off when it left the period, added when it is after the earlier day and in it.
  const change = (period: InsightPeriod) => `(iif(day <= was AND day >= ${since("was", period)} AND day < ${since("?2", period)}, -1, 0) + iif(day > was AND day >= ${since("?2", period)}, 1, 0))`;
  const sums = INSIGHT_PERIODS.flatMap((period) => [`SUM(views * ${change(period)})`, `SUM(search_appearances * ${change(period)})`]).join(", ");
  return [
    db
      .prepare(
        `WITH r AS (SELECT ${stepFrom} AS day WHERE ${stepFrom} IS NOT NULL)
         INSERT INTO car_period_counts (site, car_id, ${PERIOD_COLUMNS.join(", ")})
         SELECT ?1, car_id, ${sums} FROM (${changed}) WHERE true GROUP BY car_id
         ON CONFLICT (site, car_id) DO UPDATE SET ${PERIOD_COLUMNS.map((column) => `${column} = ${column} + excluded.${column}`).join(", ")}`,
      )
      .bind(site, day),
    db.prepare(`UPDATE car_period_count_days SET day = ?2 WHERE site = ?1 AND day = ${stepFrom}`).bind(site, day),
    // Not stepped and behind `day` (or no row): summed again from the first car.
    db
      .prepare(
        `INSERT INTO car_period_count_days (site, day, next_car) SELECT ?1, ?2, 0 WHERE NOT EXISTS (SELECT 1 FROM car_period_count_days WHERE site = ?1 AND day >= ?2)
         ON CONFLICT (site) DO UPDATE SET day = excluded.day, next_car = 0`,
      )
      .bind(site, day),
  ];
}

/**
 * One chunk of a site's sum again (rollPeriodCounts marked it): the next PERIOD_SUM_CARS of its cars (by id, a range of
 * vehicles_site_id; the last chunk open-ended, so counts of a deleted car are in a range too) get their period counts
 * from car_daily_counts at the marked day, and the mark moves past them. A short D1 batch of its own; its last
 * statement answers the next car (NULL: the site is complete). Nothing happens to a site not marked.
 */
export function sumPeriodCountsChunk(db: D1Database, site: string): D1PreparedStatement[] {
  const chunk = `WITH r AS (SELECT day, next_car, coalesce((SELECT id FROM vehicles WHERE site = ?1 AND id >= next_car ORDER BY id LIMIT 1 OFFSET ${PERIOD_SUM_CARS}), ${LAST_CAR}) AS end_car
    FROM car_period_count_days WHERE site = ?1 AND next_car IS NOT NULL)`;
  return [
    db.prepare(`${chunk} DELETE FROM car_period_counts WHERE site = ?1 AND car_id >= (SELECT next_car FROM r) AND car_id < (SELECT end_car FROM r)`).bind(site),
    db
      .prepare(
        `${chunk} INSERT INTO car_period_counts (site, car_id, ${PERIOD_COLUMNS.join(", ")})
         SELECT ?1, c.car_id, ${INSIGHT_PERIODS.map((period) => `SUM(iif(c.day >= ${periodStartSql("r.day", period)}, c.views, 0)), SUM(iif(c.day >= ${periodStartSql("r.day", period)}, c.search_appearances, 0))`).join(", ")}
         FROM r JOIN car_daily_counts c ON c.site = ?1 AND c.car_id >= r.next_car AND c.car_id < r.end_car AND c.day >= ${periodStartSql("r.day", LONGEST)} AND c.day <= r.day
         WHERE true GROUP BY c.car_id`,
      )
      .bind(site),
    db.prepare(`${chunk} UPDATE car_period_count_days SET next_car = nullif((SELECT end_car FROM r), ${LAST_CAR}) WHERE site = ?1 AND next_car IS NOT NULL`).bind(site),
    db.prepare("SELECT next_car FROM car_period_count_days WHERE site = ?1").bind(site),
  ];
}
