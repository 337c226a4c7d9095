import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { postStockBatch } from "../../db/import/stock-client";
import { PHOTOS_AT_ONCE } from "../../mf-search/src/stock/photos/photo-consumer";
import { PROGRESS_EVERY_MS } from "../progress";
import { PLATFORM_PORT, ROOT, recordedSessions, type Session } from "../stack";
import { devTimingOf, firstView, timePage } from "./page-timing";
import { searchSite } from "./search-api";
import { sessionProcesses } from "../dev-session/session-processes";
import { sessionCpuByKind } from "./session-usage";
import { percentile } from "./stats";
import { IsolateInspector } from "./workerd-inspector";

/**
 * npm run bench:photos (with the platform running under npm start): issue 30's ingestion figures. Posts a feed of
 * --cars cars with --photos photo URLs each, served by a local origin of photo-like JPEGs, and prints photos a minute
 * through the queue, the consumer's memory, and page/search p95 while the queue works against p95 before and against
 * p95 in windows where the origin holds its answers (the queue idle, the machine's load the same: see --window-seconds).
 * Prints, asserts nothing. The cars are deleted at the end (their photos stay in the local R2, as a dealer's would).
 */
const { values: options } = parseArgs({
  options: {
    cars: { type: "string", default: "1000" },
    photos: { type: "string", default: "20" },
    runs: { type: "string", default: "40" },
    site: { type: "string", default: "harbour-city-motors" },
    "timeout-minutes": { type: "string", default: "60" },
    "stall-seconds": { type: "string", default: "120" },
    "window-seconds": { type: "string", default: "8" },
    // Leaves mf-search's inspector free for a profiler (isolate-profile.ts): workerd takes one DevTools client an isolate.
    "no-heap": { type: "boolean", default: false },
  },
});
const CARS = Number(options.cars);
const PHOTOS = Number(options.photos);
const RUNS = Number(options.runs);
/** While the queue works, the origin answers for a window, then holds its answers for one; 0: it always answers. */
const WINDOW_MS = Number(options["window-seconds"]) * 1000;
/** The first part of a window is not probed: the photos already fetched finish (or the held ones start) in it. */
const SETTLE_MS = Math.min(2000, WINDOW_MS / 4);
const SITE = options.site;
const KEY = `write-${SITE}`;
const host = `${SITE}.localhost:${PLATFORM_PORT}`;
/** Cars a feed request: a fifth of the API's 500, so no one request queues 10,000 photos. */
const CARS_A_REQUEST = 100;
/** The size a dealer's camera photo is commonly sent at (3:2), and distinct pictures the origin draws. */
const PHOTO = { width: 1600, height: 1067 };
const POOL = 8;

const platform = recordedSessions().find((session) => session.label === "platform");
if (!platform) {
  console.error("The platform is not running: npm start first (in another terminal), then npm run bench:photos.");
  process.exit(2);
}

/**
 * A photo-like JPEG: a smooth random field (light sky over darker ground) with fine grain, which JPEG compresses to
 * about 370 KB at quality 85, as a dealer's 1600 px photo (a flat or pure-noise picture would not).
 */
async function photoLike(): Promise<Buffer> {
  const { width, height } = PHOTO;
  const field = await sharp(randomBytes(40 * 27 * 3), { raw: { width: 40, height: 27, channels: 3 } })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const grain = randomBytes(field.length);
  for (let i = 0; i < field.length; i++) {
    const sky = i < field.length / 2 ? 60 : 20;
    field[i] = Math.max(0, Math.min(255, (field[i] ?? 0) * 0.6 + sky + ((grain[i] ?? 0) % 32) - 16));
  }
  return sharp(field, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

/** The pool picture with the path in a JPEG comment after SOI: every URL's bytes (and content hash) differ. */
function uniquePhoto(pool: Buffer[], path: string): Buffer {
  const digest = createHash("sha256").update(path).digest();
  const comment = Buffer.from(path);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  const base = pool[(digest[0] ?? 0) % pool.length] as Buffer;
  return Buffer.concat([base.subarray(0, 2), segment, comment, base.subarray(2)]);
}

/**
 * The photo origin. While held, it answers nothing until released: the consumer's fetches wait, so no photo is checked
 * or stored and the queue is idle without any switch in the product (a window is well within a photo's 30 s deadline).
 */
async function startOrigin(pool: Buffer[]) {
  let served = 0;
  let bytes = 0;
  let held: (() => void)[] | null = null;
  const server = createServer((request, response) => {
    const answer = () => {
      const path = new URL(request.url ?? "/", "http://origin").pathname;
      const body = uniquePhoto(pool, path);
      served++;
      bytes += body.length;
      response.writeHead(200, { "content-type": "image/jpeg", "content-length": body.length }).end(body);
    };
    if (held) held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: () => ({ served, bytes }),
    hold: () => {
      held ??= [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RSS (KB) of the session's workerd processes (the Workers) and of its Node processes (wrangler, the local Images binding). */
function processMemory(session: Session): { workerdKb: number; nodeKb: number } {
  let workerdKb = 0;
  let nodeKb = 0;
  for (const { pid, command } of sessionProcesses(session)) {
    try {
      const kb = Number(/^Rss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
      if (command[0]?.endsWith("workerd")) workerdKb += kb;
      else nodeKb += kb;
    } catch {
      // the process ended while we looked
    }
  }
  return { workerdKb, nodeKb };
}

/**
 * The photo queue's consumer settings from mf-search's wrangler.jsonc. A batch's photos are handled PHOTOS_AT_ONCE at a
 * time (photo-consumer.ts); deployed, up to max_concurrency batches run at once, while wrangler dev's queue broker
 * delivers one batch at a time (it awaits each delivery): locally PHOTOS_AT_ONCE photos are in flight.
 */
function consumerSettings(): { batch: number; concurrency: number } {
  const config = readFileSync(join(ROOT, "mf-search/wrangler.jsonc"), "utf8");
  const line = /\{[^}]*"queue": "dealer-photo-fetch"[^}]*max_batch_size[^}]*\}/.exec(config)?.[0] ?? "";
  return { batch: Number(/"max_batch_size": (\d+)/.exec(line)?.[1] ?? 1), concurrency: Number(/"max_concurrency": (\d+)/.exec(line)?.[1] ?? 1) };
}

type Probe = { search: number[]; car: number[]; api: number[]; rendered: { search: boolean[]; car: boolean[] } };
const newProbe = (): Probe => ({ search: [], car: [], api: [], rendered: { search: [], car: [] } });

/**
 * A page timed, and whether the gateway rendered any of its slots (a kept slot or a kept whole page is answered as it
 * was, ADR 0074, 0087): its dev-only timing comment says which. A listing change (ADR 0123) makes the next one rendered.
 */
async function timeProbePage(path: string): Promise<{ ms: number; rendered: boolean }> {
  const { full, html } = await timePage(PLATFORM_PORT, host, path, { "x-dev-timing": "on" });
  const timing = devTimingOf(html);
  return { ms: full, rendered: timing ? timing.page !== "kept" && timing.slots.some((slot) => slot.how !== "kept") : true };
}

/** One round of what a shopper does: a search page (first view, the slot rendered), a car page, a search API call. */
async function probeOnce(probe: Probe, carPath: string, run: number): Promise<void> {
  for (const [key, path] of [["search", firstView("/search", run)], ["car", firstView(carPath, run)]] as const) {
    const { ms, rendered } = await timeProbePage(path);
    probe[key].push(ms);
    probe.rendered[key].push(rendered);
  }
  probe.api.push((await searchSite(PLATFORM_PORT, SITE, [{ indexName: "Car_production", params: "hitsPerPage=24" }])).ms);
}

const baseUrl = `http://127.0.0.1:${PLATFORM_PORT}`;
async function postBatch(batch: { upsert: unknown[]; delete?: string[] }): Promise<string> {
  const { status, body } = await postStockBatch(baseUrl, host, KEY, batch);
  if (status !== 200) throw new Error(`the stock API answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  return String((body as { batch?: string }).batch);
}
type Report = { pending: number; photos: { status: string; reason: string | null }[] };
const batchReport = async (batch: string) => JSON.parse((await timePage(PLATFORM_PORT, host, `/api/stock/batches/${batch}`, { authorization: `Bearer ${KEY}` })).html) as Report;

const fmt = (value: number) => `${value.toFixed(0)} ms`;
const mbOf = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

const run = `b${Date.now().toString(36)}`;
const stocknums = Array.from({ length: CARS }, (_, car) => `${run}-${car}`);
console.log(`Photo ingestion bench: ${CARS} cars x ${PHOTOS} photos = ${CARS * PHOTOS} photos on ${SITE} (port ${PLATFORM_PORT}), load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
const pool = await Promise.all(Array.from({ length: POOL }, photoLike));
const origin = await startOrigin(pool);
console.log(`  origin ${origin.base}: ${PHOTO.width} x ${PHOTO.height} JPEGs, ${(pool.reduce((sum, b) => sum + b.length, 0) / pool.length / 1024).toFixed(0)} KB on average, each URL's bytes its own`);

// A first view: a kept /search may still list an earlier run's cars, deleted since (their pages are 404s).
const searchHtml = (await timePage(PLATFORM_PORT, host, firstView("/search", -1))).html;
const carPath = /href="(\/cars\/[a-z0-9-]+)"/.exec(searchHtml)?.[1] ?? "/cars/unknown";
const inspector = options["no-heap"] ? { heapUsage: async () => ({ usedSize: 0 }), close: () => {} } : await IsolateInspector.connect(platform, "mf-search");

const before = newProbe();
const cpuAtStart = { at: performance.now(), ms: sessionCpuByKind(platform) };
for (let i = 0; i < RUNS; i++) await probeOnce(before, carPath, i);
const cpuAfterBefore = { at: performance.now(), ms: sessionCpuByKind(platform) };
// Idle memory after the rounds before: the pages' own growth is then in the baseline, not counted as the queue's.
const idle = { ...processMemory(platform), heap: (await inspector.heapUsage()).usedSize };

const started = performance.now();
const batches: string[] = [];
for (let i = 0; i < CARS; i += CARS_A_REQUEST) {
  const upsert = stocknums.slice(i, i + CARS_A_REQUEST).map((stocknum) => ({
    stocknum, year: 2022, make: "Mazda", model: "CX-5", badge: "Maxx", car_type: "used", status: "in_stock", price: 31990, km: 30100,
    images: Array.from({ length: PHOTOS }, (_, n) => `${origin.base}/${run}/${stocknum}/${n + 1}.jpg`),
  }));
  batches.push(await postBatch({ upsert }));
}
const posted = performance.now();

const during = newProbe();
/** Rounds in the windows where the origin held its answers: the same minutes' machine, the queue idle. */
const held = newProbe();
let flowingMs = 0;
const peak = { ...idle };
let pending = CARS * PHOTOS;
// Each batch's latest report, and when the count of settled photos last grew (a stalled queue ends the run).
const reports = new Map<string, Report>();
let lastProgress = { at: posted, settled: 0 };
let stalled = false;
// Nothing else prints until the queue drains, which takes minutes: a line now and then says it is moving.
let lastLine = posted;
const deadline = started + Number(options["timeout-minutes"]) * 60_000;
const watch = (async () => {
  while (pending > 0 && !stalled && performance.now() < deadline) {
    const memory = processMemory(platform);
    peak.workerdKb = Math.max(peak.workerdKb, memory.workerdKb);
    peak.nodeKb = Math.max(peak.nodeKb, memory.nodeKb);
    peak.heap = Math.max(peak.heap, (await inspector.heapUsage().catch(() => ({ usedSize: 0 }))).usedSize);
    // A settled batch's report does not change: only the batches still pending are asked again.
    for (const batch of batches.filter((id) => (reports.get(id)?.pending ?? 1) > 0)) reports.set(batch, await batchReport(batch));
    pending = [...reports.values()].reduce((sum, report) => sum + report.pending, 0);
    const settled = CARS * PHOTOS - pending;
    if (settled > lastProgress.settled) lastProgress = { at: performance.now(), settled };
    stalled = performance.now() - lastProgress.at > Number(options["stall-seconds"]) * 1000;
    if (performance.now() - lastLine >= PROGRESS_EVERY_MS) {
      console.log(`  … ${settled} of ${CARS * PHOTOS} photos settled, ${pending} pending (${((performance.now() - started) / 60_000).toFixed(1)} min)`);
      lastLine = performance.now();
    }
    if (pending > 0) await new Promise((resolve) => setTimeout(resolve, 5000));
  }
})();
/** CPU (ms) of each kind of process spent in the answering and in the held windows: the queue's own share is the difference. */
const windowCpu = { answering: new Map<string, number>(), held: new Map<string, number>() };
let cpuAtWindow = sessionCpuByKind(platform);
const countWindowCpu = (wasHolding: boolean) => {
  const now = sessionCpuByKind(platform);
  const into = wasHolding ? windowCpu.held : windowCpu.answering;
  for (const [name, ms] of now) into.set(name, (into.get(name) ?? 0) + Math.max(0, ms - (cpuAtWindow.get(name) ?? 0)));
  cpuAtWindow = now;
};
// Windows of the origin answering and holding, one after the other, each round counted in the window it started in.
let windowStart = performance.now();
let holding = false;
for (let i = 0; pending > 0 && !stalled && performance.now() < deadline; i++) {
  if (WINDOW_MS && performance.now() - windowStart >= WINDOW_MS) {
    if (!holding) flowingMs += performance.now() - windowStart;
    countWindowCpu(holding);
    holding = !holding;
    if (holding) origin.hold();
    else origin.release();
    windowStart = performance.now();
  }
  if (performance.now() - windowStart < SETTLE_MS && WINDOW_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    continue;
  }
  await probeOnce(holding ? held : during, carPath, RUNS + i);
}
if (!holding) flowingMs += performance.now() - windowStart;
countWindowCpu(holding);
const heldMs = performance.now() - posted - flowingMs;
origin.release();
await watch;
// A stalled run's rate counts up to its last progress, not the wait that showed the stall.
const finished = stalled ? lastProgress.at : performance.now();
const cpuAtEnd = { at: performance.now(), ms: sessionCpuByKind(platform) };
const loadAfter = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const outcomes = [...reports.values()].flatMap((report) => report.photos);
const ready = outcomes.filter((photo) => photo.status === "ready").length;
const failed = outcomes.filter((photo) => photo.status === "failed");
const minutes = (finished - started) / 60_000;
console.log(`\n  feed posted in ${((posted - started) / 1000).toFixed(1)} s (${batches.length} requests of up to ${CARS_A_REQUEST} cars); queue ${pending ? `NOT drained: ${pending} pending, ${stalled ? `no photo settled in the last ${options["stall-seconds"]} s (stalled after ${minutes.toFixed(1)} min)` : `at the ${options["timeout-minutes"]} min timeout`}` : `drained in ${minutes.toFixed(1)} min`}; load average now ${loadAfter}`);
console.log(`  photos ready ${ready}, failed ${failed.length}${failed.length ? ` (${[...new Set(failed.map((photo) => photo.reason))].join("; ")})` : ""}; origin served ${origin.counts().served} fetches, ${(origin.counts().bytes / 1024 / 1024).toFixed(0)} MB`);
console.log(
  `  throughput: ${(ready / minutes).toFixed(0)} photos a minute through the queue (settled photos over the time from the first feed request to the last photo settled)` +
    (WINDOW_MS ? `; ${(ready / (flowingMs / 60_000)).toFixed(0)} a minute of the windows the origin answered in (${((100 * flowingMs) / (finished - started)).toFixed(0)}% of the time)` : ""),
);

const { batch, concurrency } = consumerSettings();
const heapGrowth = (peak.heap - idle.heap) / 1024;
console.log(
  `  memory, peak while the queue worked over idle before it: mf-search's V8 heap +${(heapGrowth / 1024).toFixed(1)} MB (${mbOf(idle.heap / 1024)} -> ${mbOf(peak.heap / 1024)}), ` +
    `workerd RSS +${mbOf(peak.workerdKb - idle.workerdKb)}, Node RSS (wrangler, local Images binding) +${mbOf(peak.nodeKb - idle.nodeKb)}`,
);
// No API reads one photo's memory: by photo-consumer.ts and photo-check.ts, a photo at its peak holds the fetched bytes
// once (read into one buffer of the declared length, ADR 0116), the cleaned copy, and the Blob of it the dominant
// colour's binding call reads (each call copies what it is given).
const photoKb = origin.counts().bytes / Math.max(1, origin.counts().served) / 1024;
console.log(
  `  memory per photo (estimate from the code, not a reading): ${photoKb.toFixed(0)} KB fetched + the cleaned copy + a binding call's copy of it (each about as large) = ${((3 * photoKb) / 1024).toFixed(1)} MB; ` +
    `at the 25 MB limit about 75 MB. wrangler dev delivers one batch of ${batch} at a time, ${PHOTOS_AT_ONCE} of its photos at once (deployed: up to max_concurrency ${concurrency} batches), ` +
    `so the growth above is ${PHOTOS_AT_ONCE} photos in flight plus the pages' own caches and uncollected garbage: an upper bound`,
);

const probes = [["/search page (first view)", "search"], [`${carPath} (first view)`, "car"], ["search API (24 hits)", "api"]] as const;
/** p95 of `now` against p95 of `was`, a line a probe. */
function compare(title: string, [wasName, was]: [string, Probe], [nowName, now]: [string, Probe]): void {
  console.log(`\n  ${title} (goal within 1.5x; ${was.search.length} rounds ${wasName}, ${now.search.length} ${nowName}):`);
  for (const [label, key] of probes) {
    const [a, b] = [percentile(was[key], 95), percentile(now[key], 95)];
    console.log(`    ${label.padEnd(44)} ${wasName} ${fmt(a).padStart(7)}   ${nowName} ${fmt(b).padStart(7)}   ${(b / a).toFixed(2)}x   (p50 ${fmt(percentile(was[key], 50))} -> ${fmt(percentile(now[key], 50))})`);
  }
}
compare("p95 during ingestion vs before", ["before", before], ["during", during]);
// The fairer reading on a shared machine: held and answering windows alternate, so another load hits both alike.
if (WINDOW_MS) {
  compare(`p95 while the queue works vs while the origin holds, alternating ${WINDOW_MS / 1000} s windows`, ["held", held], ["during", during]);
  // What the slow rounds were: a page the gateway rendered (its kept answer was of an older stock version, or expired)
  // or one answered as kept that waited for the thread (behind the consumer's work).
  console.log("\n  pages rendered (not kept) in each kind of window, and the rounds over the held p95 while the queue works:");
  for (const [label, key] of probes) {
    if (key === "api") continue;
    const line = held[key].length ? percentile(held[key], 95) : 0;
    const slow = during[key].flatMap((ms, i) => (ms > line ? [during.rendered[key][i] as boolean] : []));
    const count = (flags: boolean[]) => flags.filter(Boolean).length;
    console.log(
      `    ${label.padEnd(44)} rendered ${count(during.rendered[key])} of ${during[key].length} during, ${count(held.rendered[key])} of ${held[key].length} held; ` +
        `over ${fmt(line)}: ${slow.length} during, ${count(slow)} of them rendered, ${slow.length - count(slow)} kept (waited)`,
    );
  }
}

/** CPU a second of each kind of process between two readings: where the platform's time went in each phase. */
const cpuRate = (from: typeof cpuAtStart, to: typeof cpuAtStart) =>
  new Map([...to.ms].map(([name, ms]) => [name, Math.max(0, ms - (from.ms.get(name) ?? 0)) / ((to.at - from.at) / 1000)]));
const [cpuBefore, cpuDuring] = [cpuRate(cpuAtStart, cpuAfterBefore), cpuRate(cpuAfterBefore, cpuAtEnd)];
const busiest = [...cpuDuring].sort((a, b) => b[1] - a[1]);
if (WINDOW_MS) {
  // Per photo: what the answering windows used over the held ones' rate, the rounds aside (fewer run while the queue works).
  const perSecond = (cpu: Map<string, number>, ms: number, name: string) => ((cpu.get(name) ?? 0) * 1000) / ms;
  console.log(`\n  CPU ms a second in the answering windows vs the held ones (${(during.search.length / (flowingMs / 1000)).toFixed(1)} vs ${(held.search.length / (heldMs / 1000)).toFixed(1)} rounds a second), and a photo's share:`);
  for (const [name] of busiest) {
    const [answering, idle] = [perSecond(windowCpu.answering, flowingMs, name), perSecond(windowCpu.held, heldMs, name)];
    console.log(`    ${name.padEnd(36)} ${answering.toFixed(0).padStart(5)} vs ${idle.toFixed(0).padStart(5)}   ${(((answering - idle) * (flowingMs / 1000)) / Math.max(1, ready)).toFixed(0).padStart(4)} ms a photo`);
  }
}
const total = (rates: Map<string, number>) => [...rates.values()].reduce((sum, ms) => sum + ms, 0);
console.log(`\n  CPU of the platform's processes, ms a second (1000 = one core), before -> during ingestion: all ${total(cpuBefore).toFixed(0)} -> ${total(cpuDuring).toFixed(0)}`);
for (const [name, ms] of busiest) console.log(`    ${name.padEnd(36)} ${(cpuBefore.get(name) ?? 0).toFixed(0).padStart(5)} -> ${ms.toFixed(0).padStart(5)}`);

for (let i = 0; i < CARS; i += 500) await postBatch({ upsert: [], delete: stocknums.slice(i, i + 500) });
inspector.close();
await origin.close();
