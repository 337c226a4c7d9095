import { INSIGHT_PERIODS, type InsightPeriod, insightDay } from "@dealer/shared/insights";
import {
  AGED_DAYS,
  agedPast,
  type CarInsight,
  daysInStock,
  FEW_PHOTOS,
  IN_STOCK_STATUSES,
  INSIGHT_LISTS,
  type InsightListName,
  MIN_COMPARABLES,
  type MarketBand,
  ODOMETER_BAND_EDGES,
  type PricePosition,
  pricePositionInBand,
  WELL_ABOVE_MARKET,
  YEAR_BAND_YEARS,
} from "@dealer/shared/rules";
import { z } from "zod";

/** The whole group: every dealership of the site. */
export const WHOLE_GROUP = "all";
/** Cars a page of the per-car table shows, and cars each list shows on the page (the table filtered by it has them all). */
export const PAGE_SIZE = 50;
export const LIST_PREVIEW = 10;
/** Cars the CSV reads at a time: it is written as they come, never held whole. */
const CSV_CHUNK = 2000;

export const LIST_NAMES = Object.keys(INSIGHT_LISTS) as InsightListName[];

/** The table's orders, each with its own direction (what a dealer looks for first); ties in listing order. */
export const INSIGHT_SORTS = {
  listed: "Order listed",
  days: "Longest in stock",
  views: "Most page views",
  searches: "Most search appearances",
  leads: "Most leads",
  saves: "Most watchlist saves",
  photos: "Fewest photos",
  position: "Highest against the market",
  changes: "Most price changes",
} as const;
export type InsightSort = keyof typeof INSIGHT_SORTS;

/** The page's and the CSV's query: which dealership (or the whole group), over how many days, and the table's page. */
export const insightsQuerySchema = z.object({
  dealership: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, "Choose a dealership from the list")
    .optional(),
  days: z.enum(INSIGHT_PERIODS, { message: "Choose 7, 30 or 90 days" }).default("30"),
  sort: z.enum(Object.keys(INSIGHT_SORTS) as [InsightSort, ...InsightSort[]], { message: "Choose an order from the list" }).default("listed"),
  list: z.enum(LIST_NAMES as [InsightListName, ...InsightListName[]], { message: "Choose a list from the page" }).optional(),
  page: z.coerce.number({ message: "Enter a page number" }).int("Enter a page number").min(1, "Enter a page number from 1").max(100_000, "Enter a page number up to 100000").default(1),
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
export type InsightTotals = { cars: number; views: number; searches: number; leads: number; saves: number };

const IN_STOCK = IN_STOCK_STATUSES.map((status) => `'${status}'`).join(", ");

const number = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** The first day of a period of `days` ending today (UTC, as the counts are kept). */
export const periodStart = (days: number, now: Date): string => insightDay(new Date(now.getTime() - (days - 1) * 86_400_000));

/*
 * The SQL below states the rules of shared/src/rules/insights.ts in SQLite, built from the same constants, so that a
 * view reads O(page) records (ADR 0077): the scope's counts, list counts and order are taken in D1, and only a page of
 * cars (and each list's first few) reaches the Worker, where the rules themselves make their figures. A car's listing
 * time, photos and band columns are read from car_stock_figures (migration 0054, ADR 0089), plain columns kept by
 * triggers on every stock write, so no view parses a record's JSON for its scope or the market.
 */
/** The scope's dealership as a condition on `column` (nothing for the whole group). */
const dealershipSql = (dealershipId: number | null, column: string) => (dealershipId === null ? "" : ` AND ${column} = ${Math.trunc(dealershipId)}`);
/** yearBand: the first year of the car's band counted from 1900. */
const yearBandSql = (year: string) => `(${year} - ((((${year} - 1900) % ${YEAR_BAND_YEARS}) + ${YEAR_BAND_YEARS}) % ${YEAR_BAND_YEARS}))`;
/** odometerBand: the lower edge of the car's band. */
const odometerBandSql = (km: string) =>
  `(CASE ${[...ODOMETER_BAND_EDGES]
    .reverse()
    .map((edge) => `WHEN ${km} >= ${edge} THEN ${edge}`)
    .join(" ")} END)`;
/** comparableKey is not null: an integer model year and an odometer reading (make and model are the band's). */
const keyedSql = (car: string) => `typeof(${car}.year) = 'integer' AND typeof(${car}.km) IN ('integer', 'real') AND ${car}.km >= 0`;
/** An asking price the market counts: positive. */
const askingSql = (price: string) => `(typeof(${price}) IN ('integer', 'real') AND ${price} > 0)`;
/** The band in market_bands `b` of the car `f` of car_stock_figures (LEFT JOIN: none is "not enough data"). */
const bandJoinSql = `LEFT JOIN market_bands b ON b.make = f.make AND b.model = f.model AND ${keyedSql("f")}
  AND b.year_band = ${yearBandSql("f.year")} AND b.km_band = ${odometerBandSql("f.km")}`;

/** The median of a car in stock priced `price` in its band `b` with its own price left out (pricePositionInBand), when it has one: the car priced, enough comparables. */
function medianSql(price: string): string {
  const at = (value: string, next: string) => `(CASE WHEN ${value} >= ${price} THEN ${next} ELSE ${value} END)`;
  return `(CASE WHEN ${askingSql(price)} AND b.n - 1 >= ${MIN_COMPARABLES} THEN
    (CASE WHEN (b.n - 1) % 2 = 1 THEN ${at("b.middle", "b.above")} ELSE (${at("b.below", "b.middle")} + ${at("b.middle", "b.above")}) / 2.0 END) END)`;
}

/** The median of the car `car` of car_stock_figures: its band's, its own price left out (NULL: no band, too few comparables or no price). */
const carMedianSql = (car: string) =>
  `(SELECT ${medianSql(`${car}.price`)} FROM market_bands b WHERE b.make = ${car}.make AND b.model = ${car}.model AND ${keyedSql(car)}
    AND b.year_band = ${yearBandSql(`${car}.year`)} AND b.km_band = ${odometerBandSql(`${car}.km`)})`;

/** Cars whose kept median one D1 batch of the market's refresh writes at most (ADR 0115): a model of thousands of cars takes a few batches. */
export const MARKET_REFRESH_CARS = 500;
/** The model whose turn it is (migration 0064), while it is marked: the same row for every statement of one D1 batch. */
const MARKED = "(SELECT d.make, d.model FROM market_refresh_turn t JOIN market_dirty d ON d.make = t.make AND d.model = t.model)";
/** A car `c` in stock of the model `d` whose kept median is not the one its band gives now. */
const staleMedianSql = (d: string) =>
  `c.make = ${d}.make AND c.model = ${d}.model AND c.status IN (${IN_STOCK}) AND c.median IS NOT ${carMedianSql("c")}`;

/**
 * One step of the market's refresh, off the page's path (ADR 0111: the insights queue's consumer and its cron run it
 * until nothing is marked): the bands of the marked model whose turn it is (migration 0044, 0056, 0064), computed
 * again from the network's stock, one range of car_stock_figures_market (migration 0054), driven from the mark (CROSS JOIN keeps
 * that order); then at most MARKET_REFRESH_CARS of its cars' medians that moved, and the mark cleared once none is
 * left, so every batch is short however many cars the model has (ADR 0115). The bands are computed again by each
 * step of a model, so a car written between its steps is in them. The last statement answers whether models are
 * still marked.
 */
export const MARKET_REFRESH = [
  // The turn passes to the next marked model after the last one refreshed (none after it: the first), so every marked
  // model is taken in turn however often one of them is marked again.
  `UPDATE market_refresh_turn SET (make, model) = (SELECT d.make, d.model FROM market_dirty d
     WHERE (d.make, d.model) > (market_refresh_turn.make, market_refresh_turn.model) ORDER BY d.make, d.model LIMIT 1)`,
  "UPDATE market_refresh_turn SET (make, model) = (SELECT make, model FROM market_dirty ORDER BY make, model LIMIT 1) WHERE make IS NULL",
  `DELETE FROM market_bands WHERE (make, model) IN ${MARKED}`,
  `INSERT INTO market_bands (make, model, year_band, km_band, n, below, middle, above)
   SELECT make, model, year_band, km_band, MAX(n),
     MAX(CASE WHEN rn = (n - 1) / 2 - 1 THEN price END), MAX(CASE WHEN rn = (n - 1) / 2 THEN price END), MAX(CASE WHEN rn = (n - 1) / 2 + 1 THEN price END)
   FROM (
     SELECT make, model, year_band, km_band, price, ROW_NUMBER() OVER band - 1 AS rn, COUNT(*) OVER (PARTITION BY make, model, year_band, km_band) AS n
     FROM (
       SELECT d.make, d.model, ${yearBandSql("m.year")} AS year_band, ${odometerBandSql("m.km")} AS km_band, m.price
       FROM ${MARKED} d CROSS JOIN car_stock_figures m ON m.make = d.make AND m.model = d.model AND m.status IN (${IN_STOCK})
       WHERE d.make <> '' AND d.model <> '' AND ${keyedSql("m")} AND ${askingSql("m.price")}
     )
     WINDOW band AS (PARTITION BY make, model, year_band, km_band ORDER BY price)
   )
   GROUP BY make, model, year_band, km_band`,
  // The model's cars in stock (driven from the mark, as above) whose median moved (migration 0056), a few hundred.
  `UPDATE car_stock_figures SET median = ${carMedianSql("car_stock_figures")}
   WHERE car_id IN (SELECT c.car_id FROM ${MARKED} d CROSS JOIN car_stock_figures c ON ${staleMedianSql("d")} LIMIT ${MARKET_REFRESH_CARS})`,
  `DELETE FROM market_dirty WHERE (make, model) IN ${MARKED} AND NOT EXISTS (SELECT 1 FROM car_stock_figures c WHERE ${staleMedianSql("market_dirty")})`,
  "SELECT EXISTS (SELECT 1 FROM market_dirty) AS more",
];

/** Where the figures of a car in stock are asked: the site, the period (its days and first day), now, and the dealership (null: the whole group). */
type Scope = { site: string; period: InsightPeriod; since: string; now: string; dealershipId: number | null };

function scopeOf(site: string, dealershipId: number | null, days: number, now: Date): Scope {
  const period = INSIGHT_PERIODS.find((choice) => Number(choice) === days);
  if (!period) throw new Error(`no insights period of ${days} days`);
  return { site, period, since: periodStart(days, now), now: now.toISOString(), dealershipId };
}

/**
 * How fresh what a view reads is (ADR 0111: no view refreshes anything): the UTC day the site's period counts are at
 * (null: never counted), whether they are being summed again car range by car range, and how many models' market
 * bands wait for the refresh. One statement of the view's first D1 batch.
 */
export type InsightsFreshness = { countsDay: string | null; countsSumming: boolean; marketModelsWaiting: number };
const FRESHNESS_SQL = `SELECT (SELECT day FROM car_period_count_days WHERE site = ?1) AS counts_day,
  (SELECT next_car IS NOT NULL FROM car_period_count_days WHERE site = ?1) AS summing, (SELECT COUNT(*) FROM market_dirty) AS waiting`;
const freshnessOf = (row: Record<string, unknown> | undefined): InsightsFreshness => ({
  countsDay: typeof row?.counts_day === "string" ? row.counts_day : null,
  countsSumming: Number(row?.summing ?? 0) === 1,
  marketModelsWaiting: Number(row?.waiting ?? 0),
});
/** What the view read behind today (none: up to date); when any, it asks the queue's consumer to refresh (it never waits for it). */
export const behindIn = (freshness: InsightsFreshness, today: string): ("counts" | "market")[] => [
  ...(freshness.countsDay !== today || freshness.countsSumming ? (["counts"] as const) : []),
  ...(freshness.marketModelsWaiting > 0 ? (["market"] as const) : []),
];

/** Binds ?1 site, ?2 the period's first day, ?3 now, as far as the statement numbers them (D1 refuses a value it does not use). */
const bindScope = (db: D1Database, sql: string, scope: Scope) => {
  const used = Math.max(0, ...[...sql.matchAll(/\?(\d)\b/g)].map((match) => Number(match[1])));
  return db.prepare(sql).bind(...[scope.site, scope.since, scope.now].slice(0, used));
};


/** Each list's membership (INSIGHT_LISTS) over the figures below. */
const LIST_SQL: Record<InsightListName, string> = {
  aged60: `days > ${AGED_DAYS[0]}`,
  aged90: `days > ${AGED_DAYS[1]}`,
  viewedNotEnquired: "views > 0 AND leads = 0",
  wellAbove: `median IS NOT NULL AND price - median > median * ${WELL_ABOVE_MARKET}`,
  fewPhotos: `photos < ${FEW_PHOTOS}`,
};

const SORT_SQL: Record<InsightSort, string> = {
  listed: "id",
  days: "days IS NULL, days DESC, id",
  views: "views DESC, id",
  searches: "searches DESC, id",
  leads: "leads DESC, id",
  saves: "saves DESC, id",
  photos: "photos, id",
  position: "median IS NULL, (price - median) / median DESC, id",
  changes: "changes DESC, id",
};

/** Days in stock of the car `f` of car_stock_figures (?3 now): to its sale date or now, from its listing (a Julian day, migration 0058). */
const daysSql = (f: string) => `max(0, CAST(julianday(coalesce(nullif(${f}.sold_date, ''), ?3)) - ${f}.listed_jd AS INTEGER))`;
/** The cars in stock of the scope in car_stock_figures `f` (?1 the site): each index of migration 0058 holds exactly these. */
const inStockSql = (dealershipId: number | null) => `f.site = ?1 AND f.status IN (${IN_STOCK})${dealershipSql(dealershipId, "f.dealership_id")}`;
/** The cars with a lead over the period (?2 its first day): few, read once by the statement that names them. */
const LEAD_CARS = "(SELECT car_id FROM leads WHERE site = ?1 AND car_id IS NOT NULL AND created_at >= ?2)";

/** Each car's leads and watchlist saves over the period (?2 its first day) and its price changes: few rows, read by the car. */
const LEADS_BY_CAR = "SELECT car_id, COUNT(*) AS n FROM leads WHERE site = ?1 AND car_id IS NOT NULL AND created_at >= ?2 GROUP BY car_id";
const SAVES_BY_CAR =
  "SELECT w.car_id, COUNT(*) AS n FROM watchlist_entries w JOIN users u ON u.id = w.user_id WHERE u.site = ?1 AND w.created_at >= ?2 GROUP BY w.car_id";
const CHANGES_BY_CAR = "SELECT car_id, COUNT(*) AS n FROM car_price_changes WHERE site = ?1 GROUP BY car_id";

/**
 * Each list's condition on a car `f` of car_stock_figures alone (its period counts `k` for the viewed list), the same
 * rule as LIST_SQL over the figures. Those of aged stock, few photos and well above the market are ranges of migration
 * 0058's indexes.
 */
const listOnCarSql = (period: InsightPeriod): Record<InsightListName, string> => ({
  aged60: `${daysSql("f")} > ${AGED_DAYS[0]}`,
  aged90: `${daysSql("f")} > ${AGED_DAYS[1]}`,
  viewedNotEnquired: `coalesce(k.views${period}, 0) > 0 AND f.car_id NOT IN ${LEAD_CARS}`,
  wellAbove: `f.median IS NOT NULL AND f.price - f.median > f.median * ${WELL_ABOVE_MARKET}`,
  fewPhotos: `f.photos < ${FEW_PHOTOS}`,
});

/**
 * Every car in stock of the scope with what its counts, lists and order need (?1 site, ?2 the period's first day, ?3
 * now): its views and search appearances are one row of car_period_counts, its market median a column of its
 * car_stock_figures row (both as last kept by the insights queue's consumer, ADR 0111). Only the
 * pages filtered by a list in an order by a count, or by days in stock, read it now (ADR 0103, 0106).
 */
function figuresSql(dealershipId: number | null, period: InsightPeriod): string {
  return `WITH cars AS (
    SELECT f.car_id AS id, f.listed_jd, f.sold_date, f.photos, f.price, f.median
    FROM car_stock_figures f
    WHERE ${inStockSql(dealershipId)}
  ),
  car_leads AS (${LEADS_BY_CAR}),
  car_saves AS (${SAVES_BY_CAR}),
  car_changes AS (${CHANGES_BY_CAR}),
  figures AS MATERIALIZED (
    SELECT c.id, c.price, c.photos, coalesce(k.views${period}, 0) AS views, coalesce(k.searches${period}, 0) AS searches, coalesce(l.n, 0) AS leads,
      coalesce(s.n, 0) AS saves, coalesce(p.n, 0) AS changes, c.median, ${daysSql("c")} AS days
    FROM cars c LEFT JOIN car_period_counts k ON k.site = ?1 AND k.car_id = c.id LEFT JOIN car_leads l ON l.car_id = c.id LEFT JOIN car_saves s ON s.car_id = c.id
      LEFT JOIN car_changes p ON p.car_id = c.id
  )`;
}

type Table = { sort: InsightSort; list?: InsightListName; page: number };

/**
 * One page of the table's car ids (a JSON list) in the asked order, filtered by a list or not. The orders of columns
 * kept on the car (listing, photos, position against the market, and days in stock unfiltered) read the top of an
 * index of migration 0058 and stop at the page; so do the orders by a count unfiltered (ADR 0106: the cars with a count
 * by its own order, then the others in listing order). Filtered by a list, those and days in stock take every car's
 * figures.
 */
function pageSql(dealershipId: number | null, period: InsightPeriod, table: Table): string {
  const offset = (Math.trunc(table.page) - 1) * PAGE_SIZE;
  const upTo = offset + PAGE_SIZE;
  const list = table.list ? ` AND ${listOnCarSql(period)[table.list]}` : "";
  const counts = table.list === "viewedNotEnquired" ? ` LEFT JOIN car_period_counts k ON k.site = ?1 AND k.car_id = f.car_id` : "";
  const cars = `car_stock_figures f${counts} WHERE ${inStockSql(dealershipId)}${list}`;
  const ids = (sql: string) => `SELECT json_group_array(id) AS page FROM (${sql})`;
  /*
   * An order by a count (ties in listing order) unfiltered: the cars with a count by `counted` (id, n: n > 0, highest
   * first, ties by id, at most `upTo`), then, only when those are fewer than `upTo`, the cars of the scope without one
   * (`uncounted` on f) in listing order: each side stops at `upTo` rows.
   */
  const byCount = (counted: string, uncounted: string) =>
    ids(`WITH ranked AS MATERIALIZED (${counted} LIMIT ${upTo})
      SELECT id FROM (
        SELECT id, n FROM ranked
        UNION ALL SELECT * FROM (SELECT f.car_id, 0 FROM ${cars} AND ${uncounted} AND (SELECT COUNT(*) FROM ranked) < ${upTo} ORDER BY f.car_id LIMIT ${upTo})
      ) ORDER BY n DESC, id LIMIT ${PAGE_SIZE} OFFSET ${offset}`);
  // The cars in stock of the scope with a count in `rows` (grouped by car_id over the period, ?2), highest first.
  const countedRows = (rows: string) =>
    `SELECT c.car_id AS id, c.n FROM (${rows}) c JOIN car_stock_figures f ON f.car_id = c.car_id WHERE ${inStockSql(dealershipId)} ORDER BY c.n DESC, c.car_id`;
  if (!table.list) {
    switch (table.sort) {
      case "views":
      case "searches": {
        // Migration 0060's index of the period's count: walked from the highest, each car's figures row by its key.
        const column = `${table.sort}${period}`;
        return byCount(
          `SELECT k.car_id AS id, k.${column} AS n FROM car_period_counts k INDEXED BY car_period_counts_${column}
            JOIN car_stock_figures f ON f.car_id = k.car_id WHERE k.site = ?1 AND k.${column} > 0 AND ${inStockSql(dealershipId)}
            ORDER BY k.${column} DESC, k.car_id`,
          `NOT EXISTS (SELECT 1 FROM car_period_counts k WHERE k.site = ?1 AND k.car_id = f.car_id AND k.${column} > 0)`,
        );
      }
      case "leads":
        return byCount(countedRows(LEADS_BY_CAR), `f.car_id NOT IN (SELECT car_id FROM (${LEADS_BY_CAR}))`);
      case "saves":
        return byCount(countedRows(SAVES_BY_CAR), `f.car_id NOT IN (SELECT car_id FROM (${SAVES_BY_CAR}))`);
      case "changes":
        return byCount(countedRows(CHANGES_BY_CAR), `f.car_id NOT IN (SELECT car_id FROM (${CHANGES_BY_CAR}))`);
    }
  }
  switch (table.sort) {
    case "listed":
      return ids(`SELECT f.car_id AS id FROM ${cars} ORDER BY f.car_id LIMIT ${PAGE_SIZE} OFFSET ${offset}`);
    case "photos":
      return ids(`SELECT f.car_id AS id FROM ${cars} ORDER BY f.photos, f.car_id LIMIT ${PAGE_SIZE} OFFSET ${offset}`);
    case "position":
      // The cars with a median by the position's index, then those without in listing order: each side's first `upTo`.
      return ids(`SELECT id FROM (
          SELECT * FROM (SELECT f.car_id AS id, 0 AS g, (f.price - f.median) / f.median AS r FROM ${cars} AND f.median IS NOT NULL
            ORDER BY (f.price - f.median) / f.median DESC, f.car_id LIMIT ${upTo})
          UNION ALL SELECT * FROM (SELECT f.car_id, 1, NULL FROM ${cars} AND f.median IS NULL ORDER BY f.car_id LIMIT ${upTo})
        ) ORDER BY g, r DESC, id LIMIT ${PAGE_SIZE} OFFSET ${offset}`);
    case "days":
      if (!table.list) {
        // Without a sale date a car's days fall as its listing day rises: the first `upTo` such cars by listed_jd, then
        // every one within a day of the last of them (its days' ties), the cars with a sale date (few) and the first
        // `upTo` without a listing day (they sort last) are every car the page can hold; ordered exactly among them.
        const unsold = `${cars} AND coalesce(f.sold_date, '') = ''`;
        return ids(`WITH top AS (SELECT f.listed_jd FROM ${unsold} AND f.listed_jd IS NOT NULL ORDER BY f.listed_jd LIMIT ${upTo}),
          edge AS (SELECT iif(${daysSql("e")} = 0, NULL, e.listed_jd + 1) AS jd FROM (SELECT max(listed_jd) AS listed_jd, NULL AS sold_date FROM top) e),
          candidates AS (
            SELECT f.car_id AS id, f.listed_jd, f.sold_date FROM ${unsold} AND f.listed_jd <= coalesce((SELECT jd FROM edge), 1e300)
            UNION ALL SELECT f.car_id, f.listed_jd, f.sold_date FROM ${cars} AND f.sold_date <> ''
            UNION ALL SELECT * FROM (SELECT f.car_id, f.listed_jd, f.sold_date FROM ${unsold} AND f.listed_jd IS NULL ORDER BY f.car_id LIMIT ${upTo})
          )
          SELECT id FROM (SELECT f.id, ${daysSql("f")} AS days FROM candidates f) ORDER BY ${SORT_SQL.days} LIMIT ${PAGE_SIZE} OFFSET ${offset}`);
      }
      break;
  }
  return `${figuresSql(dealershipId, period)} ${ids(`SELECT id FROM figures${table.list ? ` WHERE ${LIST_SQL[table.list]}` : ""} ORDER BY ${SORT_SQL[table.sort]} LIMIT ${PAGE_SIZE} OFFSET ${offset}`)}`;
}

/**
 * The scope's figures in three statements (?1 site, ?2 the period's first day, ?3 now), none of them ordering every car:
 * the totals (a row per dealership, migration 0060); each list's count and first cars,
 * the aged, few-photos and well-above counts as ranges of migration 0058's indexes, the viewed-but-not-enquired count
 * as the viewed cars less the viewed ones with a lead (few); and the table's page (pageSql).
 */
export function summarySql(dealershipId: number | null, period: InsightPeriod, table: Table): string[] {
  const scope = inStockSql(dealershipId);
  const onCar = listOnCarSql(period);
  // The totals: a row per dealership (migration 0060, kept by triggers), not every car's period counts.
  const totals = `SELECT coalesce(SUM(cars), 0) AS cars, coalesce(SUM(views${period}), 0) AS views, coalesce(SUM(searches${period}), 0) AS searches,
      coalesce(SUM(viewed${period}), 0) AS viewed
    FROM dealership_stock_totals WHERE site = ?1${dealershipSql(dealershipId, "dealership_id")}`;
  // Aged: a range of listed_jd (a day wider than the rule, which then decides) for the cars without a sale date, plus
  // the cars with one.
  const aged = (days: number, name: InsightListName) =>
    `(SELECT COUNT(*) FROM car_stock_figures f WHERE ${scope} AND coalesce(f.sold_date, '') = '' AND f.listed_jd < julianday(?3) - ${days} AND ${onCar[name]})
      + (SELECT COUNT(*) FROM car_stock_figures f INDEXED BY car_stock_figures_sold WHERE ${scope} AND f.sold_date <> '' AND ${onCar[name]})`;
  const counts: Record<InsightListName, string> = {
    aged60: aged(AGED_DAYS[0], "aged60"),
    aged90: aged(AGED_DAYS[1], "aged90"),
    viewedNotEnquired: `(SELECT COUNT(*) FROM car_stock_figures f JOIN car_period_counts k ON k.site = ?1 AND k.car_id = f.car_id
      WHERE f.car_id IN ${LEAD_CARS} AND ${scope} AND k.views${period} > 0)`,
    wellAbove: `(SELECT COUNT(*) FROM car_stock_figures f WHERE ${scope} AND ${onCar.wellAbove})`,
    fewPhotos: `(SELECT COUNT(*) FROM car_stock_figures f WHERE ${scope} AND ${onCar.fewPhotos})`,
  };
  const lists = LIST_NAMES.map(
    (name) =>
      `${counts[name]} AS "count_${name}",
      (SELECT json_group_array(id) FROM (SELECT f.car_id AS id FROM car_stock_figures f${name === "viewedNotEnquired" ? " LEFT JOIN car_period_counts k ON k.site = ?1 AND k.car_id = f.car_id" : ""}
        WHERE ${scope} AND ${onCar[name]} ORDER BY f.car_id LIMIT ${LIST_PREVIEW})) AS "first_${name}"`,
  );
  const leadsAndSaves = `SELECT (SELECT COUNT(*) FROM leads l JOIN car_stock_figures f ON f.car_id = l.car_id WHERE l.site = ?1 AND l.created_at >= ?2 AND ${scope}) AS leads,
      (SELECT COUNT(*) FROM watchlist_entries w JOIN users u ON u.id = w.user_id JOIN car_stock_figures f ON f.car_id = w.car_id
        WHERE u.site = ?1 AND w.created_at >= ?2 AND ${scope}) AS saves,
      ${lists.join(", ")}`;
  return [totals, leadsAndSaves, pageSql(dealershipId, period, table)];
}

type VehicleRow = {
  id: number;
  slug: string;
  stocknum: string;
  name: string | null;
  dealership: string;
  make: string | null;
  model: string | null;
  year: number | null;
  price: number | null;
  listed_at: string | null;
  sold_date: string | null;
  photos: number | null;
  n: number | null;
  below: number | null;
  middle: number | null;
  above: number | null;
};

/** These cars' rows, their figures made by the shared rules from their own records and their band: O(cars) reads. */
async function carRows(db: D1Database, scope: Scope, ids: readonly number[], now: Date): Promise<Map<number, CarRow>> {
  if (ids.length === 0) return new Map();
  // ?1 the site, ?2 the cars (a JSON list), ?3 the period's first day.
  const of = "(SELECT value FROM json_each(?2))";
  const bind = (sql: string, period = true) => db.prepare(sql).bind(...[scope.site, JSON.stringify(ids), ...(period ? [scope.since] : [])]);
  const [vehicles, counts, leads, saves, priceChanges] = await db.batch<Record<string, unknown>>([
    bind(
      // The name from car_stock_figures (migration 0055): the record's JSON is read only for a car without one.
      `SELECT v.id, v.slug, v.stocknum, f.name, d.name AS dealership, iif(f.name IS NULL, v.make, NULL) AS make, iif(f.name IS NULL, v.model, NULL) AS model,
         iif(f.name IS NULL, v.year, NULL) AS year, f.price,
         f.listed_at, f.sold_date, f.photos, b.n, b.below, b.middle, b.above
       FROM vehicles v JOIN car_stock_figures f ON f.car_id = v.id JOIN dealerships d ON d.id = v.dealership_id ${bandJoinSql}
       WHERE v.id IN ${of} AND v.site = ?1`,
      false,
    ),
    bind(`SELECT car_id, views${scope.period} AS views, searches${scope.period} AS searches FROM car_period_counts WHERE site = ?1 AND car_id IN ${of}`, false),
    bind(`SELECT car_id, kind, COUNT(*) AS n FROM leads WHERE site = ?1 AND car_id IN ${of} AND created_at >= ?3 GROUP BY car_id, kind`),
    bind(
      `SELECT w.car_id, COUNT(*) AS n FROM watchlist_entries w JOIN users u ON u.id = w.user_id WHERE u.site = ?1 AND w.car_id IN ${of} AND w.created_at >= ?3 GROUP BY w.car_id`,
    ),
    // Each car's price changes, oldest first; with one MAX(), SQLite takes the bare columns from its row (the last).
    bind(
      `SELECT car_id, group_concat(substr(changed_at, 1, 10), ' ') AS days, MAX(changed_at) AS last_at, old_price, new_price
       FROM (SELECT car_id, changed_at, old_price, new_price FROM car_price_changes WHERE site = ?1 AND car_id IN ${of} ORDER BY car_id, changed_at) GROUP BY car_id`,
      false,
    ),
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
  const rows = new Map<number, CarRow>();
  for (const row of (vehicles?.results ?? []) as unknown as VehicleRow[]) {
    const days = row.listed_at ? daysInStock(row.listed_at, row.sold_date, now) : null;
    const leadsByKind = leadsOf.get(row.id) ?? {};
    const price = number(row.price);
    const band: MarketBand | undefined = row.n === null ? undefined : { n: row.n, below: row.below, middle: row.middle, above: row.above };
    // A car in stock with an asking price is one of its band's own prices (as of the market's last refresh; a car written
    // since is of a marked model, which the page says is waiting).
    rows.set(row.id, {
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
      photos: row.photos ?? 0,
      position: pricePositionInBand(price, band, price !== null && price > 0),
      priceChanges: changesOf.get(row.id) ?? { days: [], last: null },
    });
  }
  return rows;
}

const ids = (value: unknown): number[] => {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : [];
  return Array.isArray(parsed) ? parsed.map(Number) : [];
};

export type InsightsView = {
  totals: InsightTotals;
  lists: Record<InsightListName, { count: number; cars: CarRow[] }>;
  /** The table's page: its cars in order, and how many cars the table has in all (the list's, when filtered). */
  page: { cars: CarRow[]; total: number };
  trend: DayTotals[];
  freshness: InsightsFreshness;
};

/**
 * The page's figures for the site's cars in stock (one dealership's, or all of them) over the period: totals, lists
 * and the table's page, as last kept (ADR 0111: the market's bands and the period counts are brought up to date by the
 * insights queue's consumer; the view says how fresh they are). Two D1 round trips: every aggregate, then the rows of
 * the page's cars and each list's first ones.
 */
export async function loadInsights(
  db: D1Database,
  site: string,
  dealershipId: number | null,
  days: number,
  now: Date,
  table: { sort: InsightSort; list?: InsightListName; page: number },
): Promise<InsightsView> {
  const scope = scopeOf(site, dealershipId, days, now);
  const leadScope = dealershipSql(dealershipId, "dealership_id");
  const trendScope = dealershipSql(dealershipId, "dealership_id");
  const results = await db.batch<Record<string, unknown>>([
    db.prepare(FRESHNESS_SQL).bind(site),
    ...summarySql(dealershipId, scope.period, table).map((sql) => bindScope(db, sql, scope)),
    db
      .prepare(
        // The scope's views and search appearances a day: a row per dealership and day (migration 0056, ADR 0100), not per car.
        `SELECT day, SUM(views) AS views, SUM(searches) AS searches FROM dealership_daily_counts
         WHERE site = ? AND day >= ?${trendScope} GROUP BY day ORDER BY day`,
      )
      .bind(site, scope.since),
    // Every lead of the scope a day, a car's or not: what the inbox received.
    db.prepare(`SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n FROM leads WHERE site = ? AND created_at >= ?${leadScope} GROUP BY day`).bind(site, scope.since),
  ]);
  const [freshness, totalsResult, listsResult, pageResult, trend, leadTrend] = results;
  const summary = { ...totalsResult?.results?.[0], ...listsResult?.results?.[0], ...pageResult?.results?.[0] };
  // json_group_array keeps its subquery's order.
  const pageIds = ids(summary.page);
  const firstIds = Object.fromEntries(LIST_NAMES.map((name) => [name, ids(summary[`first_${name}`])])) as Record<InsightListName, number[]>;
  const rows = await carRows(db, scope, [...new Set([...pageIds, ...Object.values(firstIds).flat()])], now);
  const rowsOf = (list: readonly number[]) => list.flatMap((id) => rows.get(id) ?? []);
  const totals: InsightTotals = {
    cars: Number(summary.cars ?? 0),
    views: Number(summary.views ?? 0),
    searches: Number(summary.searches ?? 0),
    leads: Number(summary.leads ?? 0),
    saves: Number(summary.saves ?? 0),
  };
  // Viewed but not enquired: the viewed cars less those of them with a lead (the statement counts the latter).
  const count = (name: InsightListName) => Number(summary[`count_${name}`] ?? 0);
  const lists = Object.fromEntries(
    LIST_NAMES.map((name) => [name, { count: name === "viewedNotEnquired" ? Number(summary.viewed ?? 0) - count(name) : count(name), cars: rowsOf(firstIds[name]) }]),
  ) as InsightsView["lists"];
  const byDay = new Map<string, DayTotals>();
  const dayOf = (day: string): DayTotals => {
    const totalsOfDay = byDay.get(day) ?? { day, views: 0, searches: 0, leads: 0 };
    byDay.set(day, totalsOfDay);
    return totalsOfDay;
  };
  for (const row of trend?.results ?? []) Object.assign(dayOf(String(row.day)), { views: Number(row.views), searches: Number(row.searches) });
  for (const row of leadTrend?.results ?? []) dayOf(String(row.day)).leads = Number(row.n);
  return {
    totals,
    lists,
    page: { cars: rowsOf(pageIds), total: table.list ? lists[table.list].count : totals.cars },
    trend: [...byDay.values()],
    freshness: freshnessOf(freshness?.results?.[0]),
  };
}

/**
 * Every car in stock of the scope, CSV_CHUNK at a time in listing order (as last kept, ADR 0111): the CSV writes
 * each chunk as it comes, so no view holds the scope's cars whole. Also the lead kinds of the header.
 */
export async function insightsForCsv(
  db: D1Database,
  site: string,
  dealershipId: number | null,
  days: number,
  now: Date,
): Promise<{ kinds: string[]; chunks: AsyncGenerator<CarRow[]>; freshness: InsightsFreshness }> {
  const scope = scopeOf(site, dealershipId, days, now);
  const results = await db.batch<Record<string, unknown>>([
    db.prepare(FRESHNESS_SQL).bind(site),
    db
      .prepare(
        `SELECT DISTINCT l.kind FROM leads l JOIN vehicles v ON v.id = l.car_id AND v.site = l.site
         WHERE l.site = ? AND l.created_at >= ? AND v.status IN (${IN_STOCK})${dealershipSql(dealershipId, "v.dealership_id")} ORDER BY l.kind`,
      )
      .bind(site, scope.since),
  ]);
  const kinds = (results.at(-1)?.results ?? []).map((row) => String(row.kind));
  async function* chunks(): AsyncGenerator<CarRow[]> {
    let after = 0;
    for (;;) {
      const { results: page } = await db
        .prepare(`SELECT f.car_id AS id FROM car_stock_figures f WHERE f.site = ? AND f.status IN (${IN_STOCK})${dealershipSql(dealershipId, "f.dealership_id")} AND f.car_id > ? ORDER BY f.car_id LIMIT ${CSV_CHUNK}`)
        .bind(site, after)
        .all<{ id: number }>();
      if (page.length === 0) return;
      const rows = await carRows(db, scope, page.map((row) => row.id), now);
      yield page.flatMap((row) => rows.get(row.id) ?? []);
      after = page.at(-1)?.id ?? after;
      if (page.length < CSV_CHUNK) return;
    }
  }
  return { kinds, chunks: chunks(), freshness: freshnessOf(results[0]?.results?.[0]) };
}
