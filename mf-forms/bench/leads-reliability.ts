import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { PLATFORM_PORT } from "../../scripts/stack";

/**
 * npm run bench:leads [-- submissions concurrency] (platform running): submits valid leads at a given
 * concurrency, every other one sent a second time under the same Idempotency-Key (a retried submit), plus a
 * share of bad bodies; then counts what the dealer's lead API lists (D1 is not read behind the session's back). Prints submitted, accepted, refused by status, stored,
 * duplicates, delivered and dead-lettered (after a wait for the queue), and p50/p95 latency.
 */
const SITE = "coastal-caravans";
const TOTAL = Number(process.argv[2] ?? 2000);
const CONCURRENCY = Number(process.argv[3] ?? 50);
const RUN = randomUUID().slice(0, 8);

function post(body: string, key: string, client: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: PLATFORM_PORT,
        path: "/api/leads",
        method: "POST",
        headers: { host: `${SITE}.localhost:${PLATFORM_PORT}`, "content-type": "application/json", "idempotency-key": key, "cf-connecting-ip": `bench-${RUN}-${client}` },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

function lead(index: number): string {
  const bad = index % 10 === 9;
  return JSON.stringify({
    kind: "enquiry",
    form: "enquiry",
    values: { name: `Bench ${RUN}`, email: `bench-${RUN}-${index}@example.com`, phone: "0412 345 678", postcode: bad ? "12" : "4000", message: "bench", category: "Vehicle Enquiry", opt_in: true },
    userData: { url: "http://bench/", source: "Website", user_agent: "bench", lead_attributes: { visited_pages: [], linked_query_params: {} } },
  });
}

const jobs: { body: string; key: string; client: number }[] = [];
for (let index = 0; jobs.length < TOTAL; index += 1) {
  const job = { body: lead(index), key: `${RUN}-${index}`, client: index };
  jobs.push(job);
  if (index % 2 === 0 && jobs.length < TOTAL) jobs.push(job);
}
const results: { status: number; ms: number }[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as (typeof jobs)[number];
      results.push(await post(job.body, job.key, job.client));
    }
  }),
);

const byStatus = new Map<number, number>();
for (const { status } of results) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
const distinctValid = new Set(jobs.filter((job) => !job.body.includes('"postcode":"12"')).map((job) => job.key)).size;

type Listed = { delivery_status: string; values: { email?: string } };
function dealerLeads(): Promise<Listed[]> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: PLATFORM_PORT, path: "/api/leads?limit=10000", headers: { host: `${SITE}.localhost:${PLATFORM_PORT}`, authorization: `Bearer write-${SITE}` } },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        res.on("end", () => resolve(((JSON.parse(text) as { leads: Listed[] }).leads ?? []).filter((l) => l.values.email?.startsWith(`bench-${RUN}-`))));
      },
    );
    req.on("error", reject);
    req.end();
  });
}
// The queue delivers in the background: wait until nothing of this run is pending (or two minutes).
let mine = await dealerLeads();
for (let waited = 0; waited < 120 && mine.some((l) => l.delivery_status === "pending"); waited += 5) {
  await new Promise((r) => setTimeout(r, 5000));
  mine = await dealerLeads();
}
const count = (status?: string) => mine.filter((l) => !status || l.delivery_status === status).length;
const stored = count();
const duplicates = stored - new Set(mine.map((l) => l.values.email)).size;

console.log(`submitted ${results.length} (${distinctValid} distinct valid leads, every other one sent twice), concurrency ${CONCURRENCY}`);
console.log(`answers: ${[...byStatus].map(([status, n]) => `${status}: ${n}`).join(", ")}`);
console.log(`stored ${stored} (expected ${distinctValid}), duplicates ${duplicates}, lost ${Math.max(0, distinctValid - stored)}`);
console.log(`delivered ${count("delivered")}, pending ${count("pending")}, dead-lettered ${count("failed")}`);
console.log(`latency p50 ${pct(50)} ms, p95 ${pct(95)} ms`);
