import { describe, expect, it } from "vitest";
import { MARKET_REFRESH, summarySql } from "../../mf-dealer/src/insights-data";
import { query, queryPlan } from "../support/db";
import { freshInsights, keptStockTotals, medians, parseCsv, type Stock, stockTotalsFromDays, stockWrites } from "../support/insights";
import { fetchSite } from "../support/platform";
import { stockApi } from "../support/stock-api";

/**
 * ADR 0089: the insights page reads each car's listing time, photos, band columns, name (ADR 0096) and market median (ADR 0100) from car_stock_figures, kept by
 * triggers on vehicles. The rollup must be each record's own figures after the stock API changes a car's price and
 * odometer, sells one and deletes one (and brings it back), and the page's market must follow; the page's statements
 * must read the rollup by index, never every car's record.
 */
const SITE = "harbour-city-motors";

type Figures = {
  site: string;
  dealership_id: number;
  status: string;
  listed_at: string | null;
  sold_date: string | null;
  photos: number;
  make: string | null;
  model: string | null;
  year: number | null;
  km: number | null;
  price: number | null;
  name: string | null;
};

const text = (value: unknown) => (typeof value === "string" ? value : null);
const numeric = (value: unknown) => (typeof value === "number" ? value : null);

/** Each of the site's cars' figures, read here from its record's JSON. */
function fromRecords(): Map<number, Figures> {
  const cars = query<{ id: number; site: string; dealership_id: number; status: string; data: string }>(
    `SELECT id, site, dealership_id, status, data FROM vehicles WHERE site = '${SITE}'`,
  );
  return new Map(
    cars.map((car) => {
      const record = JSON.parse(car.data) as Record<string, unknown>;
      const images = Array.isArray(record.images) ? record.images.length : 0;
      return [
        car.id,
        {
          site: car.site,
          dealership_id: car.dealership_id,
          status: car.status,
          listed_at: text(record.created_at),
          sold_date: text(record.sold_date),
          photos: Math.max(images, numeric(record.photos_count) ?? 0),
          make: text(record.make)?.trim().toLowerCase() ?? null,
          model: text(record.model)?.trim().toLowerCase() ?? null,
          year: numeric(record.year),
          km: numeric(record.km),
          price: numeric(record.price),
          name: text(record.name),
        },
      ];
    }),
  );
}

function rollup(): Map<number, Figures> {
  const rows = query<Figures & { car_id: number }>(
    `SELECT car_id, site, dealership_id, status, listed_at, sold_date, photos, make, model, year, km, price, name FROM car_stock_figures WHERE site = '${SITE}'`,
  );
  return new Map(rows.map(({ car_id, ...figures }) => [car_id, figures]));
}

describe("car_stock_figures (the insights rollup) over stock writes", () => {
  const writes = stockWrites(SITE);
  const { dealership, key, originals } = writes;

  it("is each record's figures after a reprice, a new odometer reading, a sale, a delete and the car written back", { timeout: 120_000 }, async () => {
    expect(rollup()).toEqual(fromRecords());
    const picked = query<{ stocknum: string }>(
      `SELECT stocknum FROM vehicles WHERE site = '${SITE}' AND dealership_id = ${dealership.id} AND status = 'in_stock' AND price > 20000 AND km > 0 ORDER BY id LIMIT 3`,
    );
    expect(picked).toHaveLength(3);
    for (const { stocknum } of picked) {
      const { vehicles } = (await (await stockApi(SITE, key, `/vehicles?stocknum=${encodeURIComponent(stocknum)}`)).json()) as { vehicles: Record<string, unknown>[] };
      originals.push(vehicles[0] as Record<string, unknown>);
    }
    const [repriced, sold, deleted] = originals as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    const today = new Date().toISOString().slice(0, 10);
    // Each of the three viewed (the consumer's path), so the sale and the delete take counts out of the kept totals
    // (migration 0060) and the reprice keeps its car's in; the site's period counts first brought to today (a view asks
    // the queue's consumer, ADR 0111).
    expect((await freshInsights(() => fetchSite(SITE, "/dealer/insights?days=7", { headers: { cookie: writes.cookie } }))).status).toBe(200);
    const viewsToday = () => query<{ n: number }>(`SELECT COUNT(*) AS n FROM car_daily_counts c JOIN vehicles v ON v.id = c.car_id WHERE c.site = '${SITE}' AND c.day = '${today}' AND v.stocknum IN (${originals.map((car) => `'${car.stocknum}'`).join(", ")}) AND c.views > 0`)[0]?.n;
    for (const car of originals) {
      const slug = query<{ slug: string }>(`SELECT slug FROM vehicles WHERE site = '${SITE}' AND stocknum = '${car.stocknum}'`)[0]?.slug;
      expect((await fetchSite(SITE, `/cars/${slug}`)).status).toBe(200);
    }
    await expect.poll(viewsToday, { timeout: 30_000, interval: 500 }).toBe(3);
    expect(keptStockTotals(SITE)).toEqual(stockTotalsFromDays(SITE));
    const written = await stockApi(SITE, key, "/vehicles/batch", {
      upsert: [
        { ...repriced, price: Number(repriced.price) - 1500, km: Number(repriced.km) + 60_000, name: `${repriced.name} (renamed)` },
        { ...sold, status: "sold", sold_date: today },
      ],
      delete: [deleted.stocknum],
    });
    expect(written.status).toBe(200);
    const after = rollup();
    expect(after).toEqual(fromRecords());
    const idOf = (car: Record<string, unknown>) => query<{ id: number }>(`SELECT id FROM vehicles WHERE site = '${SITE}' AND stocknum = '${car.stocknum}'`)[0]?.id;
    expect(idOf(deleted)).toBeUndefined();
    expect(after.get(idOf(sold) as number)?.status).toBe("sold");
    expect(after.get(idOf(repriced) as number)?.price).toBe(Number(repriced.price) - 1500);
    expect(after.get(idOf(repriced) as number)?.name).toBe(`${repriced.name} (renamed)`);
    expect(keptStockTotals(SITE)).toEqual(stockTotalsFromDays(SITE));

    // The page's market follows the consumer's refresh (ADR 0111: the CSV asks for it and names it behind until then):
    // every car's median in the CSV is the network's, from the records as they are now.
    const csv = await freshInsights(() => fetchSite(SITE, "/dealer/insights.csv?days=7", { headers: { cookie: writes.cookie } }));
    expect(csv.status).toBe(200);
    const [header = [], ...rows] = parseCsv(await csv.text());
    const at = (row: string[], name: string) => row[header.indexOf(name)];
    const cars = query<Stock>(
      `SELECT id, stocknum, make, model, year, km, price FROM vehicles WHERE site = '${SITE}' AND dealership_id = ${dealership.id} AND status IN ('in_stock', 'coming_soon')`,
    );
    expect(rows.map((row) => at(row, "stocknum")).sort()).toEqual(cars.map((car) => car.stocknum).sort());
    const median = medians(cars);
    for (const car of cars) {
      const row = rows.find((line) => at(line, "stocknum") === car.stocknum) ?? [];
      expect(at(row, "market_median"), car.stocknum).toBe(String(median.get(car.id) ?? ""));
    }
    // The median kept per car (migration 0056, written by the view's refresh), which the scope's "well above the
    // market" list and "highest against the market" order read, is the same network median for every car of the site.
    const kept = new Map(
      query<{ car_id: number; median: number | null }>(`SELECT car_id, median FROM car_stock_figures WHERE site = '${SITE}' AND status IN ('in_stock', 'coming_soon')`).map((row) => [
        row.car_id,
        row.median,
      ]),
    );
    const siteCars = query<Stock>(`SELECT id, stocknum, make, model, year, km, price FROM vehicles WHERE site = '${SITE}' AND status IN ('in_stock', 'coming_soon')`);
    expect(kept.size).toBe(siteCars.length);
    const siteMedians = medians(siteCars);
    for (const car of siteCars) expect(kept.get(car.id), car.stocknum).toBe(siteMedians.get(car.id) ?? null);
    // The CSV's names are the rollup's (migration 0055), the new one included.
    expect(at(rows.find((row) => at(row, "stocknum") === repriced.stocknum) ?? [], "car")).toBe(`${repriced.name} (renamed)`);

    // Written back: the deleted car is a new row (an insert), the others updated.
    expect((await stockApi(SITE, key, "/vehicles/batch", { upsert: originals, delete: [] })).status).toBe(200);
    expect(rollup()).toEqual(fromRecords());
    expect(keptStockTotals(SITE)).toEqual(stockTotalsFromDays(SITE));
  });

  it("the page's statements read the rollup by index and the market's refresh starts from the marked models", () => {
    const bound = (sql: string) => sql.replace(/\?1\b/g, `'${SITE}'`).replace(/\?2\b/g, "'2026-01-01'").replace(/\?3\b/g, "'2026-02-01T00:00:00.000Z'");
    for (const dealershipId of [null, dealership.id]) {
      const [totals = "", lists = "", page = ""] = summarySql(dealershipId, "30", { sort: "position", page: 2 }).map((sql) => queryPlan(bound(sql)).join("\n"));
      const plan = [totals, lists, page].join("\n").split("\n");
      const within = dealershipId === null ? "" : " AND dealership_id=?";
      // The totals are a row per dealership (migration 0060, ADR 0106), no car's row.
      expect(totals.split("\n"), String(dealershipId)).toEqual([`SEARCH dealership_stock_totals USING INDEX sqlite_autoindex_dealership_stock_totals_1 (site=?${within})`]);
      expect(plan.filter((line) => /\b(vehicles|v)\b/.test(line)), String(dealershipId)).toEqual([]);
      // A car's period counts are its one row of car_period_counts (ADR 0096), never its days.
      expect(lists, String(dealershipId)).toContain("SEARCH k USING INDEX sqlite_autoindex_car_period_counts_1 (site=? AND car_id=?)");
      expect(plan.filter((line) => line.includes("car_daily_counts")), String(dealershipId)).toEqual([]);
      // A car's median is its own column (migration 0056): no car of the scope is joined to the bands.
      expect(plan.filter((line) => line.includes("market_bands") || /\bb\b/.test(line)), String(dealershipId)).toEqual([]);
      // The lists' counts are ranges of migration 0058's indexes, read alone (ADR 0103): aged by listed_jd, few photos
      // by photos, well above the market by its partial index; the page "highest against the market" by its index.
      const group = dealershipId === null ? "" : "_dealership";
      expect(lists).toContain(`SEARCH f USING COVERING INDEX car_stock_figures_listed${group} (site=?${within} AND listed_jd<?)`);
      expect(lists).toContain(`SEARCH f USING COVERING INDEX car_stock_figures_photos${group} (site=?${within} AND photos<?)`);
      expect(lists).toContain("SEARCH f USING COVERING INDEX car_stock_figures_well_above (site=?");
      expect(lists).toContain("SEARCH f USING COVERING INDEX car_stock_figures_sold (site=?");
      expect(page).toContain(`SEARCH f USING INDEX car_stock_figures_position${group} (site=?${within})`);
      expect(page).not.toContain("car_stock_figures_scope");
      // The orders by a count (ADR 0106): the counted cars from the top of their own order, each car's figures by its
      // key (`c`: the few cars with a lead, save or price change), the others in listing order; never every car's figures.
      for (const sort of ["views", "searches", "leads", "saves", "changes"] as const) {
        const byCount = queryPlan(bound(summarySql(dealershipId, "30", { sort, page: 3 })[2] as string));
        const label = `${dealershipId} ${sort}`;
        if (sort === "views" || sort === "searches") expect(byCount, label).toContain(`SEARCH k USING COVERING INDEX car_period_counts_${sort}30 (site=? AND ${sort}30>?)`);
        expect(byCount, label).toContain("SEARCH f USING INTEGER PRIMARY KEY (rowid=?)");
        expect(byCount, label).toContain(`SEARCH f USING INDEX car_stock_figures_stock${group} (site=?${within})`);
        expect(byCount.filter((line) => /\bSCAN (f|k)\b|car_stock_figures_scope|MATERIALIZE figures/.test(line)), label).toEqual([]);
      }
    }
    // The turn passes by the marks' key (migration 0064); each statement after it reads the one mark in turn by its key.
    const [passTurn, wrapTurn, , bands, medianSteps, clearMark] = MARKET_REFRESH as string[];
    expect(queryPlan(passTurn as string)).toContain("SEARCH d USING PRIMARY KEY (make>?)");
    // The first mark in key order (none after the last one): no sort, the scan stops at the first row.
    expect(queryPlan(wrapTurn as string).filter((line) => line.includes("TEMP B-TREE"))).toEqual([]);
    const refresh = queryPlan(bands as string);
    expect(refresh).toContain("SEARCH d USING PRIMARY KEY (make=? AND model=?)");
    expect(refresh).toContain("SEARCH m USING COVERING INDEX car_stock_figures_market (make=? AND model=? AND status=?)");
    expect(refresh.filter((line) => /\bSCAN m\b/.test(line))).toEqual([]);
    // The marked model's cars whose median moved get it by the bands' key, from the mark again; the mark goes when none
    // is left, read by the same index (ADR 0115).
    const medians = queryPlan(medianSteps as string);
    expect(medians).toContain("SEARCH d USING PRIMARY KEY (make=? AND model=?)");
    expect(medians).toContain("SEARCH c USING INDEX car_stock_figures_market (make=? AND model=? AND status=?)");
    expect(medians).toContain("SEARCH car_stock_figures USING INTEGER PRIMARY KEY (rowid=?)");
    expect(medians.filter((line) => /\bSCAN (c|car_stock_figures)\b/.test(line))).toEqual([]);
    expect(medians).toContain("SEARCH b USING PRIMARY KEY (make=? AND model=? AND year_band=? AND km_band=?)");
    const cleared = queryPlan(clearMark as string);
    expect(cleared).toContain("SEARCH c USING INDEX car_stock_figures_market (make=? AND model=? AND status=?)");
    expect(cleared.filter((line) => /\bSCAN c\b/.test(line))).toEqual([]);
  });
});
