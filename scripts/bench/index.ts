import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { launchChromium } from "../chromium";
import { readStartTimes } from "../dev-session/start-times";
import { PLATFORM_PORT, recordedSessions } from "../stack";
import { lighthouseMedian } from "./lighthouse";
import { sessionMemory } from "./session-usage";
import { devTimingOf, firstView, NO_KEPT_SLOTS, newSearch, timePage, withStaticServer } from "./page-timing";
import { benchCounting, benchCountingIsolated, benchInsights, catchUpLine } from "./insights";
import { searchSite } from "./search-api";
import { percentile } from "./stats";
import { workersDirectPort } from "./workerd-inspector";

/**
 * npm run bench (with the platform running under npm start): prints the platform's figures, asserts
 * nothing. `-- --no-lighthouse` skips the slowest part; `-- --only page-time,lighthouse` runs only the parts named
 * (memory, starts, page-time, profile, car-profile, styles, javascript, insights, counting, lighthouse); `-- --lighthouse-route /cars/{slug}` runs
 * Lighthouse for that one route, `-- --lighthouse-runs 2` fewer times than the goal's median of 5.
 */
const { values: options } = parseArgs({
  options: {
    "no-lighthouse": { type: "boolean", default: false },
    runs: { type: "string", default: "30" },
    only: { type: "string" },
    "lighthouse-route": { type: "string", multiple: true },
    // The goal's figure is a median of 5; fewer to show the part works on a busy machine.
    "lighthouse-runs": { type: "string", default: "5" },
    // The goal's TBT is stated at a CPU benchmark of 1,000-1,500: runs are slowed to act as a host of this benchmark
    // (its middle); 0 keeps Lighthouse's default 4x whatever the host measures.
    "lighthouse-benchmark": { type: "string", default: "1250" },
    // The insights part's group site and one of its dealerships (bench:scale's state has a group of 25,000 cars).
    "insights-site": { type: "string", default: "summit-auto-group" },
    "insights-dealership": { type: "string", default: "summit-toyota-brisbane" },
  },
});
const parts = new Set((options.only ?? "memory,starts,page-time,profile,car-profile,styles,javascript,insights,counting,lighthouse").split(","));
if (options["no-lighthouse"]) parts.delete("lighthouse");
const SITE = "harbour-city-motors";
const RUNS = Number(options.runs);
const host = `${SITE}.localhost:${PLATFORM_PORT}`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const LIGHTHOUSE_RUNS = Number(options["lighthouse-runs"]);
const LIGHTHOUSE_BENCHMARK = Number(options["lighthouse-benchmark"]) || undefined;
/** Issue 35's goals, printed beside each figure. */
const GOALS = { shellKb: 90, routeKb: 110, headroomKb: 10, fullRatio: 15, headRatio: 3, firstViewRatio: 8, tbtMs: 200, performance: 95, memoryMb: 1536 };
const ms = (value: number) => `${value.toFixed(1)} ms`;
/** The gateway's dev-only timing comment is asked with this header (ADR 0074). */
const DEV_TIMING = "x-dev-timing";
/** This shared machine's load, printed beside every timed figure: absolute times move with it, ratios less. */
const load = () => `load average ${loadavg().map((value) => value.toFixed(1)).join(" / ")} on 2 cores`;

const sessions = recordedSessions();
if (!sessions.length) {
  console.error("The platform is not running: npm start first (in another terminal), then npm run bench.");
  process.exit(2);
}

if (parts.has("memory")) {
  console.log("Memory of the running platform (every process of each wrangler dev session):");
  let totalKb = 0;
  for (const session of sessions) {
    const { processes, rssKb, pssKb } = sessionMemory(session);
    totalKb += rssKb;
    console.log(`  ${session.label.padEnd(12)} ${processes} processes   RSS ${mb(rssKb)}   PSS ${mb(pssKb)}`);
  }
  // At rest; the goal is after an hour of mixed load, which `npm run bench:mixed-load` runs (scaled).
  console.log(`  whole platform RSS ${mb(totalKb)} at rest (goal <= ${GOALS.memoryMb} MB after a mixed load: npm run bench:mixed-load)`);
}

if (parts.has("starts")) {
  const starts = readStartTimes();
  const seconds = (list: number[]) => (list.length ? list.map((t) => `${(t / 1000).toFixed(1)} s`).join(", ") : "none recorded");
  console.log(`\nnpm start, build to ready (.state/start-times.json): first start ${seconds(starts.first)}; later starts ${seconds(starts.later)}`);
}

const searchHtml = (await timePage(PLATFORM_PORT, host, "/search")).html;
const carPath = /href="(\/cars\/[a-z0-9-]+)"/.exec(searchHtml)?.[1] ?? "/cars/unknown";
const routes = { "/search": "/search", "/cars/{slug}": carPath };

const p50 = (list: number[]) => percentile(list, 50);

if (parts.has("page-time")) {
  const platform = sessions.find((session) => session.port === PLATFORM_PORT);
  // Since ADR 0127 the session's port is the Workers' workerd itself; only under PLATFORM_WATCH=1 is wrangler dev's
  // proxy (a second workerd) in front, and then the pages are also timed straight to workerd, where a deployed Worker answers.
  const workersPort = platform ? await workersDirectPort(platform, host) : null;
  const directPort = workersPort !== PLATFORM_PORT ? workersPort : null;
  console.log(`\nPage time from the platform vs the same bytes from a static file server, same run (${RUNS} runs each, ${SITE}; ${load()}):`);
  // Issue 35's goals are the car page's head and full page, and a first view of a search address.
  const goal = (route: string, kind: "head" | "full" | "first", ratio: number) => {
    const wanted = route === "/cars/{slug}" ? { head: GOALS.headRatio, full: GOALS.fullRatio, first: null }[kind] : kind === "first" ? GOALS.firstViewRatio : null;
    return `${ratio.toFixed(1)}x${wanted === null ? "" : `, goal ${wanted}x`}`;
  };
  for (const [label, path] of Object.entries(routes)) {
    const page = { head: [] as number[], slot: [] as number[], full: [] as number[] };
    const fixed = { head: [] as number[], full: [] as number[] };
    const fresh: number[] = [];
    // /search only: an address whose search itself is new (firstView's search is the page's own, under a new address).
    const freshSearch: number[] = [];
    // The same page with every slot rendered (no kept slot used): the figure before ADR 0074, same run.
    const unkept = { head: [] as number[], full: [] as number[] };
    // The local dev server's own cost: the gateway answering robots.txt (tenant resolved, no page composed).
    const floor: number[] = [];
    // How long the gateway waited for a car page's subject (the dev timing comment, after the page's last byte).
    const subject: number[] = [];
    // The same pages straight from the Workers' workerd, without wrangler dev's proxy (a deployed Worker has none).
    const direct = { head: [] as number[], full: [] as number[], fresh: [] as number[], floor: [] as number[] };
    const { html } = await timePage(PLATFORM_PORT, host, path);
    await withStaticServer(html, async (staticPort) => {
      for (let i = 0; i < RUNS; i++) {
        // The page with every slot rendered goes first: it stores its slots after its answer (waitUntil), and a page
        // asked just after shared that work (a car page's head 1.8 ms against 1.3). The kept page comes last, after
        // the floor, as the static file is asked of an idle server.
        const rendered = await timePage(PLATFORM_PORT, host, path, NO_KEPT_SLOTS);
        unkept.head.push(rendered.head);
        unkept.full.push(rendered.full);
        if (label === "/search") freshSearch.push((await timePage(PLATFORM_PORT, host, newSearch(i))).full);
        fresh.push((await timePage(PLATFORM_PORT, host, firstView(path, i))).full);
        floor.push((await timePage(PLATFORM_PORT, host, "/robots.txt")).full);
        const live = await timePage(PLATFORM_PORT, host, path, { [DEV_TIMING]: "on" });
        const waited = devTimingOf(live.html)?.subjectMs;
        if (waited !== undefined) subject.push(waited);
        page.head.push(live.head);
        page.slot.push(live.firstSlot);
        page.full.push(live.full);
        const file = await timePage(staticPort, host, path);
        fixed.head.push(file.head);
        fixed.full.push(file.full);
        if (directPort !== null) {
          const straight = await timePage(directPort, host, path);
          direct.head.push(straight.head);
          direct.full.push(straight.full);
          direct.fresh.push((await timePage(directPort, host, firstView(path, i + RUNS))).full);
          direct.floor.push((await timePage(directPort, host, "/robots.txt")).full);
        }
      }
    });
    const ratio = (list: number[]) => `${(p50(list) / p50(fixed.full)).toFixed(1)}x`;
    console.log(
      `  ${label.padEnd(13)} ${(html.length / 1024).toFixed(0)} KB  head p50 ${ms(p50(page.head))} (static ${ms(p50(fixed.head))}, ${goal(label, "head", p50(page.head) / p50(fixed.head))})` +
        `   first slot p50 ${ms(p50(page.slot))}   full p50 ${ms(p50(page.full))} p95 ${ms(percentile(page.full, 95))} (static ${ms(p50(fixed.full))}, ${goal(label, "full", p50(page.full) / p50(fixed.full))})`,
    );
    console.log(`  ${"".padEnd(13)} first view of an address (a parameter the page does not read): full p50 ${ms(p50(fresh))} p95 ${ms(percentile(fresh, 95))} (${goal(label, "first", p50(fresh) / p50(fixed.full))})`);
    if (freshSearch.length)
      console.log(`  ${"".padEnd(13)} first view of a new search (a price cap never asked): full p50 ${ms(p50(freshSearch))} p95 ${ms(percentile(freshSearch, 95))} (${(p50(freshSearch) / p50(fixed.full)).toFixed(1)}x)`);
    console.log(`  ${"".padEnd(13)} every slot rendered (none kept, as before ADR 0074): head p50 ${ms(p50(unkept.head))} (${(p50(unkept.head) / p50(fixed.head)).toFixed(1)}x)   full p50 ${ms(p50(unkept.full))} (${ratio(unkept.full)})`);
    // A floor is the gateway's plainest answer (robots.txt: tenant resolved, no page, no D1 read), as a ratio to the
    // same static head: no page can come in under it on that path.
    const floorOf = (list: number[]) => `${ms(p50(list))}, ${(p50(list) / p50(fixed.head)).toFixed(1)}x the static head`;
    // A car page waits for one D1 statement (the car and the stock version, ADR 0087) before its first byte, unless
    // the gateway read it in the last second (ADR 0128).
    const waiting =
      label === "/cars/{slug}" && subject.length
        ? `, of which waiting for the car and stock version (one D1 statement at most once a second; the gateway's clock, whole ms) ${ms(p50(subject))}`
        : "";
    console.log(`  ${"".padEnd(13)} dev-server floor (robots.txt on the session's port) p50 ${floorOf(floor)}: the head's own work is ${ms(Math.max(0, p50(page.head) - p50(floor)))}${waiting}`);
    if (direct.full.length) {
      console.log(
        `  ${"".padEnd(13)} without wrangler dev's proxy (straight to the Workers' workerd, port ${directPort}): head p50 ${ms(p50(direct.head))} (${goal(label, "head", p50(direct.head) / p50(fixed.head))})` +
          `   full p50 ${ms(p50(direct.full))} (${goal(label, "full", p50(direct.full) / p50(fixed.full))})   first view p50 ${ms(p50(direct.fresh))} (${goal(label, "first", p50(direct.fresh) / p50(fixed.full))})`,
      );
      console.log(`  ${"".padEnd(13)} workerd's own floor (robots.txt straight to it) p50 ${floorOf(direct.floor)}: the head's own work is ${ms(Math.max(0, p50(direct.head) - p50(direct.floor)))}`);
    }
    // Issue 35's head goal is judged where a deployed Worker answers (ADR 0120): the Workers' workerd, the session's
    // port itself since ADR 0127.
    if (label === "/cars/{slug}") {
      const [head, floorHead] = direct.head.length ? [direct.head, direct.floor] : [page.head, floor];
      const ratio = p50(head) / p50(fixed.head);
      console.log(
        `  ${"".padEnd(13)} head goal (judged at the Workers' workerd, ADR 0120, 0127): ${ratio.toFixed(1)}x against ${GOALS.headRatio}x, ${ratio <= GOALS.headRatio ? "met" : "not met"}; its floor is ${(p50(floorHead) / p50(fixed.head)).toFixed(1)}x`,
      );
    }
  }
}

if (parts.has("profile")) {
  console.log("\nWhere the server time of /search goes (p50):");
  const engine: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const answer = await searchSite(PLATFORM_PORT, SITE, [{ indexName: "Car_production", params: "hitsPerPage=24" }]);
    const roundTrip = answer.ms;
    const processing = answer.results[0]?.processingTimeMS ?? 0;
    engine.push(roundTrip - processing);
  }
  const kept = [];
  const fresh = [];
  for (let i = 0; i < RUNS; i++) {
    kept.push(await timePage(PLATFORM_PORT, host, "/search"));
    fresh.push(await timePage(PLATFORM_PORT, host, firstView("/search", i)));
  }
  for (const [label, times] of [["a repeat view (the slot kept by the gateway)", kept], ["a first view of an address (the slot rendered)", fresh]] as const) {
    const head = p50(times.map((t) => t.head));
    const slot = p50(times.map((t) => t.firstSlot));
    const full = p50(times.map((t) => t.full));
    console.log(`  ${label}:`);
    console.log(`    head (tenant, config, head assets, shell header)   ${ms(head)}`);
    console.log(`    search slot after the head                         ${ms(slot - head)}`);
    console.log(`    rest of the page (footer, end of stream)           ${ms(full - slot)}`);
  }
  console.log(`  a search API round trip alone (key, engine, answer): ${ms(p50(engine))}`);
}

if (parts.has("car-profile")) {
  // The gateway's own account of a car page (local only, the x-dev-timing header): the car read, the head, and each
  // slot: kept (no service call) or rendered (one service call to its remote, which reads D1 once per car page).
  console.log(`\nWhere the server time of ${carPath} goes (p50 of ${RUNS}; "kept" slots make no service call):`);
  for (const [label, headers] of [["anonymous, slots kept", {}], ["every slot rendered", NO_KEPT_SLOTS]] as const) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const timing = devTimingOf((await timePage(PLATFORM_PORT, host, carPath, { ...headers, [DEV_TIMING]: "on" })).html);
      if (timing) runs.push(timing);
    }
    if (!runs.length) {
      console.log("  no timing comment: is the platform a local dev session (LOCAL_DEV=on)?");
      break;
    }
    // The last run's: the first anonymous one renders what the next ones keep.
    const calls = runs.at(-1)?.slots.filter((slot) => slot.how !== "kept").length ?? 0;
    const wholePages = runs.filter((r) => r.page === "kept").length;
    console.log(`  ${label}: the car and stock version (one D1 read) ${ms(p50(runs.map((r) => r.subjectMs)))}, head ready ${ms(p50(runs.map((r) => r.headMs)))}, ${calls} service calls for ${runs[0]?.slots.length ?? 0} slots`);
    console.log(`    whole page answered as kept (ADR 0087) in ${wholePages} of ${runs.length} views`);
    for (const [index, slot] of (runs[0]?.slots ?? []).entries()) {
      const hows = new Set(runs.map((r) => r.slots[index]?.how));
      console.log(`    ${slot.slot.padEnd(18)} ${`${slot.remote} ${slot.fragment}`.padEnd(34)} ${ms(p50(runs.map((r) => r.slots[index]?.ms ?? 0)))}  ${[...hows].join("/")}`);
    }
  }
}

if (parts.has("styles")) {
  console.log("\nCSS inlined in the head per route (every <style> before </head>; raw and gzip):");
  for (const [route, path] of Object.entries({ "/": "/", ...routes, "/finance": "/finance", "/dealer-locator": "/dealer-locator", "/contact": "/contact" })) {
    const { html } = await timePage(PLATFORM_PORT, host, path);
    const head = html.slice(0, html.indexOf("</head>"));
    const css = [...head.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("");
    console.log(`  ${route.padEnd(24)} ${(css.length / 1024).toFixed(1)} KB   gzip ${(gzipSync(css).length / 1024).toFixed(1)} KB`);
  }
}

if (parts.has("javascript")) {
  console.log("\nJavaScript a browser downloads per route at first load (gzip; slots far below the fold load on approach):");
  const browser = await launchChromium();
  const SHELL_GROUP = "shell (framework, federation runtime, shell)";
  let shellKb = 0;
  const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
  // Every route with a budget: the two timed above, and the pages the other issues hold to the same 110 KB.
  const budgetRoutes = { ...routes, "/": "/", "/finance": "/finance", "/dealer-locator": "/dealer-locator", "/compare": "/compare", "/service": "/service", "/trade-in": "/trade-in", "/finance-enquiry": "/finance-enquiry" };
  for (const [route, path] of Object.entries(budgetRoutes)) {
    for (const [name, viewport] of Object.entries(viewports)) {
      const page = await browser.newPage({ viewport });
      const parts = new Map<string, number>();
      const pending: Promise<void>[] = [];
      page.on("response", (response) => {
        const url = new URL(response.url());
        if (!url.pathname.endsWith(".js")) return;
        const group = url.pathname.startsWith("/_mf/") ? (url.pathname.split("/")[2] ?? "remote") : SHELL_GROUP;
        pending.push(
          response
            .body()
            .then((body) => void parts.set(group, (parts.get(group) ?? 0) + gzipSync(body).length))
            .catch(() => undefined),
        );
      });
      await page.goto(`http://${host}${path}`);
      await page.waitForSelector("html[data-hydrated='true']", { timeout: 20_000 });
      await Promise.all(pending);
      const total = [...parts.values()].reduce((a, b) => a + b, 0);
      const detail = [...parts].map(([group, bytes]) => `${group} ${(bytes / 1024).toFixed(1)}`).join(", ");
      const headroom = GOALS.routeKb - total / 1024;
      console.log(`  ${`${route} (${name})`.padEnd(24)} ${(total / 1024).toFixed(1)} KB (headroom ${headroom.toFixed(1)} KB, goal >= ${GOALS.headroomKb})   ${detail}`);
      shellKb = Math.max(shellKb, (parts.get(SHELL_GROUP) ?? 0) / 1024);
      await page.close();
    }
  }
  await browser.close();
  console.log(`  the shell (framework, federation runtime, shell code; the most any route loaded): ${shellKb.toFixed(1)} KB (goal <= ${GOALS.shellKb} KB)`);
}

if (parts.has("insights")) {
  const insightsSite = String(options["insights-site"]);
  console.log(`\nThe dealer console's insights page, server time as a staff member reads it (${RUNS} runs each, ${insightsSite}):`);
  const { pages, catchUp } = await benchInsights(PLATFORM_PORT, insightsSite, String(options["insights-dealership"]), RUNS);
  console.log(`  ${catchUpLine(catchUp)}`);
  for (const { path, cars, first, times, behind } of pages) {
    console.log(`  ${path.padEnd(60)} ${String(cars).padStart(6)} rows   first ${ms(first)}   then p50 ${ms(times.p50)}   p95 ${ms(times.p95)}   ${behind} answered behind`);
  }
  const counting = await benchCounting(PLATFORM_PORT, insightsSite, RUNS);
  console.log(
    `  counting a view, ${counting.path} on / off p50 ${ms(counting.on.p50)} / ${ms(counting.off.p50)}, added p50 ${ms(counting.added.p50)} (goal <= 2 ms; pairs p95 ${ms(counting.added.p95)})`,
  );
}

if (parts.has("counting")) {
  // Issue 31 goal 4: counting a view adds <= 2 ms; the paired page times above are too noisy on a busy machine to show it.
  const rounds = Math.max(5, Math.min(RUNS, 30));
  const figures = await benchCountingIsolated(rounds);
  const per = (summary: { p50: number; p95: number }) => `p50 ${(summary.p50 * 1000).toFixed(1)} µs   p95 ${(summary.p95 * 1000).toFixed(1)} µs`;
  console.log(`\nCounting alone, in workerd with a local queue (${rounds} rounds of ${figures.batch} pages each, less the same loop without counting; goal <= 2 ms a page):`);
  console.log(`  a car page's view (event made, send left to waitUntil)           ${per(figures.view)}`);
  console.log(`  a search page's appearances (24 cars read from the header)       ${per(figures.search)}`);
  console.log(`  the same two with the send awaited (the local queue's time too)  ${per(figures.viewAwaited)};   ${per(figures.searchAwaited)}`);
  console.log(`  load average at the end: ${loadavg().map((value) => value.toFixed(1)).join(", ")}`);
}

if (parts.has("lighthouse")) {
  console.log(
    `\nLighthouse, mobile with simulated throttling, median of ${LIGHTHOUSE_RUNS} runs (goal: TBT <= ${GOALS.tbtMs} ms and performance >= ${GOALS.performance} at a CPU benchmark of 1,000-1,500; TBT scales with the benchmark, printed beside it; ${LIGHTHOUSE_BENCHMARK ? `each run's CPU slowdown calibrated to act as a host of benchmark ${LIGHTHOUSE_BENCHMARK}, from the benchmark the run before measured` : "Lighthouse's default 4x CPU slowdown"}; ${load()} at the start):`,
  );
  const lighthouseRoutes = options["lighthouse-route"] ?? ["/search", "/cars/{slug}", "/finance", "/dealer-locator"];
  for (const label of lighthouseRoutes) {
    const path = label === "/cars/{slug}" ? carPath : label;
    const f = await lighthouseMedian(`http://${host}${path}`, LIGHTHOUSE_RUNS, LIGHTHOUSE_BENCHMARK);
    console.log(
      `  ${label.padEnd(16)} performance ${f.performance} (goal ${GOALS.performance})   TBT ${f.tbt.toFixed(0)} ms (goal ${GOALS.tbtMs})   LCP ${(f.lcp / 1000).toFixed(2)} s   CLS ${f.cls.toFixed(3)}   SEO ${f.seo}   accessibility ${f.accessibility}   CPU benchmark ${f.benchmarkIndex.toFixed(0)}`,
    );
    console.log(`  ${"".padEnd(16)} each run, TBT at benchmark and slowdown: ${f.runs.map((run) => `${run.tbtError ? `no TBT (${run.tbtError})` : `${run.tbt.toFixed(0)} ms`} @ ${run.benchmarkIndex.toFixed(0)} x${run.cpuSlowdown}`).join(", ")}   (${load()} after)`);
    const tasks = f.longTasks.map((task) => `${task.script} ${task.ms.toFixed(0)} ms (${task.count}), blocking ${task.blockingMs.toFixed(0)}`).join("; ");
    console.log(`  ${"".padEnd(16)} long tasks by script, and their blocking time after the first paint (median-TBT run): ${tasks || "none"}`);
  }
}
