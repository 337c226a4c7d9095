import { insightDay } from "@dealer/shared/insights";
import {
  agedPast,
  type CarInsight,
  daysInStock,
  IN_STOCK_STATUSES,
  marketPrices,
  type MarketCar,
  photoCount,
  type PricePosition,
  pricePosition,
} from "@dealer/shared/rules";
import { z } from "zod";

export const INSIGHT_PERIODS = ["7", "30", "90"] as const;
/** The whole group: every dealership of the site. */
export const WHOLE_GROUP = "all";

/** The page's and the CSV's query: which dealership (or the whole group) and over how many days. */
export const insightsQuerySchema = z.object({
  dealership: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, "Choose a dealership from the list")
    .optional(),
  days: z.enum(INSIGHT_PERIODS, { message: "Choose 7, 30 or 90 days" }).default("30"),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

export type Dealership = { id: number; slug: string; name: string };

/** One car's figures over the period: only its own records, and the market's median and count. */
export type CarRow = CarInsight & {
  id: number;
  slug: string;
  stocknum: string;
  name: string;
  dealership: string;
  price: number | null;
  searches: number;
  leadsByKind: Record<string, number>;
  saves: number;
  aged: 60 | 90 | null;
  position: PricePosition;
  /** Every change of its asking price since it was listed (car_price_changes, migration 0040): the days, oldest first, and the last. */
  priceChanges: { days: string[]; last: PriceChange | null };
};

export type PriceChange = { at: string; from: number | null; to: number | null };
export type DayTotals = { day: string; views: number; searches: number; leads: number };

const IN_STOCK = IN_STOCK_STATUSES.map((status) => `'${status}'`).join(", ");

type VehicleRow = {
  id: number;
  slug: string;
  stocknum: string;
  name: string | null;
  dealership: string;
  make: string | null;
  model: string | null;
  year: number | null;
  km: number | null;
  price: number | null;
  listed_at: string | null;
  sold_date: string | null;
  images: number | null;
  photos_count: number | null;
};

const number = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** The first day of a period of `days` ending today (UTC, as the counts are kept). */
export const periodStart = (days: number, now: Date): string => insightDay(new Date(now.getTime() - (days - 1) * 86_400_000));

/**
 * The figures of the site's cars in stock (one dealership's, or all of them), over the period. The market is every
 * site's stock in the same makes and models; only its median and count reach the rows.
 */
export async function loadInsights(db: D1Database, site: string, dealershipId: number | null, days: number, now: Date): Promise<{ cars: CarRow[]; trend: DayTotals[] }> {
  const since = periodStart(days, now);
  const scope = dealershipId === null ? "" : " AND v.dealership_id = ?";
  const leadScope = dealershipId === null ? "" : " AND dealership_id = ?";
  const scoped = (statement: D1PreparedStatement, ...values: unknown[]) => statement.bind(...values, ...(dealershipId === null ? [] : [dealershipId]));
  const [vehicles, counts, leads, saves, market, trend, leadTrend, priceChanges] = await db.batch<Record<string, unknown>>([
    scoped(
      db.prepare(
        `SELECT v.id, v.slug, v.stocknum, json_extract(v.data, '$.name') AS name, d.name AS dealership, v.make, v.model, v.year, v.km, v.price,
           json_extract(v.data, '$.created_at') AS listed_at, v.sold_date, json_array_length(v.data, '$.images') AS images,
           json_extract(v.data, '$.photos_count') AS photos_count
         FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id
         WHERE v.site = ? AND v.status IN (${IN_STOCK})${scope} ORDER BY v.id`,
      ),
      site,
    ),
    db.prepare("SELECT car_id, SUM(views) AS views, SUM(search_appearances) AS searches FROM car_daily_counts WHERE site = ? AND day >= ? GROUP BY car_id").bind(site, since),
    db.prepare("SELECT car_id, kind, COUNT(*) AS n FROM leads WHERE site = ? AND car_id IS NOT NULL AND created_at >= ? GROUP BY car_id, kind").bind(site, since),
    db
      .prepare("SELECT w.car_id, COUNT(*) AS n FROM watchlist_entries w JOIN users u ON u.id = w.user_id WHERE u.site = ? AND w.created_at >= ? GROUP BY w.car_id")
      .bind(site, since),
    // Each model the scope's cars are, then that model's range of the vehicles_market index (migration 0043): no table scan.
    scoped(
      db.prepare(
        `SELECT m.make, m.model, m.year, m.km, m.price
         FROM (SELECT DISTINCT lower(trim(v.make)) AS make, lower(trim(v.model)) AS model FROM vehicles v WHERE v.site = ? AND v.status IN (${IN_STOCK})${scope}) s
         JOIN vehicles m ON lower(trim(m.make)) = s.make AND lower(trim(m.model)) = s.model AND m.status IN (${IN_STOCK})`,
      ),
      site,
    ),
    scoped(
      db.prepare(
        `SELECT c.day, SUM(c.views) AS views, SUM(c.search_appearances) AS searches FROM car_daily_counts c JOIN vehicles v ON v.id = c.car_id AND v.site = c.site
         WHERE c.site = ? AND c.day >= ?${scope} GROUP BY c.day ORDER BY c.day`,
      ),
      site,
      since,
    ),
    // Every lead of the scope a day, a car's or not: what the inbox received.
    scoped(db.prepare(`SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n FROM leads WHERE site = ? AND created_at >= ?${leadScope} GROUP BY day`), site, since),
    // The site's price changes, each car's oldest first; with one MAX(), SQLite takes the bare columns from its row (the last).
    db
      .prepare(
        `SELECT car_id, group_concat(substr(changed_at, 1, 10), ' ') AS days, MAX(changed_at) AS last_at, old_price, new_price
         FROM (SELECT car_id, changed_at, old_price, new_price FROM car_price_changes WHERE site = ? ORDER BY car_id, changed_at) GROUP BY car_id`,
      )
      .bind(site),
  ]);
  const countOf = new Map((counts?.results ?? []).map((row) => [Number(row.car_id), { views: Number(row.views), searches: Number(row.searches) }]));
  const leadsOf = new Map<number, Record<string, number>>();
  for (const row of leads?.results ?? []) {
    const kinds = leadsOf.get(Number(row.car_id)) ?? {};
    kinds[String(row.kind)] = Number(row.n);
    leadsOf.set(Number(row.car_id), kinds);
  }
  const changesOf = new Map(
    (priceChanges?.results ?? []).map((row) => [
      Number(row.car_id),
      { days: String(row.days ?? "").split(" ").filter(Boolean), last: { at: String(row.last_at), from: number(row.old_price), to: number(row.new_price) } },
    ]),
  );
  const savesOf = new Map((saves?.results ?? []).map((row) => [Number(row.car_id), Number(row.n)]));
  const prices = marketPrices(
    (market?.results ?? []).flatMap((row): MarketCar[] =>
      typeof row.make === "string" && typeof row.model === "string" && typeof row.year === "number" ? [{ make: row.make, model: row.model, year: row.year, km: number(row.km), price: number(row.price) }] : [],
    ),
  );
  const cars = ((vehicles?.results ?? []) as unknown as VehicleRow[]).map((row): CarRow => {
    const days = row.listed_at ? daysInStock(row.listed_at, row.sold_date, now) : null;
    const leadsByKind = leadsOf.get(row.id) ?? {};
    const price = number(row.price);
    const position: PricePosition =
      row.make && row.model && row.year !== null ? pricePosition({ make: row.make, model: row.model, year: row.year, km: number(row.km), price }, prices) : { kind: "not-enough-data", comparables: 0 };
    return {
      id: row.id,
      slug: row.slug,
      stocknum: row.stocknum,
      name: row.name ?? [row.year, row.make, row.model].filter(Boolean).join(" "),
      dealership: row.dealership,
      price,
      days,
      aged: agedPast(days),
      views: countOf.get(row.id)?.views ?? 0,
      searches: countOf.get(row.id)?.searches ?? 0,
      leadsByKind,
      leads: Object.values(leadsByKind).reduce((sum, n) => sum + n, 0),
      saves: savesOf.get(row.id) ?? 0,
      photos: photoCount({ images: new Array(row.images ?? 0), photos_count: row.photos_count }),
      position,
      priceChanges: changesOf.get(row.id) ?? { days: [], last: null },
    };
  });
  const byDay = new Map<string, DayTotals>();
  const dayOf = (day: string): DayTotals => {
    const totals = byDay.get(day) ?? { day, views: 0, searches: 0, leads: 0 };
    byDay.set(day, totals);
    return totals;
  };
  for (const row of trend?.results ?? []) Object.assign(dayOf(String(row.day)), { views: Number(row.views), searches: Number(row.searches) });
  for (const row of leadTrend?.results ?? []) dayOf(String(row.day)).leads = Number(row.n);
  return { cars, trend: [...byDay.values()] };
}
