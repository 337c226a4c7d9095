import { beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { fetchSite } from "../support/platform";
import { signedInStaff } from "../support/staff";

/**
 * Issue 31 goal 4: the insights CSV of a dealership and of a group, every figure checked against the records, and bad
 * query input answered 400 naming the field (the CSV and the page). A read-only member may read insights.
 */
const DAY_MS = 86_400_000;

/** RFC 4180 rows: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      index += 1;
    } else cell += char;
  }
  return rows;
}

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
      const get = (path: string) => fetchSite(site, path, { headers: { cookie } });

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

      it("bad query input is a 400 naming the field, on the CSV and the page", { timeout: 60_000 }, async () => {
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
