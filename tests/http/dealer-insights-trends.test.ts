import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { freshInsights } from "../support/insights";
import { enquiry, postLead } from "../support/leads";
import { fetchSite } from "../support/platform";
import { stockApi } from "../support/stock-api";
import { signedInStaff } from "../support/staff";

/**
 * Issue 31: a car's price changes (recorded on the stock write path, migration 0040) in insights, on the page and in
 * the CSV, from the test's own stock writes; and the trend of leads a day, from the test's own lead, in the page's
 * table of the trend's figures.
 */
const SITE = "harbour-city-motors";
const money = (amount: number) => `$${Math.round(amount).toLocaleString("en-AU")}`;

const csvRow = (csv: string, stocknum: string) => {
  // No quoted commas in these columns' cells: a plain split finds them.
  const [header = "", ...rows] = csv.split("\r\n");
  const columns = header.split(",");
  const row = rows.find((line) => line.startsWith(`${stocknum},`))?.split(",") ?? [];
  const at = (name: string) => row[row.length - (columns.length - columns.indexOf(name))] ?? "";
  return { at, found: row.length > 0 };
};

describe("insights: price changes and the trend of leads", () => {
  const dealership = query<{ id: number; slug: string }>(`SELECT id, slug FROM dealerships WHERE site = '${SITE}' ORDER BY id LIMIT 1`)[0] as { id: number; slug: string };
  let cookie = "";
  beforeAll(async () => {
    cookie = (await signedInStaff(SITE, dealership.slug, "read-only")).cookie;
  }, 60_000);
  // Read once what it shows is up to date (ADR 0111: a view asks the queue's consumer for the refresh).
  const get = (path: string) => freshInsights(() => fetchSite(SITE, path, { headers: { cookie } }));

  it("two price writes are two changes with their day and the last change's prices; a write that keeps the price is none", { timeout: 90_000 }, async () => {
    const car = query<{ id: number; stocknum: string; price: number }>(
      `SELECT id, stocknum, json_extract(data, '$.price') AS price FROM vehicles WHERE site = '${SITE}' AND dealership_id = ${dealership.id} AND status = 'in_stock'
         AND json_extract(data, '$.price') > 20000 ORDER BY id DESC LIMIT 1`,
    )[0];
    if (!car) throw new Error("no car to reprice");
    const key = `write-${dealership.slug}`;
    const { vehicles } = (await (await stockApi(SITE, key, `/vehicles?stocknum=${encodeURIComponent(car.stocknum)}`)).json()) as { vehicles: Record<string, unknown>[] };
    const original = vehicles[0] as Record<string, unknown>;
    const recorded = () => query<{ n: number }>(`SELECT COUNT(*) AS n FROM car_price_changes WHERE site = '${SITE}' AND car_id = ${car.id}`)[0]?.n ?? 0;
    const before = recorded();
    const write = async (fields: Record<string, unknown>) => expect((await stockApi(SITE, key, "/vehicles/batch", { upsert: [{ ...original, ...fields }], delete: [] })).status).toBe(200);
    try {
      await write({ price: car.price - 1000 });
      // Another field changed, the price kept: no change of price.
      await write({ price: car.price - 1000, dealercomments: `Repriced by the insights test ${randomUUID().slice(0, 8)}` });
      await write({ price: car.price - 2500 });
      expect(recorded()).toBe(before + 2);
      const today = new Date().toISOString().slice(0, 10);
      const days = query<{ day: string }>(`SELECT substr(changed_at, 1, 10) AS day FROM car_price_changes WHERE site = '${SITE}' AND car_id = ${car.id} ORDER BY changed_at`).map((row) => row.day);
      expect(days.slice(-2)).toEqual([today, today]);

      const csv = await get("/dealer/insights.csv?days=7");
      expect(csv.status).toBe(200);
      const row = csvRow(await csv.text(), car.stocknum);
      expect(row.found).toBe(true);
      expect([row.at("price_changes"), row.at("price_change_days"), row.at("last_price_change_at").slice(0, 10), row.at("last_price_from"), row.at("last_price_to")]).toEqual([
        String(before + 2),
        days.join(" "),
        today,
        String(car.price - 1000),
        String(car.price - 2500),
      ]);

      // The table is paged in the order listed (ADR 0077): the car is on whichever page holds it.
      let cell: string | undefined;
      for (let number = 1; cell === undefined; number++) {
        const page = await (await get(`/dealer/insights?days=7&page=${number}`)).text();
        if (!page.includes("<tr data-stocknum=")) break;
        cell = new RegExp(`<tr data-stocknum="${car.stocknum}"[^>]*>.*?data-figure="price-changes">([^<]*)<`, "s").exec(page)?.[1];
      }
      expect(cell).toBe(`${before + 2} (last ${today}: ${money(car.price - 1000)} to ${money(car.price - 2500)})`);
    } finally {
      await write({});
    }
  });

  it("the trend of leads a day counts the test's own lead, in the chart and the table of figures", { timeout: 60_000 }, async () => {
    const location = query<{ id: number }>(`SELECT id FROM locations WHERE site = '${SITE}' AND dealership_id = ${dealership.id} ORDER BY id LIMIT 1`)[0];
    if (!location) throw new Error("no location");
    const today = new Date().toISOString().slice(0, 10);
    const leadsToday = () => query<{ n: number }>(`SELECT COUNT(*) AS n FROM leads WHERE site = '${SITE}' AND dealership_id = ${dealership.id} AND created_at >= '${today}'`)[0]?.n ?? 0;
    const before = leadsToday();
    const posted = await postLead(SITE, enquiry({ form: "contact" }, { category: "General Enquiry", location: String(location.id), message: "Trend test", terms_conditions: true }), { "idempotency-key": randomUUID() });
    expect(posted.status).toBe(201);
    expect(leadsToday()).toBe(before + 1);

    const page = await (await get("/dealer/insights?days=7")).text();
    const figure = new RegExp(`<tr data-day="${today}">.*?data-figure="leads">(\\d+)<`, "s").exec(page)?.[1];
    expect(Number(figure)).toBe(before + 1);
    // The table has a row for each of the period's days, and the chart a bar for each.
    expect(page.match(/<tr data-day="/g)?.length).toBe(7);
    const chart = /<figure class="console-chart" data-series="leads">(.*?)<\/figure>/s.exec(page)?.[1] ?? "";
    expect(chart.match(/<rect /g)?.length).toBe(7);
    expect(chart).toContain(`<title>${today}: ${before + 1} leads</title>`);
  });
});
