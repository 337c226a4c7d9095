import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InsightCount, PERIOD_SUM_CARS, recordInsightCounts, rollPeriodCounts, sumPeriodCountsChunk } from "./index";

/**
 * The period counts kept off the page's path (ADR 0111) against the sums taken literally from the day rows, in real
 * SQLite (Debian's sqlite3, as the HTTP tests read D1): a site summed again in car ranges, stepped a day and several,
 * 90 days or more behind (summed again), and the consumer's counts arriving while a sum is under way.
 */
const SQLITE = "/usr/bin/sqlite3";
const PERIODS = [7, 30, 90];
let dir = "";
const run = (sql: string): Record<string, unknown>[] => {
  const out = execFileSync(SQLITE, ["-json", join(dir, "d1.sqlite")], { input: sql, encoding: "utf8" }).trim();
  return out ? (JSON.parse(out.split("\n").join("")) as Record<string, unknown>[]) : [];
};
const literal = (value: unknown) => (typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
type Statement = { sql: string; params: unknown[] };
/** D1's two methods the statements use, over the sqlite3 CLI: a batch is one transaction; it answers its last statement's rows. */
const db = {
  prepare: (sql: string) => ({ sql, params: [], bind: (...params: unknown[]) => ({ sql, params }) }),
  batch: async (statements: Statement[]): Promise<{ results: Record<string, unknown>[] }[]> => {
    // `?N` is the Nth value, a bare `?` the next one.
    const inlined = statements.map(({ sql, params }) => {
      let next = 0;
      return `${sql.replace(/\?(\d+)?/g, (_, n) => literal(params[n ? Number(n) - 1 : next++]))};`;
    });
    const rows = run(`BEGIN;\n${inlined.join("\n")}\nCOMMIT;`);
    return statements.map((_, index) => ({ results: index === statements.length - 1 ? rows : [] }));
  },
};
const d1 = db as unknown as D1Database;

const dayBefore = (day: string, n: number) => new Date(Date.parse(day) - n * 86_400_000).toISOString().slice(0, 10);
/** Every car's sums over each period ending on `day`, from the day rows (what the page's figures mean). */
const fromDays = (site: string, day: string) =>
  run(`SELECT car_id, ${PERIODS.map((p) => `SUM(iif(day >= date('${day}', '-${p - 1} days'), views, 0)) AS views${p}, SUM(iif(day >= date('${day}', '-${p - 1} days'), search_appearances, 0)) AS searches${p}`).join(", ")}
    FROM car_daily_counts WHERE site = '${site}' AND day >= date('${day}', '-89 days') AND day <= '${day}' GROUP BY car_id HAVING views90 + searches90 > 0 ORDER BY car_id`);
const kept = (site: string) =>
  run(`SELECT car_id, ${PERIODS.map((p) => `views${p}, searches${p}`).join(", ")} FROM car_period_counts WHERE site = '${site}' AND views90 + searches90 > 0 ORDER BY car_id`);
const keptDay = (site: string) => run(`SELECT day, next_car FROM car_period_count_days WHERE site = '${site}'`)[0];

/** What the consumer and the cron do: the roll's statements, then chunks until the site is complete. */
async function rollTo(site: string, day: string): Promise<number> {
  await db.batch(rollPeriodCounts(d1, site, day) as unknown as Statement[]);
  let chunks = 0;
  for (;;) {
    chunks += 1;
    const results = await db.batch(sumPeriodCountsChunk(d1, site) as unknown as Statement[]);
    if (results.at(-1)?.results[0]?.next_car == null) return chunks;
  }
}

const TODAY = "2026-11-10";
/** Site a's 2,500 cars in ranges of PERIOD_SUM_CARS (the last open-ended). */
const RANGES = Math.ceil(2500 / PERIOD_SUM_CARS);
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "period-counts-"));
  run(`CREATE TABLE vehicles (id INTEGER PRIMARY KEY, site TEXT NOT NULL, dealership_id INTEGER); CREATE INDEX vehicles_site_id ON vehicles(site, id);
    CREATE TABLE car_daily_counts (site TEXT NOT NULL, car_id INTEGER NOT NULL, day TEXT NOT NULL, views INTEGER NOT NULL DEFAULT 0,
      search_appearances INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (site, car_id, day));
    CREATE INDEX car_daily_counts_site_day ON car_daily_counts(site, day);
    CREATE TABLE car_period_counts (site TEXT NOT NULL, car_id INTEGER NOT NULL, views7 INTEGER NOT NULL, views30 INTEGER NOT NULL, views90 INTEGER NOT NULL,
      searches7 INTEGER NOT NULL, searches30 INTEGER NOT NULL, searches90 INTEGER NOT NULL, PRIMARY KEY (site, car_id));
    CREATE TABLE car_period_count_days (site TEXT PRIMARY KEY, day TEXT NOT NULL, next_car INTEGER);
    CREATE TABLE dealership_daily_counts (site TEXT, dealership_id INTEGER, day TEXT, views INTEGER, searches INTEGER, PRIMARY KEY (site, dealership_id, day));`);
  // 2,500 cars of site "a" (ids 1, 4, 7, …: a range is by id, not by count) and 30 of "b"; counts on about a third of
  // the days from 20 days after TODAY to 130 before, seeded, so every run is the same.
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const cars = [...Array.from({ length: 2500 }, (_, i) => ({ id: i * 3 + 1, site: "a" })), ...Array.from({ length: 30 }, (_, i) => ({ id: 100_000 + i, site: "b" }))];
  run(`INSERT INTO vehicles VALUES ${cars.map((car) => `(${car.id}, '${car.site}', 1)`).join(", ")};`);
  const rows: string[] = [];
  for (const car of cars) {
    for (let n = -20; n < 130; n += 1) {
      if (random() < 0.3) rows.push(`('${car.site}', ${car.id}, '${dayBefore(TODAY, n)}', ${Math.floor(random() * 5)}, ${Math.floor(random() * 9)})`);
    }
  }
  // A car deleted since: its counts are in the site's sums as the page's were.
  rows.push(`('a', 99999, '${dayBefore(TODAY, 3)}', 4, 4)`);
  run(`INSERT INTO car_daily_counts VALUES ${rows.join(", ")};`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a site's period counts kept off the page's path", () => {
  it("a site never counted is summed in car ranges, each a batch of its own, to exactly the days' sums", async () => {
    expect(await rollTo("a", TODAY)).toBe(RANGES);
    expect(kept("a")).toEqual(fromDays("a", TODAY));
    expect(keptDay("a")).toEqual({ day: TODAY, next_car: null });
    await rollTo("b", TODAY);
    expect(kept("b")).toEqual(fromDays("b", TODAY));
  });

  it("a step of 1 to 89 days takes off the days that left each period (one batch, no sum again) and stays exact", async () => {
    let day = TODAY;
    for (const step of [1, 1, 2, 6, 7, 23, 29, 30, 45, 89]) {
      day = dayBefore(day, -step);
      expect(await rollTo("a", day), `step ${step}`).toBe(1);
      expect(kept("a"), `step ${step} to ${day}`).toEqual(fromDays("a", day));
    }
    // 90 days or more behind: summed again.
    day = dayBefore(day, -95);
    expect(await rollTo("a", day)).toBe(RANGES);
    expect(kept("a")).toEqual(fromDays("a", day));
    // Never back.
    await rollTo("a", TODAY);
    expect(keptDay("a")).toEqual({ day, next_car: null });
    // Site b untouched by a's rolls.
    expect(kept("b")).toEqual(fromDays("b", TODAY));
  });

  it("the consumer's counts during a sum under way join the cars already summed, and the rest through their range", async () => {
    const day = dayBefore(TODAY, -1);
    run("DELETE FROM car_period_count_days WHERE site = 'a';");
    await db.batch(rollPeriodCounts(d1, "a", day) as unknown as Statement[]);
    const next = Number((await db.batch(sumPeriodCountsChunk(d1, "a") as unknown as Statement[])).at(-1)?.results[0]?.next_car);
    expect(next).toBeGreaterThan(1);
    const counts: InsightCount[] = [
      { site: "a", car: 4, day, views: 5, searches: 2 },
      { site: "a", car: next + 3, day: dayBefore(day, 2), views: 1, searches: 1 },
      { site: "a", car: next - 2, day: dayBefore(day, 40), views: 3, searches: 1 },
    ];
    await recordInsightCounts(d1, counts);
    expect(keptDay("a")).toEqual({ day, next_car: next });
    await rollTo("a", day);
    expect(kept("a")).toEqual(fromDays("a", day));
    // The consumer's counts of the next day step the site there first (one batch), then add.
    await recordInsightCounts(d1, [
      { site: "a", car: 4, day: dayBefore(day, -1), views: 2, searches: 2 },
      { site: "a", car: 7, day: dayBefore(day, 10), views: 1, searches: 1 },
    ]);
    expect(keptDay("a")).toEqual({ day: dayBefore(day, -1), next_car: null });
    expect(kept("a")).toEqual(fromDays("a", dayBefore(day, -1)));
  });
});
