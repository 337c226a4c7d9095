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

/** Adds the counts to car_daily_counts in one D1 batch (one upsert per car and day). */
export async function recordInsightCounts(db: D1Database, counts: readonly InsightCount[]): Promise<void> {
  if (counts.length === 0) return;
  const upsert = db.prepare(
    `INSERT INTO car_daily_counts (site, car_id, day, views, search_appearances) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (site, car_id, day) DO UPDATE SET views = views + excluded.views, search_appearances = search_appearances + excluded.search_appearances`,
  );
  await db.batch(counts.map((count) => upsert.bind(count.site, count.car, count.day, count.views, count.searches)));
}
