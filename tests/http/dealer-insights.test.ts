import { beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { freshInsights, type Stock, medians, parseCsv } from "../support/insights";
import { fetchSite } from "../support/platform";
import { signedInStaff } from "../support/staff";

/**
 * Issue 31 goal 4: the insights CSV of a dealership and of a group, every figure checked against the records, and bad
 * query input answered 400 naming the field (the CSV and the page). A read-only member may read insights.
 */
const DAY_MS = 86_400_000;

const dealershipOf = (site: string) => query<{ slug: string; id: number }>(`SELECT slug, id FROM dealerships WHERE site = '${site}' ORDER BY id LIMIT 1`)[0] as { slug: string; id: number };

describe("counting views and search appearances", () => {
  it("a search page served twice (the second from the gateway's kept slot) counts its cars twice; a car page once", { timeout: 60_000 }, async () => {
    const site = "metro-certified";
    const today = new Date().toISOString().slice(0, 10);
    const counts = () =>
      new Map(
        query<{ car_id: number; views: number; searches: number }>(
          `SELECT car_id, views, search_appearances AS searches FROM car_daily_counts WHERE site = '${site}' AND day = '${today}'`,
        ).map((row) => [row.car_id, { views: row.views, searches: row.searches }]),
      );
    const before = counts();
    // The same anonymous request twice: the gateway may answer the second with the results slot it kept.
    const pages = [await fetchSite(site, "/search?sort=price-asc"), await fetchSite(site, "/search?sort=price-asc")];
    const slugs = await Promise.all(pages.map(async (page) => /href="\/cars\/([a-z0-9-]+)"/.exec(await page.text())?.[1]));
    expect(slugs[0]).toBeTruthy();
    expect(slugs[1]).toBe(slugs[0]);
    const car = query<{ id: number }>(`SELECT id FROM vehicles WHERE site = '${site}' AND slug = '${slugs[0]}'`)[0]?.id as number;
    expect((await fetchSite(site, `/cars/${slugs[0]}`)).status).toBe(200);
    const expected = { views: (before.get(car)?.views ?? 0) + 1, searches: (before.get(car)?.searches ?? 0) + 2 };
    // Counted through the queue: read until the batches have landed.
    await expect.poll(() => counts().get(car), { timeout: 30_000, interval: 500 }).toEqual(expected);
  });
});

describe("dealer insights over HTTP", () => {
  for (const { site, group } of [
    { site: "harbour-city-motors", group: false },
    { site: "summit-auto-group", group: true },
  ]) {
    describe(site, () => {
      let cookie = "";
      const dealership = dealershipOf(site);
      beforeAll(async () => {
        cookie = (await signedInStaff(site, dealership.slug, "read-only")).cookie;
      }, 60_000);
      // Read once what it shows is up to date (ADR 0111: a view asks the queue's consumer for the refresh).
      const get = (path: string) => freshInsights(() => fetchSite(site, path, { headers: { cookie } }));

      it("the CSV has every in-stock car of the scope and its figures as the records have them", { timeout: 60_000 }, async () => {
        const path = group ? "/dealer/insights.csv?dealership=all&days=7" : "/dealer/insights.csv?days=7";
        const response = await get(path);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
        expect(response.headers.get("cache-control")).toBe("no-store");
        const [header = [], ...rows] = parseCsv(await response.text());
        const column = (name: string) => header.indexOf(name);
        for (const name of ["stocknum", "page_views", "search_appearances", "leads", "saves", "photos", "days_in_stock", "market_median", "comparables", "aged60", "fewPhotos"]) {
          expect(column(name), name).toBeGreaterThanOrEqual(0);
        }
        const since = new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10);
        const scope = group ? "" : ` AND v.dealership_id = ${dealership.id}`;
        const cars = query<{ id: number; stocknum: string; created_at: string; images: number; photos_count: number | null }>(
          `SELECT v.id, v.stocknum, json_extract(v.data, '$.created_at') AS created_at, json_array_length(v.data, '$.images') AS images,
             json_extract(v.data, '$.photos_count') AS photos_count FROM vehicles v WHERE v.site = '${site}' AND v.status IN ('in_stock', 'coming_soon')${scope}`,
        );
        // Only this scope's cars: never another dealership's (outside the group) or another site's.
        expect(rows.map((row) => row[column("stocknum")]).sort()).toEqual(cars.map((car) => car.stocknum).sort());
        const counts = new Map(
          query<{ car_id: number; views: number; searches: number }>(
            `SELECT car_id, SUM(views) AS views, SUM(search_appearances) AS searches FROM car_daily_counts WHERE site = '${site}' AND day >= '${since}' GROUP BY car_id`,
          ).map((row) => [row.car_id, row]),
        );
        const leads = new Map(query<{ car_id: number; n: number }>(`SELECT car_id, COUNT(*) AS n FROM leads WHERE site = '${site}' AND created_at >= '${since}' GROUP BY car_id`).map((row) => [row.car_id, row.n]));
        for (const car of cars) {
          const row = rows.find((line) => line[column("stocknum")] === car.stocknum) ?? [];
          const photos = Math.max(car.images ?? 0, car.photos_count ?? 0);
          const days = Math.floor((Date.now() - Date.parse(car.created_at)) / DAY_MS);
          expect(
            [row[column("page_views")], row[column("search_appearances")], row[column("leads")], row[column("photos")], row[column("days_in_stock")], row[column("fewPhotos")], row[column("aged60")]],
            car.stocknum,
          ).toEqual([
            String(counts.get(car.id)?.views ?? 0),
            String(counts.get(car.id)?.searches ?? 0),
            String(leads.get(car.id) ?? 0),
            String(photos),
            String(days),
            photos < 10 ? "yes" : "no",
            days > 60 ? "yes" : "no",
          ]);
          // The market shows as a median and a count only; with fewer than 5 comparables, or no asking price, no median.
          const comparables = Number(row[column("comparables")]);
          expect(row[column("market_median")] === "", car.stocknum).toBe(comparables < 5 || !(Number(row[column("price")]) > 0));
          // Figures are plain numbers a spreadsheet sums (a negative position is not taken for a formula).
          expect(row[column("price_position_percent")], car.stocknum).toMatch(/^(-?\d+(\.\d)?)?$/);
        }
      });

      it("the page's totals, lists and table pages (each order, a list's filter) are the records', O(page) cars a view", { timeout: 90_000 }, async () => {
        const DAYS = 30;
        const since = new Date(Date.now() - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
        const scope = group ? "" : ` AND v.dealership_id = ${dealership.id}`;
        const cars = query<Stock & { created_at: string; photos: number }>(
          `SELECT v.id, v.stocknum, v.make, v.model, v.year, v.km, v.price, json_extract(v.data, '$.created_at') AS created_at,
             max(coalesce(json_array_length(v.data, '$.images'), 0), coalesce(json_extract(v.data, '$.photos_count'), 0)) AS photos
           FROM vehicles v WHERE v.site = '${site}' AND v.status IN ('in_stock', 'coming_soon')${scope} ORDER BY v.id`,
        );
        const byCar = (sql: string) => new Map(query<{ car_id: number; n: number }>(sql).map((row) => [row.car_id, row.n]));
        const views = byCar(`SELECT car_id, SUM(views) AS n FROM car_daily_counts WHERE site = '${site}' AND day >= '${since}' GROUP BY car_id`);
        const leads = byCar(`SELECT car_id, COUNT(*) AS n FROM leads WHERE site = '${site}' AND car_id IS NOT NULL AND created_at >= '${since}' GROUP BY car_id`);
        const median = medians(cars);
        const figures = cars.map((car) => {
          const days = Math.floor((Date.now() - Date.parse(car.created_at)) / DAY_MS);
          const m = median.get(car.id) ?? null;
          const lists = {
            aged60: days > 60,
            aged90: days > 90,
            viewedNotEnquired: (views.get(car.id) ?? 0) > 0 && (leads.get(car.id) ?? 0) === 0,
            wellAbove: m !== null && (car.price as number) - m > m * 0.1,
            fewPhotos: car.photos < 10,
          };
          return { ...car, days, lists };
        });
        const base = group ? "/dealer/insights?dealership=all&days=30" : "/dealer/insights?days=30";
        const page = async (query: string) => {
          const response = await get(`${base}${query}`);
          expect(response.status, query).toBe(200);
          const html = await response.text();
          return {
            html,
            rows: [...html.matchAll(/<tr data-stocknum="([^"]+)"/g)].map((match) => match[1]),
            count: (list: string) => Number(new RegExp(`data-list="${list}" data-count="(\\d+)"`).exec(html)?.[1]),
          };
        };
        const first = await page("");
        expect(new RegExp(`data-total="Cars in stock">${cars.length}<`).test(first.html)).toBe(true);
        for (const list of ["aged60", "aged90", "viewedNotEnquired", "wellAbove", "fewPhotos"] as const) {
          expect(first.count(list), list).toBe(figures.filter((car) => car.lists[list]).length);
        }
        // Listing order, 50 a page: the first page and the last.
        expect(first.rows).toEqual(cars.slice(0, 50).map((car) => car.stocknum));
        const last = Math.max(1, Math.ceil(cars.length / 50));
        expect((await page(`&page=${last}`)).rows).toEqual(cars.slice((last - 1) * 50).map((car) => car.stocknum));
        expect((await page(`&page=${last + 1}`)).rows).toEqual([]);
        // Longest in stock first (ties in listing order), and fewest photos first.
        const byDays = [...figures].sort((a, b) => b.days - a.days || a.id - b.id);
        expect((await page("&sort=days")).rows).toEqual(byDays.slice(0, 50).map((car) => car.stocknum));
        const byPhotos = [...figures].sort((a, b) => a.photos - b.photos || a.id - b.id);
        expect((await page("&sort=photos&page=2")).rows).toEqual(byPhotos.slice(50, 100).map((car) => car.stocknum));
        // A list's filter: its cars in listing order; the list on the page shows its first 10.
        for (const list of ["fewPhotos", "wellAbove"] as const) {
          const listed = figures.filter((car) => car.lists[list]).map((car) => car.stocknum);
          expect((await page(`&list=${list}`)).rows, list).toEqual(listed.slice(0, 50));
          const shown = [...(new RegExp(`data-list="${list}"[^>]*>(.*?)</section>`, "s").exec(first.html)?.[1] ?? "").matchAll(/<li data-stocknum="([^"]+)"/g)].map((match) => match[1]);
          expect(shown, list).toEqual(listed.slice(0, 10));
        }
        // The CSV's medians for every car are the market's, from every site's stock.
        const csv = parseCsv(await (await get(group ? "/dealer/insights.csv?dealership=all&days=30" : "/dealer/insights.csv?days=30")).text());
        const [header = [], ...rows] = csv;
        const at = (row: string[], name: string) => row[header.indexOf(name)];
        expect(rows.length).toBe(cars.length);
        for (const car of cars) {
          const row = rows.find((line) => at(line, "stocknum") === car.stocknum) ?? [];
          const m = median.get(car.id) ?? null;
          expect(at(row, "market_median"), car.stocknum).toBe(m === null ? "" : String(m));
        }
      });

      it("bad query input is a 400 naming the field, on the CSV and the page", { timeout: 60_000 }, async () => {
        for (const [bad, field] of [["page=0", "page"], ["page=two", "page"], ["sort=cheapest", "sort"], ["list=everything", "list"]]) {
          const response = await get(`/dealer/insights.csv?${bad}`);
          expect(response.status, bad).toBe(400);
          expect(Object.keys(((await response.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors), bad).toEqual([field]);
          expect((await get(`/dealer/insights?${bad}`)).status, bad).toBe(400);
        }
        const days = await get("/dealer/insights.csv?days=5");
        expect(days.status).toBe(400);
        expect(Object.keys(((await days.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors)).toEqual(["days"]);
        const other = await get("/dealer/insights.csv?dealership=no-such-dealer");
        expect(other.status).toBe(400);
        expect(Object.keys(((await other.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors)).toEqual(["dealership"]);
        const page = await get("/dealer/insights?days=forever&dealership=Bad%20Slug");
        expect(page.status).toBe(400);
        const html = await page.text();
        expect(html).toContain("2 problems; nothing was saved:");
        expect(html).toMatch(/id="insights-days"[^>]*aria-invalid="true"/);
        expect(html).toMatch(/id="insights-dealership"[^>]*aria-invalid="true"/);
        // The whole group is only a choice on a group's site.
        expect((await get("/dealer/insights.csv?dealership=all")).status).toBe(group ? 200 : 400);
      });

      it("needs a signed-in staff member", async () => {
        const anonymous = await fetchSite(site, "/dealer/insights.csv");
        expect(anonymous.status).toBe(303);
        expect(anonymous.headers.get("location")).toMatch(/^\/dealer\/sign-in\?next=/);
      });
    });
  }
});
