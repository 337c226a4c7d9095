import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { CarInput } from "@dealer/shared/contract";
import { demoWriteKey, generateDemoData } from "../../../db/demo/generate";
import { DEMO_SITES, type DemoSiteDef } from "../../../db/demo/sites";
import { localToday } from "../../../db/demo/today";
import { postStockBatch } from "../../../db/import/stock-client";
import { insightDay } from "../../../shared/src/insights";
import { executeFile } from "../../d1";
import { prepare } from "../../setup";
import { killSessionsNow, PLATFORM_PORT, ROOT, remotes, type Session, STATE_DIR, startSession, stopSession } from "../../stack";
import { benchCounting, benchInsights } from "../insights";
import { IsolateInspector } from "../workerd-inspector";
import { type BenchSite, bulkFeedCatchUp, changeToVisible, memoryNow, pageTimes, search, searchDuringStream, shopperQuery, startSampler, streamTarget, warmSearch } from "./measure";
import { countsAt, planNetwork } from "./network-plan";
import { type ColdRun, type SizeResult, sizeTable, summaryTable } from "./report";
import { shopperCountsSql } from "./shopper-counts";
import { networkSeedSql, vehicleBatches } from "./synthetic-stock";

/** The phases a size can run (`--only` picks some): memory is taken whenever any runs. */
const PHASES = ["search", "change", "stream", "pages", "insights", "cold", "feed"] as const;
type Phase = (typeof PHASES)[number];

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "2700,25000,100000,250000" },
    sites: { type: "string", default: "300" },
    runs: { type: "string", default: "10" },
    "search-runs": { type: "string", default: "60" },
    "change-runs": { type: "string", default: "5" },
    "cold-runs": { type: "string", default: "2" },
    "stream-seconds": { type: "string", default: "15" },
    feed: { type: "string", default: "10000" },
    only: { type: "string", default: PHASES.join(",") },
  },
});
const positive = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${values[name]}"`);
  return n;
};
const sizes = String(values.sizes).split(",").map(Number).sort((a, b) => a - b);
if (sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`--sizes must be whole numbers of vehicles, got "${values.sizes}"`);
const options = {
  sizes,
  sites: positive("sites"),
  runs: positive("runs"),
  searchRuns: positive("search-runs"),
  changeRuns: Math.max(1, positive("change-runs")),
  coldRuns: positive("cold-runs"),
  streamSeconds: positive("stream-seconds"),
  feed: positive("feed"),
  only: String(values.only).split(",") as Phase[],
};
const unknownPhase = options.only.find((name) => !PHASES.includes(name));
if (unknownPhase) throw new Error(`--only takes ${PHASES.join(", ")}; got "${unknownPhase}"`);
if (options.sites <= DEMO_SITES.length) throw new Error(`--sites must be more than the ${DEMO_SITES.length} demo sites`);

const port = PLATFORM_PORT;
const BENCH_DIR = join(ROOT, ".state/bench-scale");
const REPORT = join(ROOT, ".state/reports/bench-scale.json");
/** The small site every size measures: a demo dealer of 480 cars whose stock never grows, so its figures show what others' growth costs it. */
const SMALL_SITE = "harbour-city-motors";
const today = localToday();
const demo = generateDemoData({ today });
/** At full size the largest site holds a tenth of the network: 25,000 of 250,000. */
const fullSize = Math.max(250_000, ...sizes);
const plan = planNetwork({ sites: options.sites - DEMO_SITES.length, total: fullSize - demo.vehicles.length, largest: Math.round(fullSize / 10) });

/** Every site with its stock when the network holds `vehicles` (the demo's stock first, the plan's in proportion after). */
function networkAt(vehicles: number): BenchSite[] {
  const counts = countsAt(plan, vehicles - demo.vehicles.length);
  const siteOf = (site: DemoSiteDef, count: (id: number, planned: number) => number): BenchSite => {
    const dealerships = site.dealerships.map((d) => ({ slug: d.slug, stockPrefix: d.stockPrefix, vehicles: count(d.id, d.vehicleCount) }));
    return { slug: site.slug, vehicles: dealerships.reduce((a, d) => a + d.vehicles, 0), dealerships };
  };
  return [...DEMO_SITES.map((site) => siteOf(site, (_, planned) => planned)), ...plan.sites.map((site) => siteOf(site, (id) => counts.get(id) ?? 0))];
}

type Batch = { site: string; key: string; upsert: CarInput[] };

/** The demo's stock as the demo load sends it (per dealership, batches of 500). */
function* demoBatches(): Generator<Batch> {
  for (const site of DEMO_SITES) {
    for (const dealership of site.dealerships) {
      const cars = demo.vehicles.filter((car) => car.dealership_slug === dealership.slug);
      for (let i = 0; i < cars.length; i += 500) yield { site: site.slug, key: demoWriteKey(dealership.slug), upsert: cars.slice(i, i + 500) };
    }
  }
}

/** The plan's cars between two network sizes, generated a batch at a time. */
function* growthBatches(from: number, to: number): Generator<Batch> {
  const have = countsAt(plan, from - demo.vehicles.length);
  const want = countsAt(plan, to - demo.vehicles.length);
  for (const site of plan.sites) {
    for (const dealership of site.dealerships) {
      const batches = vehicleBatches(site, dealership, have.get(dealership.id) ?? 0, want.get(dealership.id) ?? 0, today);
      for (const upsert of batches) yield { site: site.slug, key: demoWriteKey(dealership.slug), upsert };
    }
  }
}

/** The batches that take the network from `from` vehicles (0: empty) to `to`. */
function* batchesBetween(from: number, to: number): Generator<Batch> {
  if (from === 0) yield* demoBatches();
  yield* growthBatches(Math.max(from, demo.vehicles.length), to);
}

/** Whether the platform's gateway answers; after a crash workerd may take a while to come back. */
async function healthy(waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs;
  do {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false);
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 1000));
  } while (Date.now() < until);
  return false;
}

/** Back to a serving platform after a failure: workerd restarted by wrangler, or the whole session restarted. */
async function recover(): Promise<void> {
  if (await healthy(30_000)) return;
  console.warn("  the platform does not answer: restarting it");
  await stopPlatform();
  await startPlatform();
}

const IMPORT_TRIES = 3;

/** Posts the batches in order; a batch the platform failed to answer (it restarted under load) is sent again. */
async function importStock(batches: Iterable<Batch>): Promise<SizeResult["import"]> {
  const started = performance.now();
  let postMs = 0;
  let vehicles = 0;
  let count = 0;
  let retried = 0;
  for (const batch of batches) {
    for (let attempt = 1; ; attempt++) {
      const posted = performance.now();
      const { status, body } = await postStockBatch(`http://127.0.0.1:${port}`, `${batch.site}.localhost:${port}`, batch.key, batch).catch((error: Error) => ({
        status: 0,
        body: error.message,
      }));
      postMs += performance.now() - posted;
      if (status === 200) break;
      if ((status !== 0 && status < 500) || attempt >= IMPORT_TRIES) {
        throw new Error(`import into ${batch.site} answered ${status}: ${JSON.stringify(body).slice(0, 1000)}`);
      }
      retried++;
      console.warn(`  a batch for ${batch.site} failed (${status}: ${JSON.stringify(body).slice(0, 200)}); sending it again`);
      await recover();
    }
    vehicles += batch.upsert.length;
    if (++count % 100 === 0) console.log(`  imported ${vehicles.toLocaleString("en-AU")} vehicles…`);
  }
  return { vehicles, batches: count, seconds: (performance.now() - started) / 1000, postSeconds: postMs / 1000, retried };
}

/** The bench's own platform, restarted for cold figures; its mf-search inspector follows it. */
const platform = { session: null as Session | null, inspector: null as IsolateInspector | null };
const current = () => {
  if (!platform.session || !platform.inspector) throw new Error("the platform is not running");
  return { session: platform.session, inspector: platform.inspector };
};

async function startPlatform(): Promise<void> {
  platform.session = await startSession("bench-scale", ["edge", ...remotes], port);
  platform.inspector = await IsolateInspector.connect(platform.session, "mf-search");
}

async function stopPlatform(): Promise<void> {
  platform.inspector?.close();
  platform.inspector = null;
  if (platform.session) await stopSession(platform.session);
  platform.session = null;
}

/** A fresh isolate per run: the platform restarted, then the largest site's first searches, then the small site's. */
async function coldStarts(largest: string, runs: number): Promise<ColdRun[]> {
  const results: ColdRun[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await stopPlatform();
    await startPlatform();
    const restartSeconds = (performance.now() - started) / 1000;
    const largestFirstMs = (await search(port, largest, shopperQuery(0))).ms;
    const largestNextMs = (await search(port, largest, shopperQuery(1))).ms;
    const { session, inspector } = current();
    const heapAfterLargest = (await memoryNow(port, session, inspector, largest)).heapLive;
    const smallFirstMs = (await search(port, SMALL_SITE, shopperQuery(0))).ms;
    results.push({ restartSeconds, largestFirstMs, largestNextMs, smallFirstMs, heapAfterLargest });
  }
  return results;
}

/**
 * The bulk feed (issue 32): cars of the largest planned site's first dealership beyond its full-size stock, so no
 * size's growth makes them; they are new the first time and updated at later sizes, and deleted after each.
 */
function bulkFeed() {
  const site = plan.sites[0]!;
  const dealership = site.dealerships[0]!;
  const from = countsAt(plan, fullSize - demo.vehicles.length).get(dealership.id) ?? 0;
  const feed = [...vehicleBatches(site, dealership, from, from + options.feed, today)].flat();
  return bulkFeedCatchUp(port, site.slug, demoWriteKey(dealership.slug), feed);
}

async function measureSize(size: number, grown: SizeResult["import"], startedAt: number): Promise<SizeResult> {
  const network = networkAt(size);
  const withStock = network.filter((site) => site.vehicles > 0);
  const largest = withStock.reduce((a, b) => (b.vehicles > a.vehicles ? b : a));
  const small = network.find((site) => site.slug === SMALL_SITE)!;
  const others = withStock.filter((site) => site !== largest && site !== small).sort((a, b) => b.vehicles - a.vehicles).slice(0, 4);
  const errors: string[] = [];
  /** One phase: its figures, or none and the reason in `errors`, with the platform serving again for the next phase. */
  const phase = async <T>(what: string, work: () => Promise<T>, kind?: Phase): Promise<T | undefined> => {
    if (kind && !options.only.includes(kind)) return undefined;
    console.log(`  ${what}…`);
    try {
      return await work();
    } catch (error) {
      errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      console.warn(`  ${what} failed: ${errors.at(-1)}`);
      await recover();
      return undefined;
    }
  };
  const memory = () => memoryNow(port, current().session, current().inspector, small.slug);

  const firstSearchAfterImportMs = await phase("first search after the import", async () => (await search(port, largest.slug, shopperQuery(0))).ms, "search");
  const sampler = startSampler(() => current().session, () => current().inspector);
  const warm = await phase("warm searches", async () => ({
    largest: await warmSearch(port, largest.slug, options.searchRuns),
    small: await warmSearch(port, small.slug, options.searchRuns),
  }), "search");
  const steady = await phase("heap and memory, steady", memory);
  const change = await phase("change to visible", async () => ({
    largest: await changeToVisible(port, current().session, largest, options.changeRuns),
    small: await changeToVisible(port, current().session, small, options.changeRuns),
  }), "change");
  const stream = await phase("searches while stock batches arrive", async () => ({
    other: await searchDuringStream(port, largest.slug, await Promise.all(others.map((site) => streamTarget(port, site))), options.streamSeconds),
    same: await searchDuringStream(port, largest.slug, [await streamTarget(port, largest)], options.streamSeconds),
  }), "stream");
  const pages = await phase("page times", async () => ({ largest: await pageTimes(port, largest.slug, options.runs), small: await pageTimes(port, small.slug, options.runs) }), "pages");
  // Issue 31: the console's insights page of the largest site (a group at full size), its whole group and one dealership,
  // with 90 days of shopper counts for every car of it, written while the platform is stopped (ADR 0103).
  await phase(
    "90 days of shopper counts for the largest site (platform stopped and started again)",
    async () => {
      await stopPlatform();
      const file = join(BENCH_DIR, "shopper-counts.sql");
      writeFileSync(file, shopperCountsSql(largest.slug, insightDay(new Date())));
      await executeFile(file, "seeding shopper counts");
      await startPlatform();
    },
    "insights",
  );
  const insights = await phase(
    "insights page, and a car page with counting on and off",
    async () => ({ ...(await benchInsights(port, largest.slug, largest.dealerships[0]!.slug, options.runs)), counting: await benchCounting(port, largest.slug, options.runs * 2) }),
    "insights",
  );
  const afterLoad = await phase("heap and memory after all phases", memory);
  const peak = await sampler.stop();
  const cold = (await phase(`cold searches (${options.coldRuns} platform restarts)`, () => coldStarts(largest.slug, options.coldRuns), "cold")) ?? [];
  const catchUp = options.feed ? await phase(`a bulk feed of ${options.feed.toLocaleString("en-AU")} cars, until searchable in full`, bulkFeed, "feed") : undefined;
  return {
    size,
    vehicles: network.reduce((a, site) => a + site.vehicles, 0),
    sitesWithStock: withStock.length,
    largest: { slug: largest.slug, vehicles: largest.vehicles },
    small: { slug: small.slug, vehicles: small.vehicles },
    import: grown,
    firstSearchAfterImportMs,
    warm,
    change,
    stream,
    pages,
    insights,
    catchUp,
    memory: { steady, afterLoad, peakHeapBytes: peak.heapBytes, peakRssKb: peak.rssKb },
    cold,
    errors,
    phases: options.feed ? options.only : options.only.filter((phase) => phase !== "feed"),
    seconds: (performance.now() - startedAt) / 1000,
  };
}

function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

function writeReport(results: SizeResult[]): void {
  mkdirSync(join(ROOT, ".state/reports"), { recursive: true });
  const machine = { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30) };
  writeFileSync(REPORT, JSON.stringify({ date: new Date().toISOString(), commit: commit(), machine, options, plan: { fullSize, sites: options.sites }, results }, null, 2));
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
  console.log(`bench:scale on port ${port}: sizes ${sizes.join(", ")}; ${options.sites} sites (the demo's ${DEMO_SITES.length} and ${plan.sites.length} generated), the largest ${plan.sites[0]?.slug} at ${Math.round(fullSize / 10).toLocaleString("en-AU")} of ${fullSize.toLocaleString("en-AU")}`);
  console.log(`Local state from scratch in ${STATE_DIR}`);
  rmSync(BENCH_DIR, { recursive: true, force: true });
  mkdirSync(BENCH_DIR, { recursive: true });
  await prepare();
  console.log(`Creating ${plan.sites.length} sites (SQL into local D1, as the demo seed: there is no site-creation API yet)…`);
  const seedFile = join(BENCH_DIR, "network-seed.sql");
  writeFileSync(seedFile, networkSeedSql(plan, today));
  await executeFile(seedFile, "creating the sites");
  await startPlatform();
  const results: SizeResult[] = [];
  let vehicles = 0;
  for (const size of sizes) {
    const startedAt = performance.now();
    const target = Math.max(size, demo.vehicles.length);
    console.log(`\n== ${size.toLocaleString("en-AU")} vehicles: import ==`);
    const grown = await importStock(batchesBetween(vehicles, target));
    console.log(`  imported ${grown.vehicles.toLocaleString("en-AU")} vehicles in ${grown.batches} batches, ${grown.seconds.toFixed(1)} s`);
    vehicles = target;
    const result = await measureSize(size, grown, startedAt);
    results.push(result);
    writeReport(results);
    console.log(`\n${sizeTable(result)}`);
  }
  const minutes = ((performance.now() - benchStarted) / 60_000).toFixed(1);
  console.log(`\nSummary (${new Date().toISOString().slice(0, 10)}, commit ${commit()}, ${cpus().length} CPUs, ${minutes} min in all)\n${summaryTable(results)}`);
  console.log(`\nWritten to ${REPORT}`);
}

let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await stopPlatform().catch(() => undefined);
  }
  process.exit(code);
}
process.on("exit", () => {
  if (platform.session) killSessionsNow([platform.session]);
});
process.on("SIGINT", () => void shutdown(130));
process.on("SIGTERM", () => void shutdown(143));

try {
  await main();
  await shutdown(0);
} catch (error) {
  console.error("\nbench:scale failed:", error instanceof Error ? error.stack : error);
  await shutdown(1);
}
