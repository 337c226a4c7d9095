import { parseArgs } from "node:util";
import { demoWriteKey, generateDemoData } from "../../db/demo/generate";
import { localToday } from "../../db/demo/today";
import { splitIntoBatches } from "../../db/import/batches";
import { postStockBatch } from "../../db/import/stock-client";
import { requestOnHost } from "../host-request";
import { PLATFORM_PORT, recordedSessions } from "../stack";
import { sessionMemory, sessionRssByProcess } from "./session-usage";
import { percentile } from "./stats";

/**
 * npm run bench:mixed-load [-- --minutes 6 --shoppers 2 --parts browse,fuzz,leads,feed] (platform running under npm start): issue 35's memory figure. A scaled
 * stand-in for an hour of mixed load, run for --minutes (6 by default; pass 60 for the full hour): shoppers browsing
 * pages on every demo site (repeat and first views of addresses) and car pages, fuzzed API calls (malformed bodies and
 * queries, which must be 4xx), lead bursts (20 at once every 15 s) and one site's whole feed imported again through
 * the stock API at the start and the middle. The work runs on a fixed schedule (SCHEDULE a minute), so a short run
 * and the hour do the same work per minute whatever else the shared machine is doing (ADR 0121); it says when it falls
 * behind. It samples the RSS of every process of the platform's sessions every 5 s and prints the peak and the end
 * against the 1.5 GiB goal. Asserts nothing; the leads land in the local state.
 */
const { values: options } = parseArgs({
  options: { minutes: { type: "string", default: "6" }, shoppers: { type: "string", default: "2" }, parts: { type: "string", default: "browse,fuzz,leads,feed" } },
});
const MINUTES = Number(options.minutes);
/** Which parts of the load run (--parts browse,feed …): which of them the platform's memory grows with. */
const PARTS = new Set(options.parts.split(","));
/** Pages in flight at most, beside one car page (4 at once brought wrangler dev down on a loaded 2-core machine). */
const SHOPPERS = Number(options.shoppers);
/**
 * The work of each minute, whatever the machine's load: a loaded machine that served fewer pages grew less and
 * flattered the figure (ADR 0121). About a third of what two shoppers served back to back at load 10-17 (ADR 0117),
 * so it holds under load; a request that starts more than LATE_MS after its turn is printed.
 */
const SCHEDULE = { pages: 300, carPages: 100, fuzz: 240, leadBursts: 4 } as const;
const LEADS_A_BURST = 20;
const LATE_MS = 5_000;
const GOAL_MB = 1.5 * 1024;
const SITES = ["harbour-city-motors", "summit-auto-group", "metro-certified", "ridge-motorcycles", "outback-trucks", "coastal-caravans"];
const PAGES = ["/", "/search", "/search?sort=price-asc", "/finance", "/dealer-locator", "/contact", "/compare", "/trade-in", "/service"];
const RUN = Date.now().toString(36);

if (!recordedSessions().length) {
  console.error("The platform is not running: npm start first (in another terminal), then npm run bench:mixed-load.");
  process.exit(2);
}

type Answer = { status: number; body: string };
async function call(site: string, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const host = `${site}.localhost:${PLATFORM_PORT}`;
  // A request the loaded platform never answers (or cuts short) counts as failed rather than holding the run open.
  const answer = await requestOnHost(`http://127.0.0.1:${PLATFORM_PORT}`, path, { method, host, headers: { origin: `http://${host}`, ...headers }, body, timeoutMs: 60_000 }).catch(() => null);
  return answer ? { status: answer.status, body: answer.body.toString("utf8") } : { status: 0, body: "" };
}

const counts = { pages: 0, carPages: 0, fuzz: 0, fuzz5xx: 0, leads: 0, leadsAccepted: 0, feedRecords: 0, feedFailures: 0, errors: 0 };
/** What a fuzzed call answered with a 5xx, and how the leads not accepted were answered: a 5xx names its cause. */
const fuzz5xx = new Set<string>();
const leadRefusals = new Map<number, number>();
const feedRefusals = new Set<string>();
const startedAt = Date.now();
const endsAt = startedAt + MINUTES * 60_000;
const running = () => Date.now() < endsAt;
const pick = <T>(list: T[], i: number): T => list[i % list.length] as T;

/** A page on one site after another; one view in four of an address never asked for before, as a crawler or a shared link brings. */
async function browsePage(i: number): Promise<void> {
  const site = pick(SITES, i);
  const path = i % 4 === 0 ? `${pick(PAGES, i)}${pick(PAGES, i).includes("?") ? "&" : "?"}mixed=${RUN}-${i}` : pick(PAGES, i);
  const page = await call(site, "GET", path);
  counts.pages++;
  if (page.status >= 500 || page.status === 0) counts.errors++;
  for (const car of page.body.matchAll(/href="(\/cars\/[a-z0-9-]+)"/g)) carsBySite.get(site)?.add(car[1] as string);
}

/** A car page the pages linked to, on one site after another. */
async function browseCar(i: number): Promise<void> {
  const site = pick(SITES, i);
  const cars = [...(carsBySite.get(site) ?? [])];
  // Before a page of this site has named a car, its search page does.
  const car = cars.length ? pick(cars, i) : /href="(\/cars\/[a-z0-9-]+)"/.exec((await call(site, "GET", "/search")).body)?.[1];
  if (!car) return;
  const answer = await call(site, "GET", car);
  counts.carPages++;
  if (answer.status >= 500 || answer.status === 0) counts.errors++;
}
const carsBySite = new Map(SITES.map((site) => [site, new Set<string>()]));

const FUZZ_BODIES = ["", "{", "null", "[]", '{"kind":1}', '{"kind":"enquiry","values":{"email":"x"}}', JSON.stringify({ kind: "enquiry", values: { name: "x".repeat(20_000) } })];
const FUZZ_GETS = ["/api/search?page=-1", "/api/search?hitsPerPage=99999", "/cars/%00", "/search?range%5Bprice%5D=a:b", "/api/locations?lat=x", "/finance?price=-5"];

/** Malformed input, which every API must answer with a 4xx, never a 5xx. */
async function fuzz(i: number): Promise<void> {
  const site = pick(SITES, i);
  const answer = i % 2 ? await call(site, "POST", "/api/leads", pick(FUZZ_BODIES, i), { "content-type": "application/json" }) : await call(site, "GET", pick(FUZZ_GETS, i));
  counts.fuzz++;
  if (answer.status >= 500) {
    counts.fuzz5xx++;
    fuzz5xx.add(`${answer.status} ${i % 2 ? `POST /api/leads ${pick(FUZZ_BODIES, i).slice(0, 40)}` : `GET ${pick(FUZZ_GETS, i)}`}`);
  }
}

/** 20 valid leads at once, on one site after another. */
async function leadBurst(burst: number): Promise<void> {
  const site = pick(SITES, burst);
  const answers = await Promise.all(
    Array.from({ length: LEADS_A_BURST }, (_, i) =>
      call(
        site,
        "POST",
        "/api/leads",
        JSON.stringify({
          kind: "enquiry",
          form: "enquiry",
          values: { name: `Mixed ${RUN}`, email: `mixed-${RUN}-${burst}-${i}@example.com`, phone: "0412 345 678", postcode: "4000", message: "mixed load", category: "Vehicle Enquiry", opt_in: true, terms_conditions: true },
          userData: { url: "http://bench/", source: "Website", user_agent: "bench", lead_attributes: { visited_pages: [], linked_query_params: {} } },
        }),
        { "content-type": "application/json", "idempotency-key": `mixed-${RUN}-${burst}-${i}`, "cf-connecting-ip": `mixed-${RUN}-${burst}-${i}` },
      ),
    ),
  );
  counts.leads += answers.length;
  counts.leadsAccepted += answers.filter((answer) => answer.status < 300).length;
  for (const { status } of answers) if (status >= 300) leadRefusals.set(status, (leadRefusals.get(status) ?? 0) + 1);
}

/** How far behind its schedule each kind of work started: the late starts, the worst, and when it was last printed. */
const behind = new Map<string, { late: number; worstMs: number; printedAt: number }>();

/**
 * `job(0)`, `job(1)` … each at its turn (perMinute a minute from the start, until the end), at most `lanes` at once. A
 * job that cannot start within LATE_MS of its turn (the ones before it still running) is counted and, at most once a
 * minute for each kind, printed as it happens.
 */
async function onSchedule(kind: string, perMinute: number, lanes: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let i = next++; startedAt + (i * 60_000) / perMinute < endsAt; i = next++) {
      const lateMs = Date.now() - (startedAt + (i * 60_000) / perMinute);
      if (lateMs < 0) await new Promise((resolve) => setTimeout(resolve, -lateMs));
      else if (lateMs > LATE_MS) {
        const record = behind.get(kind) ?? { late: 0, worstMs: 0, printedAt: 0 };
        behind.set(kind, record);
        record.late++;
        record.worstMs = Math.max(record.worstMs, lateMs);
        if (Date.now() - record.printedAt > 60_000) {
          console.log(`  behind schedule at ${((Date.now() - startedAt) / 60_000).toFixed(1)} min: ${kind} started ${(lateMs / 1000).toFixed(1)} s late`);
          record.printedAt = Date.now();
        }
      }
      await job(i);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/** A dealer feed: the whole of one demo site's stock sent again through the stock API. */
async function feedImport(site: string): Promise<void> {
  const { vehicles } = generateDemoData({ today: localToday() });
  const records = vehicles.filter((vehicle) => vehicle.site === site) as Record<string, unknown>[];
  for (const batch of splitIntoBatches(records)) {
    // A connection the loaded platform drops mid-upload is a refused batch to count, not the end of the run.
    const answer = await postStockBatch(`http://127.0.0.1:${PLATFORM_PORT}`, `${site}.localhost:${PLATFORM_PORT}`, demoWriteKey(batch.dealershipSlug), { upsert: batch.upsert }).catch(
      (error: Error) => ({ status: 0, body: error.message }),
    );
    counts.feedRecords += batch.upsert.length;
    if (answer.status >= 300 || answer.status === 0) {
      counts.feedFailures++;
      feedRefusals.add(answer.status ? `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}` : String(answer.body));
    }
  }
}

function platformRssMb(): { mb: number; processes: number } {
  let kb = 0;
  let processes = 0;
  for (const session of recordedSessions()) {
    const memory = sessionMemory(session);
    kb += memory.rssKb;
    processes += memory.processes;
  }
  return { mb: kb / 1024, processes };
}

const start = platformRssMb();
console.log(
  `Mixed load for ${MINUTES} min (${MINUTES >= 60 ? "the hour" : "scaled from an hour"}; ${[...PARTS].join(", ")}), ${SITES.length} sites; platform RSS at the start ${start.mb.toFixed(0)} MB in ${start.processes} processes`,
);
console.log(
  `  a minute: ${SCHEDULE.pages} pages and ${SCHEDULE.carPages} car pages (${SHOPPERS} and 1 at once at most), ${SCHEDULE.fuzz} fuzzed calls, ${SCHEDULE.leadBursts * LEADS_A_BURST} leads (${LEADS_A_BURST} at once every ${60 / SCHEDULE.leadBursts} s); the feed at the start and half-way`,
);
const samples: number[] = [];
const halfWay = Date.now() + (MINUTES * 60_000) / 2;
/** A long run prints the platform's RSS as it goes (each 5 minutes; each minute in a short one): how it grew, not only where it ended. */
const PROGRESS_EVERY = MINUTES >= 20 ? 60 : 12;
const sampler = setInterval(() => {
  samples.push(platformRssMb().mb);
  if (samples.length % PROGRESS_EVERY === 0) console.log(`  at ${((samples.length * 5) / 60).toFixed(0)} min: ${samples.at(-1)?.toFixed(0)} MB`);
}, 5_000);
const load = Promise.all([
  PARTS.has("browse") && onSchedule("pages", SCHEDULE.pages, SHOPPERS, browsePage),
  PARTS.has("browse") && onSchedule("car pages", SCHEDULE.carPages, 1, browseCar),
  PARTS.has("fuzz") && onSchedule("fuzzed calls", SCHEDULE.fuzz, 1, fuzz),
  PARTS.has("leads") && onSchedule("lead bursts", SCHEDULE.leadBursts, 1, leadBurst),
  // The second import starts half-way through the run, or at once if the first one took longer than that.
  PARTS.has("feed") &&
    feedImport("coastal-caravans")
      .then(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, halfWay - Date.now()))))
      .then(() => (running() ? feedImport("coastal-caravans") : undefined)),
]);
// Work still in flight 90 s after the end (a slow feed batch on a loaded machine) is not waited for.
await Promise.race([load, new Promise((resolve) => setTimeout(resolve, MINUTES * 60_000 + 90_000))]);
clearInterval(sampler);
const end = platformRssMb();
samples.push(end.mb);
console.log(
  `  load: ${counts.pages} pages and ${counts.carPages} car pages (${counts.errors} failed), ${counts.fuzz} fuzzed calls (${counts.fuzz5xx} answered 5xx), ` +
    `${counts.leadsAccepted} of ${counts.leads} leads accepted, ${counts.feedRecords} feed records (${counts.feedFailures} batches refused)`,
);
console.log(
  behind.size
    ? `  fell behind its schedule: ${[...behind].map(([kind, { late, worstMs }]) => `${late} ${kind} started over ${LATE_MS / 1000} s late (worst ${(worstMs / 1000).toFixed(1)} s)`).join(", ")}`
    : `  kept its schedule: no request started over ${LATE_MS / 1000} s after its turn`,
);
if (feedRefusals.size) console.log(`  feed batches refused: ${[...feedRefusals].join("; ")}`);
if (fuzz5xx.size) console.log(`  fuzzed calls answered 5xx: ${[...fuzz5xx].join("; ")}`);
if (leadRefusals.size) console.log(`  leads not accepted, by status: ${[...leadRefusals].map(([status, n]) => `${status} x${n}`).join(", ")}`);
console.log(
  `  whole-platform RSS: peak ${Math.max(...samples).toFixed(0)} MB, p50 ${percentile(samples, 50).toFixed(0)} MB, at the end ${end.mb.toFixed(0)} MB in ${end.processes} processes (goal <= ${GOAL_MB} MB, 1.5 GiB)`,
);
// Samples are 5 s apart: the one a minute before the end tells whether the platform still grows.
const minuteBefore = samples[Math.max(0, samples.length - 13)] ?? start.mb;
console.log(`  in the last minute: ${end.mb - minuteBefore >= 0 ? "+" : ""}${(end.mb - minuteBefore).toFixed(0)} MB`);
for (const session of recordedSessions()) {
  const rows = sessionRssByProcess(session).map(({ kind, mb }) => `${kind} ${mb.toFixed(0)}`);
  console.log(`  ${session.label} at the end (MB): ${rows.join(", ")}`);
}
process.exit(0);
