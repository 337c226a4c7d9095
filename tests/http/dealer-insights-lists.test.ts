import { describe, expect, it } from "vitest";
import { LIST_PREVIEW, PAGE_SIZE, summarySql } from "../../mf-dealer/src/insights-data";
import { daysInStock } from "../../shared/src/rules/insights";
import { postJson, signIn } from "../support/accounts";
import { query } from "../support/db";
import { enquiry, postLead } from "../support/leads";
import { freshInsights, keptStockTotals, medians, type Stock, stockTotalsFromDays, stockWrites } from "../support/insights";
import { fetchSite } from "../support/platform";
import { stockApi } from "../support/stock-api";

/**
 * ADR 0103 (on a group, so the whole group and one dealership differ): the lists' counts and first cars and the sorted pages are read from migration 0058's indexes. Each must be
 * the rule over the records, computed here from each car's record, the network's median and its counts, after a
 * reprice, a photo count change and a sale through the stock API, and on later days (the aged lists are a range of
 * listed_jd against "now"). The orders by a count (ADR 0106) and the kept totals too, today, from the events.
 */
const SITE = "summit-auto-group";
const DAY_MS = 86_400_000;
const SORTS = ["listed", "days", "photos", "position"] as const;
/** ADR 0106: the orders by a count, unfiltered, read the cars with a count by their own order, then the others. */
const COUNT_SORTS = ["views", "searches", "leads", "saves", "changes"] as const;

type Car = Stock & { dealership_id: number; listed_at: string | null; sold_date: string | null; photos: number };

const bind = (sql: string, since: string, now: string) => sql.replace(/\?1\b/g, `'${SITE}'`).replace(/\?2\b/g, `'${since}'`).replace(/\?3\b/g, `'${now}'`);

describe("the insights lists and sorted pages by index", () => {
  const writes = stockWrites(SITE);
  const { dealership, key, originals } = writes;

  it("are the rules over the records after stock writes and on later days", { timeout: 120_000 }, async () => {
    const picked = query<{ stocknum: string }>(
      // The first has a market median (so a reprice can put it well above it).
      `SELECT v.stocknum FROM vehicles v JOIN car_stock_figures f ON f.car_id = v.id
       WHERE v.site = '${SITE}' AND v.dealership_id = ${dealership.id} AND v.status = 'in_stock' AND v.price > 20000 ORDER BY f.median IS NULL, v.id DESC LIMIT 3`,
    );
    expect(picked).toHaveLength(3);
    for (const { stocknum } of picked) {
      const { vehicles } = (await (await stockApi(SITE, key, `/vehicles?stocknum=${encodeURIComponent(stocknum)}`)).json()) as { vehicles: Record<string, unknown>[] };
      originals.push(vehicles[0] as Record<string, unknown>);
    }
    const [repriced, fewer, sold] = originals as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    const written = await stockApi(SITE, key, "/vehicles/batch", {
      upsert: [
        // Far above its market, so it moves into "well above" and to the top of the position order.
        { ...repriced, price: Number(repriced.price) * 3 },
        { ...fewer, images: (Array.isArray(fewer.images) ? fewer.images : []).slice(0, 2), photos_count: 2 },
        { ...sold, status: "sold", sold_date: new Date().toISOString().slice(0, 10) },
      ],
      delete: [],
    });
    expect(written.status).toBe(200);
    // The test's own events for the orders by a count and the kept totals: page views (one car twice), a search page,
    // an enquiry about one car and a watchlist save of another, counted through the platform's own paths.
    const [first, second] = query<{ id: number; slug: string }>(
      `SELECT id, slug FROM vehicles WHERE site = '${SITE}' AND dealership_id = ${dealership.id} AND status = 'in_stock' ORDER BY id LIMIT 2 OFFSET 5`,
    ) as [{ id: number; slug: string }, { id: number; slug: string }];
    const todays = () =>
      query<{ views: number; searches: number }>(`SELECT coalesce(SUM(views), 0) AS views, coalesce(SUM(search_appearances), 0) AS searches FROM car_daily_counts WHERE site = '${SITE}' AND day = '${new Date().toISOString().slice(0, 10)}'`)[0];
    const counted = todays();
    for (const slug of [first.slug, first.slug, second.slug]) expect((await fetchSite(SITE, `/cars/${slug}`)).status).toBe(200);
    expect((await fetchSite(SITE, "/search")).status).toBe(200);
    await expect.poll(() => Number(todays()?.views) - Number(counted?.views) >= 3 && Number(todays()?.searches) > Number(counted?.searches), { timeout: 30_000, interval: 500 }).toBe(true);
    const lead = enquiry({}, { message: "Insights order test", terms_conditions: true });
    expect((await postLead(SITE, { ...lead, userData: { ...lead.userData, car_id: second.id } })).status).toBeLessThan(300);
    const shopper = await signIn(SITE);
    expect((await postJson(SITE, "/api/watchlist/save-car", { phone_number: shopper.phone, car_id: first.id }, { cookie: shopper.cookie })).status).toBe(200);
    // A view asks the queue's consumer to refresh the market (the kept medians) and roll the period counts to today
    // (ADR 0111): read until it names nothing behind.
    expect((await freshInsights(() => fetchSite(SITE, "/dealer/insights?dealership=all&days=30", { headers: { cookie: writes.cookie } }))).status).toBe(200);
    expect(query(`SELECT car_id FROM car_stock_figures WHERE site = '${SITE}' AND listed_jd IS NOT julianday(listed_at)`)).toEqual([]);

    const cars = query<Car>(
      `SELECT id, stocknum, make, model, year, km, price, dealership_id, json_extract(data, '$.created_at') AS listed_at, sold_date,
         max(coalesce(json_array_length(data, '$.images'), 0), coalesce(json_extract(data, '$.photos_count'), 0)) AS photos
       FROM vehicles WHERE site = '${SITE}' AND status IN ('in_stock', 'coming_soon')`,
    );
    const median = medians(cars);
    const views = new Map(query<{ car_id: number; views: number }>(`SELECT car_id, views30 AS views FROM car_period_counts WHERE site = '${SITE}'`).map((row) => [row.car_id, row.views]));
    const repricedId = cars.find((car) => car.stocknum === repriced.stocknum)?.id;
    expect(cars.find((car) => car.stocknum === fewer.stocknum)?.photos).toBe(2);
    expect(cars.find((car) => car.stocknum === sold.stocknum)).toBeUndefined();

    for (const later of [0, 45, 100]) {
      const now = new Date(Date.now() + later * DAY_MS);
      const since = new Date(now.getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
      const withLeads = new Set(
        query<{ car_id: number }>(`SELECT DISTINCT car_id FROM leads WHERE site = '${SITE}' AND car_id IS NOT NULL AND created_at >= '${since}'`).map((row) => row.car_id),
      );
      for (const dealershipId of [null, dealership.id]) {
        const label = `${later} days on, dealership ${dealershipId}`;
        const scope = cars.filter((car) => dealershipId === null || car.dealership_id === dealershipId).sort((a, b) => a.id - b.id);
        const days = (car: Car) => (car.listed_at ? daysInStock(car.listed_at, car.sold_date, now) : null);
        const ratio = (car: Car) => {
          const m = median.get(car.id) ?? null;
          return m === null ? null : ((car.price as number) - m) / m;
        };
        const rules = {
          aged60: (car: Car) => (days(car) ?? 0) > 60,
          aged90: (car: Car) => (days(car) ?? 0) > 90,
          viewedNotEnquired: (car: Car) => (views.get(car.id) ?? 0) > 0 && !withLeads.has(car.id),
          wellAbove: (car: Car) => {
            const m = median.get(car.id) ?? null;
            return m !== null && (car.price as number) - m > m * 0.1;
          },
          fewPhotos: (car: Car) => car.photos < 10,
        };
        const orders: Record<(typeof SORTS)[number], (a: Car, b: Car) => number> = {
          listed: (a, b) => a.id - b.id,
          days: (a, b) => (days(a) === null ? 1 : 0) - (days(b) === null ? 1 : 0) || (days(b) ?? 0) - (days(a) ?? 0) || a.id - b.id,
          photos: (a, b) => a.photos - b.photos || a.id - b.id,
          position: (a, b) => (ratio(a) === null ? 1 : 0) - (ratio(b) === null ? 1 : 0) || (ratio(b) ?? 0) - (ratio(a) ?? 0) || a.id - b.id,
        };
        for (const sort of SORTS) {
          const sorted = [...scope].sort(orders[sort]);
          for (const page of [1, 2, Math.ceil(scope.length / PAGE_SIZE)]) {
            const [totals, lists, table] = summarySql(dealershipId, "30", { sort, page }).map((sql) => query<Record<string, unknown>>(bind(sql, since, now.toISOString()))[0] ?? {});
            expect(JSON.parse(String(table?.page)), `${label}, ${sort} page ${page}`).toEqual(sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((car) => car.id));
            if (sort !== "listed" || page !== 1) continue;
            expect(totals?.cars, label).toBe(scope.length);
            for (const [name, rule] of Object.entries(rules)) {
              const members = scope.filter(rule);
              const count = name === "viewedNotEnquired" ? Number(totals?.viewed) - Number(lists?.[`count_${name}`]) : Number(lists?.[`count_${name}`]);
              expect(count, `${label}, ${name}`).toBe(members.length);
              expect(JSON.parse(String(lists?.[`first_${name}`])), `${label}, ${name}`).toEqual(members.slice(0, LIST_PREVIEW).map((car) => car.id));
            }
          }
        }
        if (later === 0) {
          // The orders by a count over the period, each count taken here from the events and records themselves.
          const countOf = (sql: string) => new Map(query<{ car_id: number; n: number }>(sql).map((row) => [row.car_id, row.n]));
          const counts: Record<(typeof COUNT_SORTS)[number], Map<number, number>> = {
            views: countOf(`SELECT car_id, SUM(views) AS n FROM car_daily_counts WHERE site = '${SITE}' AND day >= '${since}' GROUP BY car_id`),
            searches: countOf(`SELECT car_id, SUM(search_appearances) AS n FROM car_daily_counts WHERE site = '${SITE}' AND day >= '${since}' GROUP BY car_id`),
            leads: countOf(`SELECT car_id, COUNT(*) AS n FROM leads WHERE site = '${SITE}' AND car_id IS NOT NULL AND created_at >= '${since}' GROUP BY car_id`),
            saves: countOf(
              `SELECT w.car_id, COUNT(*) AS n FROM watchlist_entries w JOIN users u ON u.id = w.user_id WHERE u.site = '${SITE}' AND w.created_at >= '${since}' GROUP BY w.car_id`,
            ),
            changes: countOf(`SELECT car_id, COUNT(*) AS n FROM car_price_changes WHERE site = '${SITE}' GROUP BY car_id`),
          };
          for (const sort of COUNT_SORTS) {
            const n = (car: Car) => counts[sort].get(car.id) ?? 0;
            const sorted = [...scope].sort((a, b) => n(b) - n(a) || a.id - b.id);
            // A count-ordered page that is all counted cars, one across the edge to the uncounted, and the last.
            const edge = Math.max(1, Math.ceil(scope.filter((car) => n(car) > 0).length / PAGE_SIZE));
            expect(scope.some((car) => n(car) > 0), `${label}, ${sort}: some car has a count`).toBe(true);
            for (const page of new Set([1, 2, edge, Math.ceil(scope.length / PAGE_SIZE)])) {
              const table = query<{ page: string }>(bind(summarySql(dealershipId, "30", { sort, page })[2] as string, since, now.toISOString()))[0];
              expect(JSON.parse(String(table?.page)), `${label}, ${sort} page ${page}`).toEqual(sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((car) => car.id));
            }
          }
          // The totals kept per dealership (migration 0060) after the reprice, the photo change and the sale.
          expect(keptStockTotals(SITE)).toEqual(stockTotalsFromDays(SITE, now));
          // The writes moved the cars as the rules say: the repriced car is well above its market and the first by position.
          expect(rules.wellAbove(scope.find((car) => car.id === repricedId) ?? scope[0] as Car), label).toBe(true);
          expect([...scope].sort(orders.position)[0]?.id, label).toBe(repricedId);
        }
        // Days passing change the aged lists (the test would not see a range fixed to one day otherwise).
        if (later === 100) expect(scope.filter(rules.aged90).length, label).toBeGreaterThan(0);
      }
    }
  });
});
