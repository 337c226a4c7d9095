/**
 * Per-site vehicle index benchmark (ADR 0034): `npx tsx mf-search/bench/site-index-bench.ts [vehicles, default 25000]`.
 * Puts one site of that many synthetic vehicles (plus a smaller neighbour) in a local D1, then prints the heap of the
 * site's index, its cold load through D1 paging (and the part of it D1 itself spent), and the CPU and time of one
 * vehicle's change read from the change log and applied.
 */
import { cpuUsage } from "node:process";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createTestD1 } from "../../db/test-support/d1";
import { prepareSearch, SearchIndex, vehicleIndexSettings } from "../src/engine";
import { loadSiteStock, readSiteChanges } from "../src/search-index/site-stock";
import { carsOf, writeStock } from "../src/search-index/test-stock";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const SITE = "big-site";
const count = Number(process.argv[2] ?? 25_000);
const { db, dispose } = await createTestD1();

// The rows go in as the stock store writes them (the triggers fill search_fields), in D1 batches of 1,000.
const insert = db.prepare(
  "INSERT INTO vehicles (id, site, dealership_id, slug, stocknum, status, item_type, updated_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
);
const cars = [...carsOf(SITE, 1, count, 1), ...carsOf("neighbour", 2, Math.ceil(count / 10), count + 1)];
for (let i = 0; i < cars.length; i += 1000) {
  await db.batch(cars.slice(i, i + 1000).map((car) => insert.bind(car.id, car.site, car.dealership_id, car.slug, car.stocknum, car.status, car.item_type, car.updated_at, JSON.stringify(car))));
}
await writeStock(db, SITE, 1, [{ ...cars[0]!, price: 1 }]);

console.log(`Per-site index benchmark - Node ${process.version}, ${count.toLocaleString("en-AU")} vehicles in the site\n`);

const loads: { wall: number; d1: number; build: number }[] = [];
let index: SearchIndex | null = null;
let version = 0;
for (let run = 0; run < 3; run++) {
  index = null;
  const started = performance.now();
  const stock = await loadSiteStock(db, SITE);
  const loaded = performance.now();
  index = new SearchIndex("Car_production", stock.records, vehicleIndexSettings);
  prepareSearch(index, "Car_production", { hitsPerPage: 21, facets: ["make", "body"] });
  loads.push({ wall: performance.now() - started, d1: loaded - started, build: performance.now() - loaded });
  version = stock.version;
}
const { d1Ms } = await (async () => {
  const { meta } = await db.prepare("SELECT id, search_fields FROM vehicles WHERE site = ? AND id > 0 ORDER BY id LIMIT 5000").bind(SITE).all();
  return { d1Ms: meta.duration };
})();

index = null;
const before = heapUsed();
const stock = await loadSiteStock(db, SITE);
const withRecords = heapUsed();
index = new SearchIndex("Car_production", stock.records, vehicleIndexSettings);
const withIndex = heapUsed();

const changes: { cpu: number; wall: number; apply: number }[] = [];
for (let run = 0; run < 20; run++) {
  const car = cars[run + 1]!;
  const next = await writeStock(db, SITE, 1, [{ ...car, price: 100_000 + run }]);
  const cpu = cpuUsage();
  const started = performance.now();
  const change = await readSiteChanges(db, SITE, version, next);
  const applyStarted = performance.now();
  index.upsert(change!.upserts);
  index.remove(change!.removals);
  const applied = performance.now();
  const used = cpuUsage(cpu);
  changes.push({ cpu: (used.user + used.system) / 1000, wall: applied - started, apply: applied - applyStarted });
  version = next;
}

console.log("| measure | value |\n|:--|--:|");
console.log(`| cold load, D1 paging + index build (median of 3) | ${ms(median(loads.map((load) => load.wall)))} |`);
console.log(`| of which paging through D1 (node <-> local D1) | ${ms(median(loads.map((load) => load.d1)))} |`);
console.log(`| of which the index build | ${ms(median(loads.map((load) => load.build)))} |`);
console.log(`| D1's own time for one page of 5,000 rows | ${ms(d1Ms)} |`);
console.log(`| heap: compact records | ${mb(withRecords - before)} |`);
console.log(`| heap: index with its records | ${mb(withIndex - before)} |`);
console.log(`| index.estimatedBytes() | ${mb(index.estimatedBytes())} |`);
console.log(`| one change: change log read + apply, CPU (median of 20) | ${ms(median(changes.map((change) => change.cpu)))} |`);
console.log(`| one change: change log read + apply, wall (median of 20) | ${ms(median(changes.map((change) => change.wall)))} |`);
console.log(`| one change: the synchronous apply (median of 20) | ${ms(median(changes.map((change) => change.apply)))} |`);
await dispose();
