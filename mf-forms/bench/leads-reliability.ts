import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, request } from "node:http";
import { parseArgs } from "node:util";
import { DEV_FAULT_HEADER } from "../../shared/src/fragment/dev-faults";
import { PLATFORM_PORT } from "../../scripts/stack";

/**
 * npm run bench:leads [-- submissions concurrency] [--store-fail PERCENT] [--steady-webhook] (platform running, ADR 0024):
 * submits leads at a given concurrency with real faults injected, then counts what the dealer's lead API
 * lists and what a CRM webhook received. The faults:
 * - the lead store fails a share of writes (the dev-only `x-dev-fault: mf-forms=store-fail:N` switch, half
 *   before the write and half after it, so the answer is lost although the lead is stored);
 * - the dealership's CRM webhook (a receiver this script runs on 127.0.0.1) cycles through up, down (not
 *   listening), answering 500 and answering slowly while the leads are sent, then stays up.
 * The traffic: every other lead sent twice at once under the same Idempotency-Key (a double submit), one in ten
 * invalid, one in fifty from a single flooding client (the rate limit), and a 503 retried with the same key up
 * to 3 times as the form lets a shopper do. While the queue drains, the script runs the cron's sweep for the site
 * (POST /api/leads/sweep; wrangler dev fires no crons), which queues leads stored whose answer was lost. Prints submitted, accepted, refused by reason, stored, delivered,
 * dead-lettered, duplicates, lost and p50/p95 latency; exits 1 when a lead is lost, stored twice, refused
 * without a clear message or never delivered.
 */
const { values: options, positionals } = parseArgs({ allowPositionals: true, options: { "store-fail": { type: "string", default: "10" }, "steady-webhook": { type: "boolean", default: false } } });
const SITE = "coastal-caravans";
const DEALER_KEY = `write-${SITE}`;
const TOTAL = Number(positionals[0] ?? 2000);
const CONCURRENCY = Number(positionals[1] ?? 50);
const STORE_FAIL_PERCENT = Number(options["store-fail"]);
const RETRIES_AFTER_503 = 3;
const RUN = randomUUID().slice(0, 8);
const SECRET = `bench-secret-${RUN}`;
const HOST = `${SITE}.localhost:${PLATFORM_PORT}`;

type Answer = { status: number; ms: number; body: { lead_id?: number; message?: string } };

function call(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    // The site's own Origin, as its form sends it: the gateway refuses a browser API call without one (ADR 0057).
    const req = request({ host: "127.0.0.1", port: PLATFORM_PORT, path, method, headers: { host: HOST, origin: `http://${HOST}`, ...headers } }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      res.on("end", () => {
        let parsed: Answer["body"] = {};
        try {
          parsed = JSON.parse(text) as Answer["body"];
        } catch {
          parsed = {};
        }
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: parsed });
      });
    });
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started, body: {} }));
    req.end(body);
  });
}
const dealerCall = (method: string, path: string, body?: unknown) =>
  call(method, path, { authorization: `Bearer ${DEALER_KEY}`, ...(body ? { "content-type": "application/json" } : {}) }, body ? JSON.stringify(body) : undefined);

// --- The CRM webhook: a local receiver whose state follows a 40 s cycle while leads are being sent. ---
type WebhookState = "up" | "down" | "500" | "slow";
const CYCLE: [until: number, state: WebhookState][] = [
  [10, "up"],
  [18, "down"],
  [26, "500"],
  [34, "slow"],
  [40, "up"],
];
const SLOW_MS = 1500;
const received = new Map<number, number>();
let badSignatures = 0;
let webhookState: WebhookState = "up";
const webhookSeconds: Record<WebhookState, number> = { up: 0, down: 0, "500": 0, slow: 0 };

function signatureOk(req: IncomingMessage, body: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", SECRET).update(`${req.headers["x-lead-timestamp"]}.${body}`).digest("hex")}`);
  const sent = Buffer.from(String(req.headers["x-lead-signature"] ?? ""));
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => {
    body += chunk.toString("utf8");
  });
  req.on("end", () => {
    if (webhookState === "500") {
      res.writeHead(500).end("CRM unavailable");
      return;
    }
    const answer = () => {
      if (!signatureOk(req, body)) badSignatures += 1;
      const leadId = Number(req.headers["x-lead-id"]);
      received.set(leadId, (received.get(leadId) ?? 0) + 1);
      res.writeHead(200).end("ok");
    };
    if (webhookState === "slow") setTimeout(answer, SLOW_MS);
    else answer();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverPort = (receiver.address() as { port: number }).port;
function setWebhookState(state: WebhookState): void {
  if (state === webhookState) return;
  // Down is really down: nothing listens on the port and open connections are cut.
  if (state === "down") {
    receiver.close();
    receiver.closeAllConnections();
  } else if (webhookState === "down") receiver.listen(receiverPort, "127.0.0.1");
  webhookState = state;
}
const sendingStarted = performance.now();
const cycleTimer = setInterval(() => {
  const second = ((performance.now() - sendingStarted) / 1000) % 40;
  if (!options["steady-webhook"]) setWebhookState(CYCLE.find(([until]) => second < until)?.[1] ?? "up");
  webhookSeconds[webhookState] += 1;
}, 1000);

const added = await dealerCall("POST", "/api/leads/destinations", { kind: "webhook", url: `http://127.0.0.1:${receiverPort}/crm`, format: "json", secret: SECRET });
if (added.status !== 201 || !added.body) throw new Error(`could not add the bench webhook: HTTP ${added.status} (is the platform running on ${PLATFORM_PORT}?)`);
const destinationId = (added.body as { id: number }).id;

// --- The leads. ---
type Job = { index: number; key: string; body: string; client: string; valid: boolean };
function lead(index: number): Job {
  const valid = index % 10 !== 9;
  const body = JSON.stringify({
    kind: "enquiry",
    form: "enquiry",
    values: { name: `Bench ${RUN}`, email: `bench-${RUN}-${index}@example.com`, phone: "0412 345 678", postcode: valid ? "4000" : "12", message: "bench", category: "Vehicle Enquiry", opt_in: true },
    userData: { url: "http://bench/", source: "Website", user_agent: "bench", lead_attributes: { visited_pages: [], linked_query_params: {} } },
  });
  return { index, key: `${RUN}-${index}`, body, client: index % 50 === 7 ? `bench-${RUN}-flood` : `bench-${RUN}-${index}`, valid };
}
const jobs: Job[] = [];
for (let index = 0; jobs.length < TOTAL; index += 1) {
  const job = lead(index);
  jobs.push(job);
  // The double submit: the same lead and key again, sent at once (two workers race with it).
  if (index % 2 === 0 && jobs.length < TOTAL) jobs.push(job);
}

const answers: Answer[] = [];
/** Per Idempotency-Key: the lead id it was accepted as, else the last refusal. */
const outcomes = new Map<string, { job: Job; leadIds: Set<number>; refused: Answer | null }>();
const faultHeader: Record<string, string> = STORE_FAIL_PERCENT > 0 ? { [DEV_FAULT_HEADER]: `mf-forms=store-fail:${STORE_FAIL_PERCENT}` } : {};

async function submit(job: Job): Promise<void> {
  const outcome = outcomes.get(job.key) ?? { job, leadIds: new Set<number>(), refused: null };
  outcomes.set(job.key, outcome);
  for (let attempt = 0; ; attempt += 1) {
    const headers = { "content-type": "application/json", "idempotency-key": job.key, "cf-connecting-ip": job.client, ...faultHeader };
    const answer = await call("POST", "/api/leads", headers, job.body);
    answers.push(answer);
    if (answer.status === 201 && typeof answer.body.lead_id === "number") {
      outcome.leadIds.add(answer.body.lead_id);
      return;
    }
    if ((answer.status === 503 || answer.status === 0) && attempt < RETRIES_AFTER_503) {
      await new Promise((resolve) => setTimeout(resolve, 250 * (attempt + 1)));
      continue;
    }
    if (outcome.leadIds.size === 0) outcome.refused = answer;
    return;
  }
}
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < jobs.length) await submit(jobs[next++] as Job);
  }),
);
const sendingSeconds = (performance.now() - sendingStarted) / 1000;
clearInterval(cycleTimer);
setWebhookState("up");

// --- What the dealer has, once the queue and the sweep have done what they will (nothing pending, or no progress for 3 minutes). ---
type Listed = { lead_id: number; delivery_status: string; values: { email?: string } };
/** This run's leads, and how many of the dealership's newest leads are delivered (older runs' leads share the queue). */
async function storedLeads(): Promise<{ mine: Listed[]; delivered: number }> {
  const answer = await call("GET", "/api/leads?limit=10000", { authorization: `Bearer ${DEALER_KEY}` });
  const leads = (answer.body as { leads?: Listed[] }).leads ?? [];
  return { mine: leads.filter((l) => l.values.email?.startsWith(`bench-${RUN}-`)), delivered: leads.filter((l) => l.delivery_status === "delivered").length };
}
const isPending = (l: Listed) => l.delivery_status === "pending";
const drainStarted = performance.now();
let { mine, delivered } = await storedLeads();
for (let lastProgress = performance.now(); mine.some(isPending) && performance.now() - lastProgress < 180_000; ) {
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  // The cron's sweep (wrangler dev fires no crons): leads stored whose answer was lost were never queued.
  for (let swept = 1; swept > 0; ) swept = ((await dealerCall("POST", "/api/leads/sweep")).body as { queued?: number }).queued ?? 0;
  const now = await storedLeads();
  if (now.delivered > delivered || now.mine.filter(isPending).length < mine.filter(isPending).length) lastProgress = performance.now();
  ({ mine, delivered } = now);
}
const drainSeconds = (performance.now() - drainStarted) / 1000;
await dealerCall("DELETE", `/api/leads/destinations/${destinationId}`);
receiver.close();
receiver.closeAllConnections();

// --- The figures. ---
const all = [...outcomes.values()];
const accepted = all.filter((o) => o.leadIds.size > 0);
const refused = all.filter((o) => o.leadIds.size === 0);
const refusedBy = new Map<string, number>();
for (const { refused: answer } of refused) {
  const reason = `${answer?.status ?? 0} ${answer?.body.message ?? "(no message)"}`;
  refusedBy.set(reason, (refusedBy.get(reason) ?? 0) + 1);
}
const unclear = refused.filter((o) => !o.refused?.body.message).length;
const storedByEmail = new Map<string, number[]>();
for (const l of mine) storedByEmail.set(l.values.email ?? "", [...(storedByEmail.get(l.values.email ?? "") ?? []), l.lead_id]);
const emailOf = (job: Job) => `bench-${RUN}-${job.index}@example.com`;
const duplicates = [...storedByEmail.values()].reduce((sum, ids) => sum + ids.length - 1, 0);
const storedIds = new Set(mine.map((l) => l.lead_id));
// Lost: accepted (a 201 with a lead id) but not in the store under that id; also two keys' answers naming other ids.
const lost = accepted.filter((o) => [...o.leadIds].some((id) => !storedIds.has(id)) || o.leadIds.size > 1).length;
const storedAfterRefusal = refused.filter((o) => storedByEmail.has(emailOf(o.job))).length;
const status = (s: string) => mine.filter((l) => l.delivery_status === s).length;
const notAtWebhook = mine.filter((l) => !received.has(l.lead_id)).length;
// The webhook is the dealership's for the run: older leads the sweep queued again may reach it too.
const receivedOfRun = mine.filter((l) => received.has(l.lead_id)).length;
const repeats = mine.reduce((sum, l) => sum + Math.max(0, (received.get(l.lead_id) ?? 0) - 1), 0);
const byStatus = new Map<string, number>();
for (const { status: s, body } of answers) {
  const label = s === 201 ? "201" : `${s} '${body.message ?? "(no message)"}'`;
  byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
}
const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(0);

console.log(`submitted ${jobs.length} requests at ${CONCURRENCY} concurrent in ${sendingSeconds.toFixed(0)} s: ${outcomes.size} distinct leads (every other one sent twice at once), store failing ${STORE_FAIL_PERCENT}% of writes`);
console.log(`webhook while sending: up ${webhookSeconds.up} s, down ${webhookSeconds.down} s, answering 500 ${webhookSeconds["500"]} s, slow (${SLOW_MS} ms) ${webhookSeconds.slow} s`);
console.log(`HTTP answers (${answers.length}, retries of a 503 included): ${[...byStatus].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${n} x ${s}`).join("; ")}`);
console.log(`accepted ${accepted.length}; refused ${refused.length}: ${[...refusedBy].map(([reason, n]) => `${n} x ${reason}`).join("; ") || "none"}`);
console.log(`refused without a clear message: ${unclear}`);
console.log(`stored ${mine.length} (accepted ${accepted.length} + stored though the last answer was a refusal ${storedAfterRefusal}), duplicates ${duplicates}, lost ${lost}`);
console.log(`delivered ${status("delivered")}, pending ${status("pending")}, dead-lettered ${status("failed")} (queue drained in ${drainSeconds.toFixed(0)} s after sending)`);
console.log(`webhook received ${receivedOfRun} distinct leads of the run, ${notAtWebhook} stored leads never reached it, ${repeats} repeat deliveries (at least once), ${badSignatures} bad signatures`);
console.log(`latency p50 ${pct(50)} ms, p95 ${pct(95)} ms`);
const failed = lost > 0 || duplicates > 0 || unclear > 0 || notAtWebhook > 0 || status("pending") > 0 || status("failed") > 0 || badSignatures > 0;
process.exit(failed ? 1 : 0);
