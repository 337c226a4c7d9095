/**
 * Search benchmark: `npx tsx mf-search/bench/search-bench.ts [sizes, default 10000,100000]`.
 * Generates 10,000 and 100,000 vehicles, times typical shopper queries on the engine and on a plain array
 * scan (the baseline), and prints p50/p95, the speed-up, index build time and memory per 10,000 vehicles.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { SearchIndex } from "../src/engine/search-index";
import { search } from "../src/engine/search";
import { type IndexRecord, toSearchRecord } from "../src/engine/search-record";
import { vehicleIndexSettings } from "../src/engine/settings";
import { scanSearch } from "./scan-baseline";
import { BODIES, CATALOGUE, syntheticVehicles } from "./synthetic-vehicles";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const INDEX = "Car_production";
const makes = Object.keys(CATALOGUE);

interface Request {
  indexName: string;
  params: Record<string, unknown>;
}

/** One shopper action; disjunctive faceting is several requests, as InstantSearch sends them. */
interface QueryKind {
  name: string;
  requests: (i: number) => Request[];
}

const kinds: QueryKind[] = [
  {
    name: "make + body facet",
    requests: (i) => [{ indexName: INDEX, params: { filters: `make:${makes[i % makes.length]} AND body:${BODIES[i % 3]}`, facets: ["make", "body"], hitsPerPage: 24 } }],
  },
  {
    name: "price & km ranges",
    requests: (i) => [{ indexName: INDEX, params: { filters: `price:${10000 + (i % 5) * 5000} TO ${40000 + (i % 5) * 5000} AND km <= ${60000 + (i % 4) * 20000}`, hitsPerPage: 24 } }],
  },
  {
    name: "text query",
    requests: (i) => [{ indexName: INDEX, params: { query: ["toyota hilux", "ranger xlt", "corola", "white suv", "mazda cx"][i % 5], hitsPerPage: 24 } }],
  },
  {
    name: "sort replica (price asc)",
    requests: (i) => [{ indexName: `${INDEX}:price:asc`, params: { filters: `car_type:${["used", "new", "demo"][i % 3]}`, hitsPerPage: 24 } }],
  },
  {
    name: "all facets",
    requests: () => [{ indexName: INDEX, params: { facets: ["*"], hitsPerPage: 24 } }],
  },
  {
    name: "disjunctive faceting (3 queries)",
    requests: (i) => {
      const makeRefinement = [`make:${makes[i % makes.length]}`, `make:${makes[(i + 3) % makes.length]}`];
      const bodyRefinement = [`body:${BODIES[i % 4]}`];
      return [
        { indexName: INDEX, params: { facetFilters: [makeRefinement, bodyRefinement], facets: ["*"], hitsPerPage: 24 } },
        { indexName: INDEX, params: { facetFilters: [bodyRefinement], facets: ["make"], hitsPerPage: 0 } },
        { indexName: INDEX, params: { facetFilters: [makeRefinement], facets: ["body"], hitsPerPage: 0 } },
      ];
    },
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function time(iterations: number, warmup: number, run: (i: number) => void): { p50: number; p95: number } {
  for (let i = 0; i < warmup; i++) run(i);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    run(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(" | ")} |`;
  return [line(header), `|${widths.map((width, column) => (column === 0 ? ":" : "") + "-".repeat(width + 1) + (column === 0 ? "" : ":")).join("|")}|`, ...rows.map(line)].join("\n");
}

function benchSize(count: number): { rows: string[][]; p95s: number[]; speedups: number[]; buildMs: number; perTenK: { index: number; total: number } } {
  const cars = syntheticVehicles(count);
  const before = heapUsed();
  const records: IndexRecord[] = cars.map((car) => toSearchRecord(car));
  const withRecords = heapUsed();
  let index = new SearchIndex(INDEX, records, vehicleIndexSettings);
  const withIndex = heapUsed();

  const builds: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    index = new SearchIndex(INDEX, cars.map((car) => toSearchRecord(car)), vehicleIndexSettings);
    builds.push(performance.now() - started);
  }
  builds.sort((a, b) => a - b);

  const rows: string[][] = [];
  const p95s: number[] = [];
  const speedups: number[] = [];
  const engineIterations = count <= 10_000 ? 400 : 150;
  const scanIterations = count <= 10_000 ? 30 : 6;
  for (const kind of kinds) {
    // The engine and the scan must agree before their times mean anything.
    for (let i = 0; i < 5; i++) {
      for (const request of kind.requests(i)) {
        const engine = search(index, request.indexName, request.params);
        const scan = scanSearch(records, request.indexName, request.params);
        if (engine.nbHits !== scan.nbHits) throw new Error(`${kind.name}: engine ${engine.nbHits} hits, scan ${scan.nbHits}`);
      }
    }
    const engine = time(engineIterations, 30, (i) => {
      for (const request of kind.requests(i)) search(index, request.indexName, request.params);
    });
    const scan = time(scanIterations, 1, (i) => {
      for (const request of kind.requests(i)) scanSearch(records, request.indexName, request.params);
    });
    const speedup = scan.p50 / engine.p50;
    p95s.push(engine.p95);
    speedups.push(speedup);
    rows.push([kind.name, ms(engine.p50), ms(engine.p95), ms(scan.p50), ms(scan.p95), `${speedup.toFixed(0)}x`]);
  }
  const perTenK = (bytes: number) => (bytes * 10_000) / count;
  return {
    rows,
    p95s,
    speedups,
    buildMs: builds[2]!,
    perTenK: { index: perTenK(withIndex - withRecords), total: perTenK(withIndex - before) },
  };
}

console.log(`Search benchmark - Node ${process.version}, ${new Date().toISOString()}\n`);
const summary: string[][] = [];
const goals: string[] = [];
const sizes = process.argv[2]?.split(",").map(Number) ?? [10_000, 100_000];
for (const count of sizes) {
  const result = benchSize(count);
  console.log(`## ${count.toLocaleString("en-AU")} vehicles\n`);
  console.log(table(["query kind", "engine p50", "engine p95", "scan p50", "scan p95", "speed-up (p50)"], result.rows));
  console.log();
  summary.push([count.toLocaleString("en-AU"), ms(result.buildMs), mb(result.perTenK.index), mb(result.perTenK.total)]);
  if (count <= 10_000) {
    goals.push(`p95 < 5 ms at 10,000: worst ${ms(Math.max(...result.p95s))} -> ${Math.max(...result.p95s) < 5 ? "met" : "NOT met"}`);
    goals.push(`build of 10,000 < 1 s: ${ms(result.buildMs)} -> ${result.buildMs < 1000 ? "met" : "NOT met"}`);
  } else {
    goals.push(`>= 10x the scan at 100,000: lowest ${Math.min(...result.speedups).toFixed(0)}x -> ${Math.min(...result.speedups) >= 10 ? "met" : "NOT met"}`);
  }
}
console.log("## Index build and memory\n");
console.log(table(["vehicles", "build (records + index, median of 5)", "index memory per 10,000", "records + index per 10,000"], summary));
console.log("\n## Goals\n");
for (const goal of goals) console.log(`- ${goal}`);
