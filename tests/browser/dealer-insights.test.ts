import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newClient } from "../support/accounts";
import { query } from "../support/db";
import { BEHIND_HEADER } from "../support/insights";
import { enquiry, postLead } from "../support/leads";
import { launchChromium, siteUrl } from "../support/platform";
import { CONSOLE_SITES, checkConsolePage, consolePage } from "../support/staff";

/**
 * Issue 31 goal 4: insights on a dealer and on a group. The test views a car's page N times and loads a page of
 * search results, sends a lead about the car, then reads the console's insights until the counts have come through
 * the queue; every figure is computed here from the events the test caused and from the stock records.
 */
const VIEWS = 3;
const DAY_MS = 86_400_000;

type Vehicle = { id: number; slug: string; stocknum: string; dealership: string; make: string; model: string; year: number; km: number | null; price: number | null; created_at: string; images: number; photos_count: number | null };

const today = () => new Date().toISOString().slice(0, 10);
const since30 = () => new Date(Date.now() - 29 * DAY_MS).toISOString().slice(0, 10);

const vehicle = (site: string, slug: string) =>
  query<Vehicle>(
    `SELECT v.id, v.slug, v.stocknum, d.slug AS dealership, v.make, v.model, v.year, v.km, v.price, json_extract(v.data, '$.created_at') AS created_at,
       json_array_length(v.data, '$.images') AS images, json_extract(v.data, '$.photos_count') AS photos_count
     FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id WHERE v.site = '${site}' AND v.slug = '${slug}'`,
  )[0];

/** The counts kept for the site's cars over the last 30 days, by car. */
const keptCounts = (site: string) =>
  new Map(
    query<{ car_id: number; views: number; searches: number }>(
      `SELECT car_id, SUM(views) AS views, SUM(search_appearances) AS searches FROM car_daily_counts WHERE site = '${site}' AND day >= '${since30()}' GROUP BY car_id`,
    ).map((row) => [row.car_id, { views: row.views, searches: row.searches }]),
  );

/** The market, as written in ADR 0070: same make and model, 3-year band from 1900, odometer band; the car itself left out. */
function expectedPosition(car: Vehicle): string {
  const band = (year: number) => year - ((year - 1900) % 3);
  const edges = [0, 20_000, 50_000, 100_000, 150_000, 200_000];
  const kmBand = (km: number) => edges.filter((edge) => km >= edge).at(-1);
  const others = query<{ make: string; model: string; year: number; km: number | null; price: number | null; id: number }>(
    `SELECT id, make, model, year, km, price FROM vehicles WHERE status IN ('in_stock', 'coming_soon') AND lower(trim(make)) = lower(trim('${car.make.replace(/'/g, "''")}'))
       AND lower(trim(model)) = lower(trim('${car.model.replace(/'/g, "''")}'))`,
  );
  if (car.km === null) return "Not enough data";
  const prices = others
    .filter((other) => other.km !== null && other.km >= 0 && band(other.year) === band(car.year) && kmBand(other.km) === kmBand(car.km as number) && (other.price ?? 0) > 0)
    .map((other) => other.price as number);
  // Leave the car's own price out once.
  const own = car.price && car.price > 0 ? prices.indexOf(car.price) : -1;
  if (own >= 0) prices.splice(own, 1);
  if (prices.length < 5) return "Not enough data";
  if (!car.price || car.price <= 0) return "No asking price";
  const sorted = prices.sort((a, b) => a - b);
  const middle = sorted.length % 2 ? (sorted[(sorted.length - 1) / 2] as number) : ((sorted[sorted.length / 2 - 1] as number) + (sorted[sorted.length / 2] as number)) / 2;
  const percent = Math.round(((car.price - middle) / middle) * 1000) / 10;
  return `${percent > 0 ? "+" : ""}${percent}% against the market median ($${Math.round(middle).toLocaleString("en-AU")}, ${prices.length} cars)`;
}

describe("dealer insights in Chromium at a phone's width", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { site, group } of CONSOLE_SITES) {
    it(`${site}${group ? " (a group)" : ""}: views, a search appearance and a lead come through to the car's figures`, { timeout: 180_000 }, async () => {
      const before = keptCounts(site);
      const shopper = await (await browser.newContext({ extraHTTPHeaders: newClient() })).newPage();
      // The first result of a search: the test's one search appearance is then sure to include it.
      expect((await shopper.goto(siteUrl(site, "/search")))?.status()).toBe(200);
      const shown = await shopper.locator('#slot-search a[href^="/cars/"]').evaluateAll((links) => [...new Set(links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))]);
      expect(shown.length).toBeGreaterThan(0);
      const car = vehicle(site, (shown[0] as string).slice("/cars/".length));
      if (!car) throw new Error(`no car ${shown[0]} on ${site}`);
      for (let view = 0; view < VIEWS; view += 1) expect((await shopper.goto(siteUrl(site, `/cars/${car.slug}`)))?.status()).toBe(200);
      const lead = enquiry({}, { message: `Insights ${randomUUID().slice(0, 8)}`, terms_conditions: true });
      const posted = await postLead(site, { ...lead, userData: { ...lead.userData, car_id: car.id } }, { "idempotency-key": randomUUID() });
      expect(posted.status).toBe(201);
      await shopper.context().close();
      // What the page must show: the counts kept before, plus the test's own views and its one search.
      const expected = { views: (before.get(car.id)?.views ?? 0) + VIEWS, searches: (before.get(car.id)?.searches ?? 0) + 1 };

      const { page } = await consolePage(browser, site, car.dealership, "read-only");
      // The table is paged in listing order: the car's page from the scope's cars in stock, as the records have them.
      const scope = query<{ id: number }>(
        `SELECT v.id FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id WHERE v.site = '${site}' AND v.status IN ('in_stock', 'coming_soon')${group ? "" : ` AND d.slug = '${car.dealership}'`} ORDER BY v.id`,
      ).map((row) => row.id);
      const carPage = Math.floor(scope.indexOf(car.id) / 50) + 1;
      expect(carPage).toBeGreaterThan(0);
      const path = `${group ? "/dealer/insights?dealership=all&days=30" : "/dealer/insights?days=30"}&page=${carPage}`;
      const row = page.locator(`tr[data-stocknum="${car.stocknum}"]`);
      const figure = (name: string) => row.locator(`[data-figure="${name}"]`).textContent();
      // The counts land when the queue's batch does, the market and the period counts when the consumer's refresh a
      // view asks for does (ADR 0111): read the page again until they are in and it names nothing behind (no fixed sleep).
      await expect
        .poll(
          async () => {
            const response = await page.goto(siteUrl(site, path));
            return { views: Number(await figure("views")), searches: Number(await figure("searches")), behind: response?.headers()[BEHIND_HEADER] ?? "" };
          },
          { timeout: 60_000, interval: 1000 },
        )
        .toEqual({ ...expected, behind: "" });
      expect(keptCounts(site).get(car.id)).toEqual(expected);

      // Leads by kind from the records (the test's enquiry among them), days in stock and photos from the stock record.
      const leads = query<{ kind: string; n: number }>(`SELECT kind, COUNT(*) AS n FROM leads WHERE site = '${site}' AND car_id = ${car.id} AND created_at >= '${since30()}' GROUP BY kind ORDER BY kind`);
      expect(leads.find((lead) => lead.kind === "enquiry")?.n).toBeGreaterThanOrEqual(1);
      expect(await figure("leads")).toBe(leads.map((lead) => `${lead.kind.replace(/_/g, " ")} ${lead.n}`).join(", "));
      expect(Number(await figure("days"))).toBe(Math.floor((Date.now() - Date.parse(car.created_at)) / DAY_MS));
      expect(Number(await figure("photos"))).toBe(Math.max(car.images ?? 0, car.photos_count ?? 0));
      expect(await figure("position")).toBe(expectedPosition(car));
      // A car viewed with a lead is not on the "viewed but no enquiry" list; the row names the lists the car is on.
      const lists = ((await row.getAttribute("data-lists")) ?? "").split(" ");
      expect(lists).not.toContain("viewedNotEnquired");
      expect(lists.includes("fewPhotos")).toBe(Math.max(car.images ?? 0, car.photos_count ?? 0) < 10);
      expect(lists.includes("aged60")).toBe(Number(await figure("days")) > 60);
      // The page's rows are the scope's cars of that page, in listing order.
      const stocknums = await page.locator("tbody tr[data-stocknum]").evaluateAll((rows) => rows.map((tr) => tr.getAttribute("data-stocknum")));
      const expectedPage = scope.slice((carPage - 1) * 50, carPage * 50);
      expect(stocknums.length).toBe(expectedPage.length);
      expect(stocknums).toContain(car.stocknum);

      // Today's counts of the scope's cars are in each trend's last bar's words; the 30 days are 30 bars.
      const todays = query<{ views: number; searches: number }>(
        `SELECT SUM(c.views) AS views, SUM(c.search_appearances) AS searches FROM car_daily_counts c JOIN vehicles v ON v.id = c.car_id AND v.site = c.site
         WHERE c.site = '${site}' AND c.day = '${today()}'${group ? "" : ` AND v.dealership_id = (SELECT id FROM dealerships WHERE site = '${site}' AND slug = '${car.dealership}')`}`,
      )[0];
      expect(await page.locator('[data-series="views"] rect').count()).toBe(30);
      expect(await page.locator('[data-series="views"] rect:last-of-type title').textContent()).toBe(`${today()}: ${todays?.views} views`);
      expect(await page.locator('[data-series="searches"] rect:last-of-type title').textContent()).toBe(`${today()}: ${todays?.searches} search appearances`);

      await checkConsolePage(page);
      await page.context().close();
    });
  }
});
