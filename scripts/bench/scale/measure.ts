import type { Car, CarInput } from "@dealer/shared/contract";
import { demoWriteKey } from "../../../db/demo/generate";
import { getStockVehicles, postStockBatch } from "../../../db/import/stock-client";
import { MAX_BATCH_SIZE } from "../../../mf-search/src/stock/validate-batch";
import type { Session } from "../../stack";
import { firstView, timePage } from "../page-timing";
import { type SearchQuery, searchSite } from "../search-api";
import { sessionCpuMs, sessionMemory } from "../session-usage";
import { type Summary, summarize } from "../stats";
import type { HeapUsage, IsolateInspector } from "../workerd-inspector";

/**
 * The figures of issue 20, each taken through the platform's HTTP surface only (search API, stock API, pages), so
 * the same bench measures the search core before and after its rewrite.
 */

/** A site the bench measures or writes to: its slug and its dealerships (write key and stock numbers). */
export type BenchSite = { slug: string; vehicles: number; dealerships: { slug: string; stockPrefix: string; vehicles: number }[] };

const INDEX = "Car_production";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hostOf = (port: number, site: string) => `${site}.localhost:${port}`;
const baseUrl = (port: number) => `http://127.0.0.1:${port}`;

const params = (values: Record<string, string>) => new URLSearchParams(values).toString();
/** What shoppers send: the search page's first view with its facets, a make, a price band, words, a sort. */
const SHOPPER_QUERIES: SearchQuery[] = [
  { indexName: INDEX, params: params({ hitsPerPage: "21", facets: "make,body,car_type,year,price,km", filters: "status:in_stock" }) },
  { indexName: INDEX, params: params({ hitsPerPage: "21", facets: "make,model", facetFilters: '[["make:Toyota","make:Ford"]]' }) },
  { indexName: INDEX, params: params({ hitsPerPage: "21", numericFilters: "price>=15000,price<=40000", filters: "status:in_stock" }) },
  { indexName: INDEX, params: params({ hitsPerPage: "21", query: "white suv" }) },
  { indexName: `${INDEX}:price:asc`, params: params({ hitsPerPage: "21", filters: "status:in_stock" }) },
];
export const shopperQuery = (i: number): SearchQuery[] => [SHOPPER_QUERIES[i % SHOPPER_QUERIES.length]!];

/** One search that must answer 200: a failing search is a finding, not a timing. */
export async function search(port: number, site: string, queries: SearchQuery[]): Promise<{ ms: number; hits: Record<string, unknown>[] }> {
  const answer = await searchSite(port, site, queries);
  if (answer.status !== 200) throw new Error(`search on ${site} answered ${answer.status}`);
  return { ms: answer.ms, hits: answer.results[0]?.hits ?? [] };
}

/** Warm search: every query kind once (untimed), then `runs` searches. */
export async function warmSearch(port: number, site: string, runs: number): Promise<Summary> {
  for (let i = 0; i < SHOPPER_QUERIES.length; i++) await search(port, site, shopperQuery(i));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await search(port, site, shopperQuery(i))).ms);
  return summarize(times);
}

/** Heap and memory over a phase: the largest mf-search heap (garbage included) and platform RSS seen, sampled twice a second. */
export function startSampler(session: () => Pick<Session, "pid">, inspector: () => IsolateInspector) {
  const peak = { heapBytes: 0, rssKb: 0 };
  let running = true;
  const done = (async () => {
    while (running) {
      try {
        const heap = await inspector().heapUsage();
        peak.heapBytes = Math.max(peak.heapBytes, heap.usedSize);
      } catch {
        // no answer this time (the isolate's connection is being made again): the next sample counts
      }
      try {
        peak.rssKb = Math.max(peak.rssKb, sessionMemory(session()).rssKb);
      } catch {
        // the platform is being restarted
      }
      await sleep(500);
    }
  })();
  return {
    peak,
    stop: async () => {
      running = false;
      await done;
      return peak;
    },
  };
}

export type MemoryFigures = { heapLive: HeapUsage; rssKb: number; pssKb: number };

/** mf-search's live heap after a full collection, and the RSS and PSS of every process the platform started. */
export async function memoryNow(port: number, session: Pick<Session, "pid">, inspector: IsolateInspector, pokeSite: string): Promise<MemoryFigures> {
  const heapLive = await inspector.liveHeapAfterGc(() => searchSite(port, pokeSite, []));
  const { rssKb, pssKb } = sessionMemory(session);
  return { heapLive, rssKb, pssKb };
}

/** A vehicle shoppers can see (in stock, shown, priced) from the site's first dealership, as the stock API stores it. */
async function visibleVehicle(port: number, site: BenchSite): Promise<{ car: Car; key: string }> {
  const dealership = site.dealerships[0]!;
  const key = demoWriteKey(dealership.slug);
  for (let index = 0; index < Math.min(dealership.vehicles, 200); index++) {
    const stocknum = `${dealership.stockPrefix}${10001 + index}`;
    const { status, body } = await getStockVehicles(baseUrl(port), hostOf(port, site.slug), key, stocknum);
    const car = status === 200 ? (body as { vehicles: Car[] }).vehicles[0] : undefined;
    if (car && car.status === "in_stock" && car.show_on_dealer_website && typeof car.price === "number") return { car, key };
  }
  throw new Error(`no visible priced vehicle among the first cars of ${dealership.slug}`);
}

async function postBatch(port: number, site: string, key: string, upsert: CarInput[]): Promise<number> {
  const started = performance.now();
  const { status, body } = await postStockBatch(baseUrl(port), hostOf(port, site), key, { upsert });
  if (status !== 200) throw new Error(`stock batch for ${site} answered ${status}: ${JSON.stringify(body).slice(0, 500)}`);
  return performance.now() - started;
}

export type ChangeRun = { acceptedMs: number; visibleMs: number; polls: number; cpuMs: number };
export type ChangeFigures = { runs: ChangeRun[]; visible: Summary; accepted: Summary; cpu: Summary; cpuPerPollMs: number };

const POLL_PAUSE_MS = 20;
const VISIBLE_TIMEOUT_MS = 180_000;

/**
 * Change to visible: one vehicle's price changed through the stock API, then the search API polled (a search for
 * its stock number every 20 ms) until the hit shows the new price. The change's CPU is the CPU every process of the
 * platform used from the POST until then, less the polls' own (measured first, on unchanged stock).
 */
export async function changeToVisible(port: number, session: Pick<Session, "pid">, site: BenchSite, runs: number): Promise<ChangeFigures> {
  const { car, key } = await visibleVehicle(port, site);
  const query: SearchQuery[] = [{ indexName: INDEX, params: params({ hitsPerPage: "1", filters: `stocknum:"${car.stocknum}"` }) }];
  const priceShown = async () => (await search(port, site.slug, query)).hits[0]?.price;
  for (let i = 0; i < 3; i++) await priceShown();
  const baselinePolls = 20;
  const cpuBefore = sessionCpuMs(session);
  for (let i = 0; i < baselinePolls; i++) {
    await priceShown();
    await sleep(POLL_PAUSE_MS);
  }
  const cpuPerPollMs = (sessionCpuMs(session) - cpuBefore) / baselinePolls;
  const results: ChangeRun[] = [];
  for (let run = 0; run < runs; run++) {
    // Each run's price differs from the stored one and from every earlier run's.
    const price = (car.price ?? 0) + run + 1;
    const cpu0 = sessionCpuMs(session);
    const started = performance.now();
    const acceptedMs = await postBatch(port, site.slug, key, [{ ...car, price }]);
    let polls = 0;
    while ((await priceShown()) !== price) {
      polls++;
      if (performance.now() - started > VISIBLE_TIMEOUT_MS) throw new Error(`${car.stocknum} on ${site.slug} not visible after ${VISIBLE_TIMEOUT_MS / 1000} s`);
      await sleep(POLL_PAUSE_MS);
    }
    const visibleMs = performance.now() - started;
    const cpuMs = Math.max(0, sessionCpuMs(session) - cpu0 - (polls + 1) * cpuPerPollMs);
    results.push({ acceptedMs, visibleMs, polls: polls + 1, cpuMs });
    // Past the engine's version-check interval, so runs do not overlap.
    await sleep(1500);
  }
  return {
    runs: results,
    visible: summarize(results.map((r) => r.visibleMs)),
    accepted: summarize(results.map((r) => r.acceptedMs)),
    cpu: summarize(results.map((r) => r.cpuMs)),
    cpuPerPollMs,
  };
}

export type StreamTarget = { site: string; key: string; cars: Car[] };
const STREAM_BATCH = 100;
/** Every stream batch changes its cars' prices to a value no earlier batch used. */
let streamTick = 0;

/** A dealership's first priced cars, re-sent by a stream of stock batches. */
export async function streamTarget(port: number, site: BenchSite): Promise<StreamTarget> {
  const dealership = site.dealerships.at(-1)!;
  const key = demoWriteKey(dealership.slug);
  const { status, body } = await getStockVehicles(baseUrl(port), hostOf(port, site.slug), key);
  if (status !== 200) throw new Error(`stock of ${dealership.slug} answered ${status}`);
  const cars = (body as { vehicles: Car[] }).vehicles.filter((car) => typeof car.price === "number").slice(0, STREAM_BATCH);
  return { site: site.slug, key, cars };
}

export type StreamFigures = { search: Summary; batch: Summary; batches: number; failedSearches: number; failedBatches: number; firstFailure?: string };

/**
 * Searches on `site` every 100 ms for `seconds` while a batch of 100 changed cars arrives every second, taking
 * turns over `targets` (other sites, or the searched site itself). A failed search or batch is counted, not fatal:
 * failing under load is the finding.
 */
export async function searchDuringStream(port: number, site: string, targets: StreamTarget[], seconds: number): Promise<StreamFigures> {
  const until = performance.now() + seconds * 1000;
  const batchTimes: number[] = [];
  const searchTimes: number[] = [];
  const failures = { searches: 0, batches: 0, first: undefined as string | undefined };
  const failed = (error: unknown) => {
    failures.first ??= error instanceof Error ? error.message : String(error);
  };
  const stream = (async () => {
    for (let i = 0; performance.now() < until; i++) {
      const started = performance.now();
      const target = targets[i % targets.length]!;
      streamTick++;
      const cars = target.cars.map((car) => ({ ...car, price: (car.price ?? 0) + streamTick * 10 }));
      await postBatch(port, target.site, target.key, cars).then(
        (ms) => batchTimes.push(ms),
        (error) => {
          failures.batches++;
          failed(error);
        },
      );
      await sleep(Math.max(0, 1000 - (performance.now() - started)));
    }
  })();
  for (let i = 0; performance.now() < until; i++) {
    const started = performance.now();
    await search(port, site, shopperQuery(i)).then(
      ({ ms }) => searchTimes.push(ms),
      (error) => {
        failures.searches++;
        failed(error);
      },
    );
    await sleep(Math.max(0, 100 - (performance.now() - started)));
  }
  await stream;
  return {
    search: summarize(searchTimes),
    batch: summarize(batchTimes),
    batches: batchTimes.length,
    failedSearches: failures.searches,
    failedBatches: failures.batches,
    firstFailure: failures.first,
  };
}

export type PageFigures = Record<string, { path: string; repeat: Summary; first: Summary }>;

/**
 * Server time of the pages whose work grows with stock: /search, home, a car's page, the sitemap (and its first
 * file when it is an index). The repeat view asks the same address again; the first view an address never asked
 * before, so no slot the gateway keeps fits it.
 */
export async function pageTimes(port: number, site: string, runs: number): Promise<PageFigures> {
  const host = hostOf(port, site);
  const searchHtml = (await timePage(port, host, "/search")).html;
  const carPath = /href="(\/cars\/[a-z0-9-]+)"/.exec(searchHtml)?.[1];
  if (!carPath) throw new Error(`no car link on ${site}'s /search`);
  const sitemap = (await timePage(port, host, "/sitemap.xml")).html;
  const sitemapFile = sitemap.includes("<sitemapindex") ? /<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/.exec(sitemap)?.[1] : undefined;
  const routes: Record<string, string> = { "/search": "/search", home: "/", "/cars/{slug}": carPath, "/sitemap.xml": "/sitemap.xml" };
  if (sitemapFile) routes["sitemap file"] = sitemapFile;
  const figures: PageFigures = {};
  for (const [label, path] of Object.entries(routes)) {
    await timePage(port, host, path);
    const repeat: number[] = [];
    const first: number[] = [];
    for (let i = 0; i < runs; i++) {
      repeat.push((await timePage(port, host, path)).full);
      first.push((await timePage(port, host, firstView(path, i))).full);
    }
    figures[label] = { path, repeat: summarize(repeat), first: summarize(first) };
  }
  return figures;
}

export type CatchUpFigures = { vehicles: number; batches: number; importSeconds: number; catchUpMs: number; polls: number };

const CATCH_UP_POLL_MS = 100;
let feedTick = 0;

/**
 * A bulk import's catch-up (issue 32): `feed` sent as stock batches of 500, one after another as an import does,
 * every car tagged with a mark no earlier feed used; then the search API asked every 100 ms how many cars carry the
 * mark until it counts the whole feed. The figure is the time from the last batch's 200 to that answer. The site is
 * searched once before the feed (its index held, as on a live site) and not during it, so the answer waits for
 * whatever the index must do with 10,000 changes at once. The feed's cars are deleted afterwards, so the site's stock
 * is as before.
 */
export async function bulkFeedCatchUp(port: number, site: string, key: string, feed: CarInput[]): Promise<CatchUpFigures> {
  const mark = `bulk-feed-${Date.now()}-${++feedTick}`;
  const query: SearchQuery[] = [{ indexName: INDEX, params: params({ hitsPerPage: "0", filters: `tag:"${mark}"` }) }];
  // The site's index is held before the feed, as on a site shoppers search; nothing asks during the feed.
  if ((await searchSite(port, site, query)).status !== 200) throw new Error(`search on ${site} failed before the feed`);
  const started = performance.now();
  let batches = 0;
  for (let i = 0; i < feed.length; i += MAX_BATCH_SIZE, batches++) {
    await postBatch(port, site, key, feed.slice(i, i + MAX_BATCH_SIZE).map((car) => ({ ...car, tag: mark })));
  }
  const acknowledged = performance.now();
  let polls = 0;
  for (;;) {
    polls++;
    const answer = await searchSite(port, site, query);
    if (answer.status === 200 && answer.results[0]?.nbHits === feed.length) break;
    if (performance.now() - acknowledged > VISIBLE_TIMEOUT_MS) throw new Error(`the feed of ${feed.length} cars on ${site} not searchable in full after ${VISIBLE_TIMEOUT_MS / 1000} s`);
    await sleep(CATCH_UP_POLL_MS);
  }
  const catchUpMs = performance.now() - acknowledged;
  const stocknums = feed.map((car) => car.stocknum);
  for (let i = 0; i < stocknums.length; i += MAX_BATCH_SIZE) {
    const { status } = await postStockBatch(baseUrl(port), hostOf(port, site), key, { upsert: [], delete: stocknums.slice(i, i + MAX_BATCH_SIZE) });
    if (status !== 200) throw new Error(`deleting the feed's cars on ${site} answered ${status}`);
  }
  return { vehicles: feed.length, batches, importSeconds: (acknowledged - started) / 1000, catchUpMs, polls };
}
