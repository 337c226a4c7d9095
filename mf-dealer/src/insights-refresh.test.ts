import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKET_REFRESH, MARKET_REFRESH_CARS } from "./insights-data";

/**
 * The market's refresh in short steps (ADR 0115) in real SQLite (Debian's sqlite3, as the HTTP tests read D1): a model
 * of more cars than one step writes takes several steps, each writing at most MARKET_REFRESH_CARS medians, and ends
 * with every car's kept median the one its band gives, a car repriced between two steps of its model included.
 */
const SQLITE = "/usr/bin/sqlite3";
let dir = "";
const run = (sql: string): Record<string, unknown>[] => {
  const out = execFileSync(SQLITE, ["-json", join(dir, "d1.sqlite")], { input: sql, encoding: "utf8" }).trim();
  return out ? (JSON.parse(out.split("\n").join("")) as Record<string, unknown>[]) : [];
};
/** One step, as the consumer's D1 batch (one transaction): whether models are still marked. */
const step = () => Number(run(`BEGIN;\n${MARKET_REFRESH.join(";\n")};\nCOMMIT;`)[0]?.more) === 1;
/** Each car in stock's kept median. */
const medians = () => new Map(run("SELECT car_id, median FROM car_stock_figures WHERE status = 'in_stock'").map((row) => [row.car_id, row.median]));
/** The median of each car in stock, taken literally: its band's other cars' prices (at least 5), the middle one or two. */
const literalMedians = () => {
  const cars = run("SELECT car_id, make, model, year, km, price FROM car_stock_figures WHERE status = 'in_stock'") as { car_id: number; make: string; model: string; year: number; km: number; price: number }[];
  const band = (car: (typeof cars)[number]) => [car.make, car.model, car.year - ((((car.year - 1900) % 3) + 3) % 3), [200000, 150000, 100000, 50000, 20000, 0].find((edge) => car.km >= edge)].join("/");
  return new Map(
    cars.map((car) => {
      const others = cars.filter((other) => other.car_id !== car.car_id && band(other) === band(car)).map((other) => other.price).sort((a, b) => a - b);
      const middle = Math.floor((others.length - 1) / 2);
      const median = others.length < 5 ? null : others.length % 2 ? others[middle] : ((others[middle] as number) + (others[middle + 1] as number)) / 2;
      return [car.car_id, median];
    }),
  );
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "market-refresh-"));
  run(`CREATE TABLE car_stock_figures (car_id INTEGER PRIMARY KEY, make TEXT, model TEXT, status TEXT, year INTEGER, km REAL, price REAL, median REAL);
    CREATE INDEX car_stock_figures_market ON car_stock_figures(make, model, status, year, km, price);
    CREATE TABLE market_bands (make TEXT NOT NULL, model TEXT NOT NULL, year_band INTEGER NOT NULL, km_band INTEGER NOT NULL, n INTEGER NOT NULL,
      below REAL, middle REAL, above REAL, PRIMARY KEY (make, model, year_band, km_band)) WITHOUT ROWID;
    CREATE TABLE market_dirty (make TEXT NOT NULL, model TEXT NOT NULL, PRIMARY KEY (make, model)) WITHOUT ROWID;
    ${readFileSync(new URL("../../db/migrations/0064_market_refresh_turn.sql", import.meta.url), "utf8")}`);
  // 1,300 cars of one model (three odometer bands of 0-100,000 km and one above, six year bands) and 40 of another,
  // a few sold; prices spread so each band's median moves with any car in it.
  const cars = Array.from({ length: 1340 }, (_, i) => {
    const [make, model] = i < 1300 ? ["toyota", "hilux"] : ["mazda", "cx-5"];
    return `(${i + 1}, '${make}', '${model}', '${i % 17 === 0 ? "sold" : "in_stock"}', ${2008 + (i % 18)}, ${i % 4 === 3 ? 150000 : (i % 3) * 30000}, ${20000 + ((i * 7919) % 40000)}, NULL)`;
  });
  run(`INSERT INTO car_stock_figures VALUES ${cars.join(", ")}; INSERT INTO market_dirty VALUES ('mazda', 'cx-5'), ('toyota', 'hilux');`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the market's refresh in short steps (ADR 0115)", () => {
  it("writes at most MARKET_REFRESH_CARS medians a step, and a model's cars end at their band's median, a car repriced between its steps included", () => {
    const written: number[] = [];
    let steps = 0;
    for (let more = true; more; steps++) {
      if (steps === 2) run("UPDATE car_stock_figures SET price = 99000 WHERE car_id = 2; INSERT OR IGNORE INTO market_dirty VALUES ('toyota', 'hilux');");
      const before = medians();
      more = step();
      const after = medians();
      written.push([...after].filter(([car, median]) => before.get(car) !== median).length);
      expect(steps).toBeLessThan(20);
    }
    expect(Math.max(...written)).toBeLessThanOrEqual(MARKET_REFRESH_CARS);
    // The mazda's 40 in one step, the hilux's cars over several.
    expect(steps).toBeGreaterThan(2);
    expect(run("SELECT COUNT(*) AS n FROM market_dirty")[0]?.n).toBe(0);
    expect(medians()).toEqual(literalMedians());
  });

  it("takes the marked models in turn: a model marked again before every step does not hold back the others (migration 0064)", () => {
    // 40 audis, first in key order, one repriced and marked again before every step; the hilux's 1,300 medians to write again.
    const audis = Array.from({ length: 40 }, (_, i) => `(${5001 + i}, 'audi', 'a4', 'in_stock', ${2015 + (i % 3)}, ${(i % 3) * 30000}, ${30000 + i * 250}, NULL)`);
    run(`INSERT INTO car_stock_figures VALUES ${audis.join(", ")}; UPDATE car_stock_figures SET median = NULL WHERE model = 'hilux';
      INSERT INTO market_dirty VALUES ('toyota', 'hilux');`);
    const hiluxMarked = () => run("SELECT COUNT(*) AS n FROM market_dirty WHERE model = 'hilux'")[0]?.n === 1;
    let steps = 0;
    for (; hiluxMarked(); steps++) {
      expect(steps, "the hilux waits while the audi keeps changing").toBeLessThan(12);
      run(`UPDATE car_stock_figures SET price = price + 1 WHERE car_id = ${5001 + (steps % 40)}; INSERT OR IGNORE INTO market_dirty VALUES ('audi', 'a4');`);
      step();
    }
    while (step()) steps++;
    expect(medians()).toEqual(literalMedians());
  });
});
