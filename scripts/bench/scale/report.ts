import { type CountingFigures, catchUpLine, type InsightsCatchUp, type InsightsFigures } from "../insights";
import type { Summary } from "../stats";
import type { HeapUsage } from "../workerd-inspector";
import type { CatchUpFigures, ChangeFigures, MemoryFigures, PageFigures, StreamFigures } from "./measure";

export type ColdRun = { restartSeconds: number; largestFirstMs: number; largestNextMs: number; smallFirstMs: number; heapAfterLargest: HeapUsage };

export type SizeResult = {
  size: number;
  vehicles: number;
  sitesWithStock: number;
  largest: { slug: string; vehicles: number };
  small: { slug: string; vehicles: number };
  import: { vehicles: number; batches: number; seconds: number; postSeconds: number; retried: number };
  /** Each figure is absent when its phase failed; `errors` says how. */
  firstSearchAfterImportMs?: number;
  warm?: { largest: Summary; small: Summary };
  change?: { largest: ChangeFigures; small: ChangeFigures };
  stream?: { other: StreamFigures; same: StreamFigures };
  pages?: { largest: PageFigures; small: PageFigures };
  /** The console's insights page of the largest site (issue 31): absent when its phase failed or was not chosen. */
  insights?: { pages: InsightsFigures[]; catchUp?: InsightsCatchUp; counting: CountingFigures };
  /** A bulk feed's catch-up in search (issue 32): absent when its phase failed or `--feed 0`. */
  catchUp?: CatchUpFigures;
  memory: { steady?: MemoryFigures; afterLoad?: MemoryFigures; peakHeapBytes: number; peakRssKb: number };
  cold: ColdRun[];
  errors: string[];
  /** The phases chosen (`--only`): a figure of another phase is "not run", not "failed". */
  phases?: string[];
  seconds: number;
};

const count = (n: number) => Math.round(n).toLocaleString("en-AU");
export const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : value >= 10 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const gib = (kb: number) => (kb >= 2 ** 20 ? `${(kb / 2 ** 20).toFixed(2)} GiB` : `${(kb / 1024).toFixed(0)} MiB`);
const p50p95 = (s: Summary) => `${ms(s.p50)} / ${ms(s.p95)}`;
const p50max = (s: Summary) => `${ms(s.p50)} / ${ms(s.max)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
/** Why a phase's figure is missing: left out by `--only`, or failed (a report without `phases` ran them all). */
const missing = (r: SizeResult, phase: string) => (r.phases && !r.phases.includes(phase) ? "not run" : "failed (see errors)");

function streamCell(figures: StreamFigures): string {
  const failed = figures.failedSearches + figures.failedBatches;
  return `${p50p95(figures.search)}, max ${ms(figures.search.max)}${failed ? `; ${figures.failedSearches} searches and ${figures.failedBatches} batches failed` : ""}`;
}

function pageRows(who: string, pages: PageFigures | undefined, why: string): [string, string][] {
  if (!pages) return [[`pages, ${who}`, why]];
  return Object.entries(pages).map(([label, figures]) => [`${label}, ${who}: first view / repeat view, p50`, `${ms(figures.first.p50)} / ${ms(figures.repeat.p50)}`]);
}

/** Every figure of one size as label and value; the summary puts sizes side by side on the same labels. */
export function figureRows(r: SizeResult): [string, string][] {
  const cold = (pick: (run: ColdRun) => number) => (r.cold.length ? `${ms(median(r.cold.map(pick)))} (${r.cold.map((run) => ms(pick(run))).join(", ")})` : "not run");
  const { steady, afterLoad } = r.memory;
  /** A figure, or why it is missing. */
  const shown = <T>(value: T | undefined, format: (value: T) => string, phase?: string) => (value !== undefined ? format(value) : phase ? missing(r, phase) : "failed (see errors)");
  return [
    ["vehicles (largest site / small site)", `${count(r.vehicles)} (${count(r.largest.vehicles)} / ${count(r.small.vehicles)})`],
    ["sites with stock", count(r.sitesWithStock)],
    [
      "import through the stock API, batches of 500",
      r.import.vehicles ? `${count(r.import.vehicles / r.import.postSeconds)} vehicles/s (${count(r.import.vehicles)} in ${r.import.seconds.toFixed(0)} s${r.import.retried ? `, ${r.import.retried} batches retried` : ""})` : "none",
    ],
    ["mf-search heap, live after GC (warm, steady)", shown(steady, (m) => mib(m.heapLive.usedSize))],
    ["mf-search heap, live after GC (after all phases)", shown(afterLoad, (m) => mib(m.heapLive.usedSize))],
    ["mf-search heap, largest sampled (garbage included)", mib(r.memory.peakHeapBytes)],
    ["mf-search heap after a fresh isolate's first search (largest site)", r.cold.length ? mib(median(r.cold.map((run) => run.heapAfterLargest.usedSize))) : "not run"],
    ["platform RSS / PSS after all phases (every process)", shown(afterLoad, (m) => `${gib(m.rssKb)} / ${gib(m.pssKb)}`)],
    ["platform RSS, largest sampled", gib(r.memory.peakRssKb)],
    ["search API warm p50 / p95, largest site", shown(r.warm, (w) => p50p95(w.largest), "search")],
    ["search API warm p50 / p95, small site", shown(r.warm, (w) => p50p95(w.small), "search")],
    ["search API cold: fresh isolate's first search, largest site (median, runs)", cold((run) => run.largestFirstMs)],
    ["search API: its next search, largest site", cold((run) => run.largestNextMs)],
    ["platform restart for that fresh isolate (stop, start)", cold((run) => run.restartSeconds * 1000)],
    ["search API: then the small site's first search", cold((run) => run.smallFirstMs)],
    ["search API: first search after the import, largest site", shown(r.firstSearchAfterImportMs, ms, "search")],
    ["search API p50 / p95 while a batch/s arrives on other sites", shown(r.stream, (s) => streamCell(s.other), "stream")],
    ["search API p50 / p95 while a batch/s arrives on the same site", shown(r.stream, (s) => streamCell(s.same), "stream")],
    ["stock batch of 100 accepted, p50 / max", shown(r.stream, (s) => p50max({ ...s.other.batch, max: Math.max(s.other.batch.max, s.same.batch.max) }), "stream")],
    ["one vehicle changed: accepted p50, largest site", shown(r.change, (c) => ms(c.largest.accepted.p50), "change")],
    ["change to visible in search p50 / max, largest site", shown(r.change, (c) => p50max(c.largest.visible), "change")],
    ["change to visible in search p50 / max, small site", shown(r.change, (c) => p50max(c.small.visible), "change")],
    ["CPU of one change (platform, polls excluded) p50 / max, largest site", shown(r.change, (c) => p50max(c.largest.cpu), "change")],
    [
      "bulk feed searchable in full after its last batch's 200 (goal 10 s)",
      shown(r.catchUp, (c) => `${ms(c.catchUpMs)} (${count(c.vehicles)} cars in ${c.batches} batches, sent in ${c.importSeconds.toFixed(0)} s)`, "feed"),
    ],
    ...pageRows("largest site", r.pages?.largest, missing(r, "pages")),
    ...pageRows("small site", r.pages?.small, missing(r, "pages")),
    ...(r.insights?.catchUp ? [["insights, largest site, after the import: its first view; the catch-up window's views", catchUpLine(r.insights.catchUp)] as [string, string]] : []),
    ...(r.insights?.pages ?? []).map(({ path, cars, first, times, behind }): [string, string] => [
      `${path}, largest site (${count(cars)} rows): first view; then p50 / p95 (goal p95 300 ms); views answered behind`,
      `${ms(first)}; ${p50p95(times)}; ${behind ?? 0}`,
    ]),
    ...(r.insights
      ? ([
          ["car page with counting on / off, largest site: p50", `${ms(r.insights.counting.on.p50)} / ${ms(r.insights.counting.off.p50)}`],
          ["what counting a view adds, per adjacent pair: p50 / p95 (goal 2 ms)", p50p95(r.insights.counting.added)],
        ] as [string, string][])
      : []),
    ["time this size took to measure", `${(r.seconds / 60).toFixed(1)} min`],
    ["phases that failed", r.errors.length ? `${r.errors.length} (listed under the size's table)` : "none"],
  ];
}

/** A plain text table: the first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function sizeTable(r: SizeResult): string {
  const errors = r.errors.map((error) => `\n  failed: ${error}`).join("");
  return table([`${count(r.size)} vehicles`, "value"], figureRows(r)) + errors;
}

/** Sizes side by side; a figure a size lacks (another site had a sitemap file) reads "-". */
export function summaryTable(results: SizeResult[]): string {
  const labels: string[] = [];
  const bySize = results.map((r) => new Map(figureRows(r)));
  for (const rows of bySize) for (const label of rows.keys()) if (!labels.includes(label)) labels.push(label);
  return table(["figure", ...results.map((r) => count(r.size))], labels.map((label) => [label, ...bySize.map((rows) => rows.get(label) ?? "-")]));
}
