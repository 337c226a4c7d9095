import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { freshInsights, keptStockTotals, stockTotalsFromDays } from "../support/insights";
import { fetchSite } from "../support/platform";
import { signedInStaff } from "../support/staff";
import { stockApi } from "../support/stock-api";

/**
 * ADR 0100: the trend of views and search appearances a day is read from dealership_daily_counts (a row per site,
 * dealership and day), which the queue's consumer adds to in the same D1 batch as car_daily_counts and triggers on
 * vehicles keep when a car is deleted or moves to another dealership. The rule: a day's figure is the sum of the
 * car_daily_counts rows of the cars that exist now, under the dealership each car is at now (what the page summed
 * before). Every figure here is computed from car_daily_counts and the stock records, after counted page views, a
 * deletion and a move through the stock API.
 */
const SITE = "summit-auto-group";
const PERIOD = 90;
const DAY_MS = 86_400_000;
const since = () => new Date(Date.now() - (PERIOD - 1) * DAY_MS).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

type Dealership = { id: number; slug: string };
const dealerships = query<Dealership>(`SELECT id, slug FROM dealerships WHERE site = '${SITE}' ORDER BY id LIMIT 2`) as [Dealership, Dealership];

/** Each day's views and searches of the scope as the rule states them, from car_daily_counts and the records. */
function expected(dealershipId: number | null): Map<string, { views: number; searches: number }> {
  const rows = query<{ day: string; views: number; searches: number }>(
    `SELECT c.day, SUM(c.views) AS views, SUM(c.search_appearances) AS searches FROM car_daily_counts c JOIN vehicles v ON v.id = c.car_id AND v.site = c.site
     WHERE c.site = '${SITE}' AND c.day >= '${since()}'${dealershipId === null ? "" : ` AND v.dealership_id = ${dealershipId}`} GROUP BY c.day`,
  );
  return new Map(rows.filter((row) => row.views || row.searches).map((row) => [row.day, { views: row.views, searches: row.searches }]));
}

/** The rollup against the rule for every dealership and day of the site (not only the period's). */
function drift(): unknown[] {
  return query(
    `SELECT coalesce(r.dealership_id, e.dealership_id) AS dealership_id, coalesce(r.day, e.day) AS day, r.views, r.searches, e.views AS expected_views, e.searches AS expected_searches
     FROM (SELECT dealership_id, day, views, searches FROM dealership_daily_counts WHERE site = '${SITE}') r
     FULL JOIN (SELECT v.dealership_id, c.day, SUM(c.views) AS views, SUM(c.search_appearances) AS searches FROM car_daily_counts c
                JOIN vehicles v ON v.id = c.car_id AND v.site = c.site WHERE c.site = '${SITE}' GROUP BY v.dealership_id, c.day) e
       ON e.dealership_id = r.dealership_id AND e.day = r.day
     WHERE coalesce(r.views, 0) <> coalesce(e.views, 0) OR coalesce(r.searches, 0) <> coalesce(e.searches, 0)`,
  );
}

describe("insights: the trend of views and searches kept per dealership and day (dealership_daily_counts)", () => {
  const [first, second] = dealerships;
  const car = query<{ id: number; slug: string; stocknum: string }>(
    `SELECT id, slug, stocknum FROM vehicles WHERE site = '${SITE}' AND dealership_id = ${first.id} AND status = 'in_stock' ORDER BY id DESC LIMIT 1`,
  )[0] as { id: number; slug: string; stocknum: string };
  let cookie = "";
  let record: Record<string, unknown> = {};
  beforeAll(async () => {
    cookie = (await signedInStaff(SITE, first.slug, "read-only")).cookie;
    const { vehicles } = (await (await stockApi(SITE, `write-${first.slug}`, `/vehicles?stocknum=${encodeURIComponent(car.stocknum)}`)).json()) as {
      vehicles: Record<string, unknown>[];
    };
    record = vehicles[0] as Record<string, unknown>;
  }, 60_000);
  afterAll(async () => {
    // The car back at its own dealership (whichever step the test stopped at).
    await stockApi(SITE, `write-${second.slug}`, "/vehicles/batch", { upsert: [], delete: [car.stocknum] });
    await stockApi(SITE, `write-${first.slug}`, "/vehicles/batch", { upsert: [record], delete: [] });
  });

  /** The page's trend table: each day with views or searches, for the whole group or one dealership. */
  async function shown(dealership: string): Promise<Map<string, { views: number; searches: number }>> {
    const response = await freshInsights(() => fetchSite(SITE, `/dealer/insights?dealership=${dealership}&days=${PERIOD}`, { headers: { cookie } }));
    expect(response.status).toBe(200);
    const page = await response.text();
    const days = [...page.matchAll(/<tr data-day="([\d-]+)">(.*?)<\/tr>/gs)].map(([, day, cells]) => {
      const figure = (series: string) => Number(new RegExp(`data-figure="${series}">(\\d+)<`).exec(cells ?? "")?.[1]);
      return [day as string, { views: figure("views"), searches: figure("searches") }] as const;
    });
    expect(days).toHaveLength(PERIOD);
    return new Map(days.filter(([, figures]) => figures.views || figures.searches));
  }
  const scopes = () => [
    { slug: "all", id: null },
    { slug: first.slug, id: first.id },
    { slug: second.slug, id: second.id },
  ];
  async function expectEveryScope() {
    expect(drift()).toEqual([]);
    for (const scope of scopes()) expect(await shown(scope.slug), scope.slug).toEqual(expected(scope.id));
  }

  it("counts page views through the queue's consumer into the car's dealership's day", { timeout: 90_000 }, async () => {
    const viewsToday = () => query<{ views: number }>(`SELECT views FROM car_daily_counts WHERE site = '${SITE}' AND car_id = ${car.id} AND day = '${today()}'`)[0]?.views ?? 0;
    const before = viewsToday();
    for (let view = 0; view < 3; view++) expect((await fetchSite(SITE, `/cars/${car.slug}`)).status).toBe(200);
    await expect.poll(viewsToday, { timeout: 30_000, interval: 500 }).toBe(before + 3);
    // The consumer's batch is one transaction: the rollup has the views as soon as car_daily_counts does.
    await expectEveryScope();
    expect(expected(first.id).get(today())?.views).toBeGreaterThanOrEqual(3);
  });

  it("a deleted car's days leave the trend; the same car written at another dealership brings them there", { timeout: 120_000 }, async () => {
    const counted = () =>
      query<{ views: number; searches: number }>(`SELECT SUM(views) AS views, SUM(search_appearances) AS searches FROM car_daily_counts WHERE site = '${SITE}' AND car_id = ${car.id} AND day >= '${since()}'`)[0];
    const own = counted();
    expect(own?.views).toBeGreaterThanOrEqual(3);
    const firstBefore = await shown(first.slug);
    const secondBefore = await shown(second.slug);
    const sum = (days: Map<string, { views: number }>) => [...days.values()].reduce((total, day) => total + day.views, 0);

    expect((await stockApi(SITE, `write-${first.slug}`, "/vehicles/batch", { upsert: [], delete: [car.stocknum] })).status).toBe(200);
    await expectEveryScope();
    expect(sum(await shown(first.slug))).toBe(sum(firstBefore) - (own?.views ?? 0));
    expect(keptStockTotals(SITE)).toEqual(stockTotalsFromDays(SITE));

    // The same car (its id kept) listed by the second dealership: a move, as a feed makes one.
    const moved = { ...record, dealership_id: second.id, dealership_slug: second.slug };
    const listed = await stockApi(SITE, `write-${second.slug}`, "/vehicles/batch", { upsert: [moved], delete: [] });
    expect(listed.status, await listed.clone().text()).toBe(200);
    expect(query<{ dealership_id: number }>(`SELECT dealership_id FROM vehicles WHERE id = ${car.id}`)[0]?.dealership_id).toBe(second.id);
    await expectEveryScope();
    expect(sum(await shown(second.slug))).toBe(sum(secondBefore) + (own?.views ?? 0));
    // The kept totals (migration 0060) moved the car and its counts to the second dealership.
    expect(keptStockTotals(SITE)).toEqual(stockTotalsFromDays(SITE));

    // And back: the first dealership's trend is what it was.
    expect((await stockApi(SITE, `write-${second.slug}`, "/vehicles/batch", { upsert: [], delete: [car.stocknum] })).status).toBe(200);
    expect((await stockApi(SITE, `write-${first.slug}`, "/vehicles/batch", { upsert: [record], delete: [] })).status).toBe(200);
    await expectEveryScope();
    expect(await shown(first.slug)).toEqual(firstBefore);
  });
});
