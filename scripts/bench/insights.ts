import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { DEMO_OPERATOR_KEY } from "../../db/demo/generate";
import { DEV_NO_COUNT_HEADER } from "../../shared/src/insights";
import { requestOnHost } from "../host-request";
import { type Summary, summarize } from "./stats";

type Answer = { status: number; setCookie: string; body: string; behind: string };

/** A request to the local platform for that site's host (Node cannot resolve *.localhost names itself). */
async function ask(port: number, site: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const answer = await requestOnHost(`http://127.0.0.1:${port}`, path, { method: init.method, host: `${site}.localhost:${port}`, headers: init.headers, body: init.body });
  return { status: answer.status, setCookie: String(answer.headers["set-cookie"]?.[0] ?? ""), body: answer.body.toString("utf8"), behind: String(answer.headers["x-insights-behind"] ?? "") };
}

/**
 * One insights address: the rows of its table's page, the first view's time and the next views' times (to the end of
 * the body), and how many of the views answered with figures behind (ADR 0111: after an import the queue's consumer
 * refreshes the market and sums the counts while the views read what was kept).
 */
export type InsightsFigures = { path: string; cars: number; first: number; times: Summary; behind: number };

/**
 * The catch-up window (ADR 0111, 0115): the four pages asked in turn from the first view (its time: `first`) until
 * one answers nothing behind, so `times` are those of views made while the queue's consumer brings the figures up to
 * date (none when the first view was already up to date).
 */
export type InsightsCatchUp = { first: number; seconds: number; times: Summary };

/** The pages the bench reads (the CSV last): the whole group over 90 days, one dealership over 30, two sorted third pages. */
const INSIGHTS_PATHS = [
  "/dealer/insights?dealership=all&days=90",
  "/dealer/insights?days=30",
  "/dealer/insights?dealership=all&days=90&sort=position&page=3",
  "/dealer/insights?dealership=all&days=90&sort=views&page=3",
  "/dealer/insights.csv?dealership=all&days=90",
];
/** The longest catch-up the bench waits through before it measures the pages as they are. */
const CATCH_UP_LIMIT_MS = 15 * 60_000;

/**
 * The insights page's server time (issue 31 goal 4, ADR 0070) for a fresh read-only staff member of a group's site:
 * its whole group over 90 days, and one dealership over 30. Sign-in codes are limited per address, so each run
 * invites its own member with the demo operator key. Also run by bench:scale on its largest site.
 */
export async function benchInsights(port: number, site: string, dealership: string, runs: number): Promise<{ pages: InsightsFigures[]; catchUp: InsightsCatchUp }> {
  const origin = `http://${site}.localhost:${port}`;
  const client = { "cf-connecting-ip": `198.18.200.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 8)}` };
  const form = (path: string, fields: Record<string, string>) =>
    ask(port, site, path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin, ...client }, body: new URLSearchParams(fields).toString() });
  const email = `bench-${randomUUID().slice(0, 8)}@staff.example`;
  const invite = await ask(port, site, "/api/staff/invitations", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${DEMO_OPERATOR_KEY}` },
    body: JSON.stringify({ dealership, email, role: "read-only" }),
  });
  if (invite.status !== 201) throw new Error(`inviting a bench staff member answered ${invite.status}`);
  await form("/dealer/sign-in", { email });
  const outbox = JSON.parse((await ask(port, site, `/api/auth/email-outbox?email=${encodeURIComponent(email)}`)).body) as { messages: { body: string }[] };
  const code = /sign in to .* is (\d{6})\./.exec(outbox.messages[0]?.body ?? "")?.[1] ?? "";
  const cookie = (await form("/dealer/sign-in/verify", { email, code })).setCookie.split(";")[0] ?? "";
  let firstView = 0;
  const whileBehind: number[] = [];
  const catchUpStarted = performance.now();
  for (let view = 0; performance.now() - catchUpStarted < CATCH_UP_LIMIT_MS; view++) {
    const path = INSIGHTS_PATHS[view % 4] as string;
    const started = performance.now();
    const page = await ask(port, site, path, { headers: { cookie, ...client } });
    if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
    if (view === 0) firstView = performance.now() - started;
    if (!page.behind) break;
    if (view > 0) whileBehind.push(performance.now() - started);
  }
  const catchUp = { first: firstView, seconds: whileBehind.length ? (performance.now() - catchUpStarted) / 1000 : 0, times: summarize(whileBehind) };
  const figures: InsightsFigures[] = [];
  for (const path of INSIGHTS_PATHS) {
    const times: number[] = [];
    let cars = 0;
    let first = 0;
    let behind = 0;
    for (let run = -1; run < (path.includes(".csv") ? Math.min(runs, 3) : runs); run++) {
      const started = performance.now();
      const page = await ask(port, site, path, { headers: { cookie, ...client } });
      if (run < 0) first = performance.now() - started;
      else times.push(performance.now() - started);
      if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
      if (page.behind) behind += 1;
      cars = path.includes(".csv") ? page.body.split("\r\n").length - 2 : (page.body.match(/<tr data-stocknum=/g) ?? []).length;
    }
    figures.push({ path, cars, first, times: summarize(times), behind });
  }
  return { pages: figures, catchUp };
}

/** The catch-up window in words, for the bench's output and bench:scale's table. */
export const catchUpLine = ({ first, seconds, times }: InsightsCatchUp): string =>
  times.n
    ? `first view ${first.toFixed(0)} ms; catch-up ${seconds.toFixed(1)} s, ${times.n} views answered behind: p50 ${times.p50.toFixed(0)} ms, p95 ${times.p95.toFixed(0)} ms, max ${times.max.toFixed(0)} ms (goal p95 300 ms)`
    : `first view ${first.toFixed(0)} ms; nothing behind after it`;

/** A car page's time with its view counted and without, and the difference of each adjacent pair. */
export type CountingFigures = { path: string; on: Summary; off: Summary; added: Summary };

/**
 * What counting a view adds to a car page's server time (issue 31: goal 2 ms): the site's first car from /search,
 * asked `runs` times with counting on and `runs` times off (DEV_NO_COUNT_HEADER, local dev only), in adjacent pairs
 * whose order alternates, on one running platform, so the machine's load falls on both alike. Each pair's
 * difference (on less off) is summarised; its p50 is the figure, its spread shows the noise. An unread query
 * parameter per request keeps the gateway's kept slots out (every fragment renders, as on a first view).
 */
export async function benchCounting(port: number, site: string, runs: number): Promise<CountingFigures> {
  const path = /href="(\/cars\/[a-z0-9-]+)"/.exec((await ask(port, site, "/search")).body)?.[1];
  if (!path) throw new Error(`no car linked from ${site}'s /search`);
  const time = async (counting: boolean, run: number) => {
    const started = performance.now();
    const page = await ask(port, site, `${path}?bench=${run}-${counting ? "on" : "off"}-${randomUUID().slice(0, 8)}`, { headers: counting ? {} : { [DEV_NO_COUNT_HEADER]: "1" } });
    if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
    return performance.now() - started;
  };
  await time(true, -1);
  await time(false, -1);
  const on: number[] = [];
  const off: number[] = [];
  for (let run = 0; run < runs; run++) {
    if (run % 2 === 0) {
      on.push(await time(true, run));
      off.push(await time(false, run));
    } else {
      off.push(await time(false, run));
      on.push(await time(true, run));
    }
  }
  return { path, on: summarize(on), off: summarize(off), added: summarize(on.map((ms, i) => ms - (off[i] ?? 0))) };
}

/** The counting code path's cost per page, in workerd alone: on the page's path (the send left to waitUntil) and with the send awaited. */
export type IsolatedCountingFigures = { view: Summary; search: Summary; viewAwaited: Summary; searchAwaited: Summary; batch: number };

/**
 * What counting adds to a page, timed in isolation (issue 31: goal 2 ms): the gateway's and a search page's counting
 * code (scripts/bench/counting-worker.ts, the shared `countInsight`) run `batch` times in one request of a workerd
 * started by Miniflare with a real local queue, less the same request with the loop doing nothing; per page = the
 * difference / batch. A Worker's clock stands still while it computes, so the time is taken from outside, over many
 * pages at once, which leaves the machine's load on a few requests instead of on each page.
 * - On the page's path: the sends left to waitUntil, as the pages do; the answer leaves before the queue is done,
 *   so after each such request the bench waits as long as the same batch took awaited, for its sends to drain
 *   before the next is timed.
 * - Awaited: every send awaited before the answer, the local queue's own work included (an upper bound; in
 *   production the send is an RPC to Cloudflare's queue service, outside the Worker's CPU).
 * Each figure is summarised over `rounds` rounds.
 */
export async function benchCountingIsolated(rounds: number, batch = 500): Promise<IsolatedCountingFigures> {
  const { build } = await import("esbuild");
  const { Miniflare } = await import("miniflare");
  const bundled = await build({
    entryPoints: [join(import.meta.dirname, "counting-worker.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "import"],
    write: false,
    minify: true,
  });
  const mf = new Miniflare({ modules: true, script: bundled.outputFiles[0]?.text ?? "", compatibilityDate: "2026-04-01", queueProducers: { INSIGHTS_QUEUE: "bench-insights" } });
  try {
    const url = await mf.ready;
    const time = async (query: string) => {
      const started = performance.now();
      const answer = await mf.dispatchFetch(new URL(`/?${query}`, url));
      await answer.text();
      return performance.now() - started;
    };
    for (const query of ["path=none&n=10", "path=view&n=10&wait=1", "path=search&n=10&wait=1"]) await time(query);
    const figures = { view: [] as number[], search: [] as number[], viewAwaited: [] as number[], searchAwaited: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      const none = await time(`path=none&n=${batch}`);
      for (const path of ["view", "search"] as const) {
        const awaited = await time(`path=${path}&n=${batch}&wait=1`);
        figures[`${path}Awaited`].push((awaited - none) / batch);
        figures[path].push(((await time(`path=${path}&n=${batch}`)) - none) / batch);
        await new Promise((resolve) => setTimeout(resolve, awaited));
      }
    }
    return { view: summarize(figures.view), search: summarize(figures.search), viewAwaited: summarize(figures.viewAwaited), searchAwaited: summarize(figures.searchAwaited), batch };
  } finally {
    await mf.dispose();
  }
}
