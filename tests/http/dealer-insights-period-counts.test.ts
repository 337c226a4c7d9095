import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { BEHIND_HEADER, freshInsights, keptStockTotals, parseCsv, stockTotalsFromDays } from "../support/insights";
import { fetchSite } from "../support/platform";
import { signedInStaff } from "../support/staff";

/**
 * ADR 0096: each car's views and search appearances over 7, 30 and 90 days are read from car_period_counts, one row
 * per car, which the queue's consumer adds to and a site's first view of a day sums again. Every figure (a car's in
 * the CSV and on the page, the scope's totals) must still be the sum of car_daily_counts' days, computed here, after
 * counted page views (the consumer's path) and after the site's counts are of an earlier day or of none (the consumer's
 * step or sum again, asked for by a view, ADR 0111).
 */
const SITE = "harbour-city-motors";
const PERIODS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;
const dayBefore = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

const dealership = query<{ id: number; slug: string }>(`SELECT id, slug FROM dealerships WHERE site = '${SITE}' ORDER BY id LIMIT 1`)[0] as { id: number; slug: string };
const car = query<{ id: number; slug: string; stocknum: string }>(
  `SELECT id, slug, stocknum FROM vehicles WHERE site = '${SITE}' AND dealership_id = ${dealership.id} AND status = 'in_stock' ORDER BY id DESC LIMIT 1`,
)[0] as { id: number; slug: string; stocknum: string };

/** The car's and the scope's sums over the period, taken here from the days. */
function fromDays(days: number) {
  const since = dayBefore(days - 1);
  const sums = (where: string) =>
    query<{ views: number | null; searches: number | null }>(
      `SELECT SUM(c.views) AS views, SUM(c.search_appearances) AS searches FROM car_daily_counts c JOIN vehicles v ON v.id = c.car_id AND v.site = c.site
       WHERE c.site = '${SITE}' AND c.day >= '${since}' AND ${where}`,
    )[0];
  const own = sums(`c.car_id = ${car.id}`);
  const scope = sums(`v.status IN ('in_stock', 'coming_soon') AND v.dealership_id = ${dealership.id}`);
  return { car: [String(own?.views ?? 0), String(own?.searches ?? 0)], totals: [String(scope?.views ?? 0), String(scope?.searches ?? 0)] };
}

describe("insights: each car's period counts kept per car (car_period_counts)", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = (await signedInStaff(SITE, dealership.slug, "read-only")).cookie;
  }, 60_000);
  // Read once what it shows is up to date (ADR 0111: a view asks the queue's consumer for the refresh).
  const get = (path: string) => freshInsights(() => fetchSite(SITE, path, { headers: { cookie } }));

  /** The car's page views and search appearances in the CSV and the page's totals, for each period. */
  async function shown() {
    const figures: Record<number, { car: string[]; totals: string[] }> = {};
    for (const days of PERIODS) {
      const [header = [], ...rows] = parseCsv(await (await get(`/dealer/insights.csv?days=${days}`)).text());
      const row = rows.find((line) => line[header.indexOf("stocknum")] === car.stocknum) ?? [];
      const page = await (await get(`/dealer/insights?days=${days}`)).text();
      const total = (label: string) => new RegExp(`data-total="${label}">(\\d+)<`).exec(page)?.[1];
      figures[days] = { car: [row[header.indexOf("page_views")] ?? "", row[header.indexOf("search_appearances")] ?? ""], totals: [total("Page views") ?? "", total("Search appearances") ?? ""] };
    }
    return figures;
  }
  const expected = () => Object.fromEntries(PERIODS.map((days) => [days, fromDays(days)]));

  it("page views counted after the site's counts are of today are added to every period by the queue's consumer", { timeout: 90_000 }, async () => {
    // A view brings the site's counts to today; the page views below then reach them only through the consumer.
    expect((await get("/dealer/insights?days=7")).status).toBe(200);
    const today = dayBefore(0);
    const viewsToday = () => query<{ views: number }>(`SELECT views FROM car_daily_counts WHERE site = '${SITE}' AND car_id = ${car.id} AND day = '${today}'`)[0]?.views ?? 0;
    const before = viewsToday();
    for (let view = 0; view < 2; view++) expect((await fetchSite(SITE, `/cars/${car.slug}`)).status).toBe(200);
    await expect.poll(viewsToday, { timeout: 30_000, interval: 500 }).toBe(before + 2);
    expect(await shown()).toEqual(expected());
    // The totals kept per dealership (migration 0060, ADR 0106) took the consumer's counts too.
    expect(keptStockTotals(SITE)).toEqual(stockTotalsFromDays(SITE));
  });

  describe("a site whose counts are of an earlier day", () => {
    // Counts of earlier days: 12 and 45 days ago (in the 30 and 90 days, or the 90 only), and on the days a step from
    // yesterday to today takes out of each period (7, 30 and 90 days ago).
    const added = [
      { day: dayBefore(12), views: 3, searches: 5 },
      { day: dayBefore(45), views: 7, searches: 11 },
      { day: dayBefore(7), views: 2, searches: 3 },
      { day: dayBefore(30), views: 4, searches: 6 },
      { day: dayBefore(90), views: 5, searches: 9 },
    ];
    afterAll(() => {
      for (const { day, views, searches } of added) {
        query(`UPDATE car_daily_counts SET views = views - ${views}, search_appearances = search_appearances - ${searches} WHERE site = '${SITE}' AND car_id = ${car.id} AND day = '${day}'`);
      }
      query(`DELETE FROM car_period_count_days WHERE site = '${SITE}'`);
    });
    beforeAll(() => {
      for (const { day, views, searches } of added) {
        query(
          `INSERT INTO car_daily_counts (site, car_id, day, views, search_appearances) VALUES ('${SITE}', ${car.id}, '${day}', ${views}, ${searches})
           ON CONFLICT (site, car_id, day) DO UPDATE SET views = views + excluded.views, search_appearances = search_appearances + excluded.search_appearances`,
        );
      }
    });

    it("is stepped to today by the consumer after a view: the days that left each period taken off (ADR 0111)", { timeout: 90_000 }, async () => {
      // As a site last counted yesterday: every car's kept counts are exactly yesterday's periods.
      const yesterday = dayBefore(1);
      const sumsTo = (period: number) =>
        `SUM(iif(day >= date('${yesterday}', '-${period - 1} days'), views, 0)), SUM(iif(day >= date('${yesterday}', '-${period - 1} days'), search_appearances, 0))`;
      query(`DELETE FROM car_period_counts WHERE site = '${SITE}'`);
      query(
        `INSERT INTO car_period_counts (site, car_id, views7, searches7, views30, searches30, views90, searches90)
         SELECT site, car_id, ${PERIODS.map(sumsTo).join(", ")} FROM car_daily_counts
         WHERE site = '${SITE}' AND day >= date('${yesterday}', '-89 days') AND day <= '${yesterday}' GROUP BY car_id`,
      );
      query(`INSERT OR REPLACE INTO car_period_count_days (site, day, next_car) VALUES ('${SITE}', '${yesterday}', NULL)`);
      const figures = await shown();
      expect(figures).toEqual(expected());
      expect(query(`SELECT day, next_car FROM car_period_count_days WHERE site = '${SITE}'`)).toEqual([{ day: dayBefore(0), next_car: null }]);
      // The step changed the kept totals with the counts (migration 0060's triggers).
      expect(keptStockTotals(SITE)).toEqual(stockTotalsFromDays(SITE));
      // 3 + 7 + 2 + 4 added views in its 90 days (90 days ago has left it).
      expect(Number(figures[90]?.car[0])).toBeGreaterThanOrEqual(16);
    });

    it("is summed again from the days, car range by car range, when it has no day (a new or seeded site)", { timeout: 90_000 }, async () => {
      query(`UPDATE car_period_counts SET views90 = views90 + 1000 WHERE site = '${SITE}' AND car_id = ${car.id}`);
      query(`DELETE FROM car_period_count_days WHERE site = '${SITE}'`);
      // The view itself sums nothing: it answers what is kept, says so, and leaves the sum to the consumer.
      const first = await fetchSite(SITE, "/dealer/insights?days=90", { headers: { cookie } });
      expect(first.headers.get(BEHIND_HEADER)).toContain("counts");
      expect(await first.text()).toContain("No page views or search appearances are counted yet");
      const figures = await shown();
      expect(figures).toEqual(expected());
      expect(keptStockTotals(SITE)).toEqual(stockTotalsFromDays(SITE));
    });
  });
});
