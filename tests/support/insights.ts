import { afterAll, beforeAll } from "vitest";
import { query } from "./db";
import { signedInStaff } from "./staff";
import { stockApi } from "./stock-api";

/** The insights tests' own reading of the records (issue 31, ADR 0070): the CSV's rows and the network's market. */

/** RFC 4180 rows: quoted cells may hold commas, quotes and line breaks. */
export function parseCsv(text: string): string[][] {
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

export type Stock = { id: number; stocknum: string; make: string | null; model: string | null; year: number | null; km: number | null; price: number | null };
const priced = (price: number | null) => typeof price === "number" && price > 0;
/** ADR 0070's comparable key, written here from the ADR: make and model without case or outer spaces, 3-year band from 1900, odometer band. */
function keyOf(car: Stock): string | null {
  const edges = [0, 20_000, 50_000, 100_000, 150_000, 200_000];
  const make = car.make?.trim().toLowerCase();
  const model = car.model?.trim().toLowerCase();
  if (!make || !model || typeof car.year !== "number" || !Number.isInteger(car.year) || typeof car.km !== "number" || car.km < 0) return null;
  return [make, model, car.year - ((car.year - 1900) % 3), edges.filter((edge) => (car.km as number) >= edge).at(-1)].join("|");
}
/** Each car's market median (its own price left out once) from every site's stock, or null: fewer than 5 comparables or no asking price. */
export function medians(cars: readonly Stock[]): Map<number, number | null> {
  const network = query<Stock>(`SELECT id, stocknum, make, model, year, km, price FROM vehicles WHERE status IN ('in_stock', 'coming_soon')`);
  const bands = new Map<string, number[]>();
  for (const other of network) {
    const key = keyOf(other);
    if (key !== null && priced(other.price)) bands.set(key, [...(bands.get(key) ?? []), other.price as number]);
  }
  return new Map(
    cars.map((car) => {
      const prices = [...(bands.get(keyOf(car) ?? "") ?? [])];
      prices.splice(prices.indexOf(car.price as number), 1);
      if (!priced(car.price) || prices.length < 5) return [car.id, null];
      const sorted = prices.sort((a, b) => a - b);
      const half = Math.floor(sorted.length / 2);
      return [car.id, sorted.length % 2 ? (sorted[half] as number) : ((sorted[half - 1] as number) + (sorted[half] as number)) / 2];
    }),
  );
}


/**
 * For a describe block that writes a site's stock: its first dealership, that dealership's write key, a read-only
 * member's cookie (set before the tests) and the cars the tests keep in `originals`, written back as they were after
 * the block (the other tests read the demo's stock).
 */
export function stockWrites(site: string) {
  const dealership = query<{ id: number; slug: string }>(`SELECT id, slug FROM dealerships WHERE site = '${site}' ORDER BY id LIMIT 1`)[0] as { id: number; slug: string };
  const writes = { dealership, key: `write-${dealership.slug}`, cookie: "", originals: [] as Record<string, unknown>[] };
  beforeAll(async () => {
    writes.cookie = (await signedInStaff(site, dealership.slug, "read-only")).cookie;
  }, 60_000);
  afterAll(async () => {
    if (writes.originals.length) await stockApi(site, writes.key, "/vehicles/batch", { upsert: writes.originals, delete: [] });
  });
  return writes;
}

const PERIOD_DAYS = [7, 30, 90] as const;

/**
 * Each dealership's totals of its cars in stock as dealership_stock_totals keeps them (migration 0060, ADR 0106),
 * computed here from the records and the counted days (car_daily_counts) over the periods ending today: the cars, their
 * page views and search appearances, and how many were viewed. Keyed by dealership; a kept row of zeros is none.
 */
export function stockTotalsFromDays(site: string, today = new Date()): Record<string, Record<string, number>> {
  const since = (days: number) => new Date(today.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const sums = PERIOD_DAYS.flatMap((days) => [
    `SUM(iif(day >= '${since(days)}', views, 0)) AS v${days}`,
    `SUM(iif(day >= '${since(days)}', search_appearances, 0)) AS s${days}`,
  ]);
  const rows = query<Record<string, number>>(
    `SELECT v.dealership_id, COUNT(*) AS cars, ${PERIOD_DAYS.flatMap((days) => [`coalesce(SUM(c.v${days}), 0) AS views${days}`, `coalesce(SUM(c.s${days}), 0) AS searches${days}`, `coalesce(SUM(c.v${days} > 0), 0) AS viewed${days}`]).join(", ")}
     FROM vehicles v LEFT JOIN (SELECT car_id, ${sums.join(", ")} FROM car_daily_counts WHERE site = '${site}' GROUP BY car_id) c ON c.car_id = v.id
     WHERE v.site = '${site}' AND v.status IN ('in_stock', 'coming_soon') GROUP BY v.dealership_id`,
  );
  return Object.fromEntries(rows.map(({ dealership_id, ...totals }) => [String(dealership_id), totals]));
}

/** The site's kept totals (dealership_stock_totals), keyed by dealership, without rows of zeros. */
export function keptStockTotals(site: string): Record<string, Record<string, number>> {
  const columns = ["cars", ...PERIOD_DAYS.flatMap((days) => [`views${days}`, `searches${days}`, `viewed${days}`])];
  const rows = query<Record<string, number>>(`SELECT dealership_id, ${columns.join(", ")} FROM dealership_stock_totals WHERE site = '${site}'`);
  return Object.fromEntries(rows.filter((row) => columns.some((column) => row[column] !== 0)).map(({ dealership_id, ...totals }) => [String(dealership_id), totals]));
}

/** The header an insights page or CSV names what it is behind in (ADR 0111); absent when up to date. */
export const BEHIND_HEADER = "x-insights-behind";

/**
 * An insights page or CSV once what it read is up to date (ADR 0111): a view reads what the queue's consumer last kept
 * and asks it for a refresh when that is behind (the market's marked models, the site's counts not at today), so the
 * test reads again until the answer names nothing behind. Any other answer than a 200 is returned as it is.
 */
export async function freshInsights(fetcher: () => Promise<Response>, timeoutMs = 60_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetcher();
    const behind = response.headers.get(BEHIND_HEADER);
    if (response.status !== 200 || !behind) return response;
    await response.body?.cancel();
    if (Date.now() > until) throw new Error(`insights still behind (${behind}) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
