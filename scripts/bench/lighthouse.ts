import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium";
import { percentile } from "./stats";

/** benchmarkIndex: Lighthouse's measure of the CPU during the run (about 1,000+ for a free desktop core; far lower
 * when other processes share the machine, and then TBT, and the score, say more about the load than the page). */
export type LighthouseFigures = {
  performance: number;
  seo: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  benchmarkIndex: number;
  /** The CPU slowdown Lighthouse simulated (its default is 4). */
  cpuSlowdown: number;
  /**
   * Main-thread tasks of 50 ms or more (simulated), summed per script: a TBT regression names its cause. `blockingMs`
   * is each script's share of TBT as Lighthouse counts it (the part of a task past 50 ms, after the first contentful
   * paint), from the long-task audit's simulated timings: a task before the first paint blocks nothing.
   */
  longTasks: { script: string; ms: number; count: number; blockingMs: number }[];
  /** Why the run has no TBT (NaN), as Lighthouse said: the run is left out of the median, and its reason printed. */
  tbtError?: string;
};

/** A script's short name: its file under the build folder (framework, main, remoteEntry of mf-search), or the page. */
export function scriptLabel(url: string): string {
  try {
    const { pathname } = new URL(url);
    const remote = /^\/_mf\/([^/]+)\//.exec(pathname)?.[1];
    const file = (pathname.split("/").pop() ?? "").replace(/\.[0-9a-f]{8}\.js$/, ".js");
    if (!pathname.endsWith(".js")) return "page (HTML, inline scripts, style and layout)";
    return remote ? `${remote} ${file}` : `shell ${file}`;
  } catch {
    return url || "unattributed";
  }
}

type LongTaskItem = { url?: string; duration?: number; startTime?: number };

/** Lighthouse's threshold: the part of a task beyond it blocks input. */
const BLOCKING_THRESHOLD_MS = 50;

export function longTasksByScript(items: LongTaskItem[], firstPaintMs: number): LighthouseFigures["longTasks"] {
  const byScript = new Map<string, { ms: number; count: number; blockingMs: number }>();
  for (const { url = "", duration = 0, startTime = 0 } of items) {
    const script = scriptLabel(url);
    const entry = byScript.get(script) ?? { ms: 0, count: 0, blockingMs: 0 };
    entry.ms += duration;
    entry.count++;
    entry.blockingMs += Math.max(0, startTime + duration - Math.max(startTime, firstPaintMs) - BLOCKING_THRESHOLD_MS);
    byScript.set(script, entry);
  }
  return [...byScript].map(([script, entry]) => ({ script, ...entry })).sort((a, b) => b.blockingMs - a.blockingMs || b.ms - a.ms);
}

/** Lighthouse's default CPU slowdown for its mobile device: a phone as a quarter of the host. */
export const DEFAULT_CPU_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;

/**
 * The slowdown that makes this host act as a host of `targetBenchmark` under Lighthouse's default 4x (Lighthouse's own
 * advice for calibrating throttling: scale the multiplier by the benchmark). A quiet core here measures about 2,800, a
 * loaded one 1,000 or less; the goal's TBT is stated at 1,000-1,500, so a quiet run is slowed to that band instead of
 * waiting for a load that happens to land in it. Never below the default.
 */
export const calibratedSlowdown = (measuredBenchmark: number, targetBenchmark: number) =>
  Math.max(DEFAULT_CPU_SLOWDOWN, Math.round(((DEFAULT_CPU_SLOWDOWN * measuredBenchmark) / targetBenchmark) * 10) / 10);

/** Lighthouse's default run: a mobile device with simulated throttling, in Debian's Chromium. */
export async function lighthouseRun(url: string, cpuSlowdown = DEFAULT_CPU_SLOWDOWN): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "seo", "accessibility"],
      // Lighthouse's mobile defaults, the CPU slowdown aside.
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
    const value = (name: string) => audits[name]?.numericValue ?? Number.NaN;
    return {
      performance: score("performance"),
      seo: score("seo"),
      accessibility: score("accessibility"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      cpuSlowdown,
      longTasks: longTasksByScript((audits["long-tasks"]?.details as { items?: LongTaskItem[] } | undefined)?.items ?? [], value("first-contentful-paint")),
      ...(Number.isFinite(value("total-blocking-time")) ? {} : { tbtError: result.lhr.runtimeError?.message ?? audits["total-blocking-time"]?.errorMessage ?? "no figure" }),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * n runs: each figure is its own median over them (performance, TBT, LCP and the CPU benchmark need not come from
 * one run), the long tasks are those of the run with the median TBT, and every run's TBT and benchmark are kept.
 * With a target benchmark, each run's slowdown is calibrated from the benchmark the run before it measured (the first
 * from a run that is not counted).
 */
export async function lighthouseMedian(
  url: string,
  runs = 5,
  targetBenchmark?: number,
): Promise<LighthouseFigures & { runs: Pick<LighthouseFigures, "tbt" | "benchmarkIndex" | "cpuSlowdown" | "tbtError">[] }> {
  const results: LighthouseFigures[] = [];
  let measured = targetBenchmark ? (await lighthouseRun(url)).benchmarkIndex : 0;
  for (let i = 0; i < runs; i++) {
    const run = await lighthouseRun(url, targetBenchmark ? calibratedSlowdown(measured, targetBenchmark) : DEFAULT_CPU_SLOWDOWN);
    measured = run.benchmarkIndex;
    results.push(run);
  }
  // A run whose audit could not compute a figure (NaN) leaves that figure's median to the others.
  const median = (pick: (figures: LighthouseFigures) => number) => percentile(results.map(pick).filter(Number.isFinite), 50);
  const byTbt = results.filter((f) => Number.isFinite(f.tbt)).sort((a, b) => a.tbt - b.tbt);
  return {
    performance: median((f) => f.performance),
    seo: median((f) => f.seo),
    accessibility: median((f) => f.accessibility),
    lcp: median((f) => f.lcp),
    tbt: median((f) => f.tbt),
    cls: median((f) => f.cls),
    benchmarkIndex: median((f) => f.benchmarkIndex),
    cpuSlowdown: median((f) => f.cpuSlowdown),
    longTasks: byTbt[Math.floor(byTbt.length / 2)]?.longTasks ?? [],
    runs: results.map(({ tbt, benchmarkIndex, cpuSlowdown, tbtError }) => ({ tbt, benchmarkIndex, cpuSlowdown, ...(tbtError ? { tbtError } : {}) })),
  };
}
