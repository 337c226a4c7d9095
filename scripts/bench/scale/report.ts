import type { Summary } from "../stats";
import type { HeapUsage } from "../workerd-inspector";
import type { ChangeFigures, MemoryFigures, PageFigures, StreamFigures } from "./measure";

export type ColdRun = { restartSeconds: number; largestFirstMs: number; largestNextMs: number; smallFirstMs: number; heapAfterLargest: HeapUsage };

export type SizeResult = {
  size: number;
  vehicles: number;
  sitesWithStock: number;
  largest: { slug: string; vehicles: number };
  small: { slug: string; vehicles: number };
  import: { vehicles: number; batches: number; seconds: number; postSeconds: number };
  firstSearchAfterImportMs: number;
  search: { largest: Summary; small: Summary; streamOther: StreamFigures; streamSame: StreamFigures };
  change: { largest: ChangeFigures; small: ChangeFigures };
  memory: { steady: MemoryFigures; afterLoad: MemoryFigures; peakHeapBytes: number; peakRssKb: number };
  pages: { largest: PageFigures; small: PageFigures };
  cold: ColdRun[];
  seconds: number;
};

const count = (n: number) => Math.round(n).toLocaleString("en-AU");
export const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : value >= 10 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const gib = (kb: number) => (kb >= 2 ** 20 ? `${(kb / 2 ** 20).toFixed(2)} GiB` : `${(kb / 1024).toFixed(0)} MiB`);
const p50p95 = (s: Summary) => `${ms(s.p50)} / ${ms(s.p95)}`;
const p50max = (s: Summary) => `${ms(s.p50)} / ${ms(s.max)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function pageRows(who: string, pages: PageFigures): [string, string][] {
  return Object.entries(pages).map(([label, figures]) => [`${label}, ${who}: first view / repeat view, p50`, `${ms(figures.first.p50)} / ${ms(figures.repeat.p50)}`]);
}

/** Every figure of one size as label and value; the summary puts sizes side by side on the same labels. */
export function figureRows(r: SizeResult): [string, string][] {
  const cold = (pick: (run: ColdRun) => number) => (r.cold.length ? `${ms(median(r.cold.map(pick)))} (${r.cold.map((run) => ms(pick(run))).join(", ")})` : "not run");
  return [
    ["vehicles (largest site / small site)", `${count(r.vehicles)} (${count(r.largest.vehicles)} / ${count(r.small.vehicles)})`],
    ["sites with stock", count(r.sitesWithStock)],
    ["import through the stock API, batches of 500", r.import.vehicles ? `${count(r.import.vehicles / r.import.postSeconds)} vehicles/s (${count(r.import.vehicles)} in ${r.import.seconds.toFixed(0)} s)` : "none"],
    ["mf-search heap, live after GC (warm, steady)", mib(r.memory.steady.heapLive.usedSize)],
    ["mf-search heap, live after GC (after all phases)", mib(r.memory.afterLoad.heapLive.usedSize)],
    ["mf-search heap, largest sampled (garbage included)", mib(r.memory.peakHeapBytes)],
    ["mf-search heap after a fresh isolate's first search (largest site)", r.cold.length ? mib(median(r.cold.map((run) => run.heapAfterLargest.usedSize))) : "not run"],
    ["platform RSS / PSS after all phases (every process)", `${gib(r.memory.afterLoad.rssKb)} / ${gib(r.memory.afterLoad.pssKb)}`],
    ["platform RSS, largest sampled", gib(r.memory.peakRssKb)],
    ["search API warm p50 / p95, largest site", p50p95(r.search.largest)],
    ["search API warm p50 / p95, small site", p50p95(r.search.small)],
    ["search API cold: fresh isolate's first search, largest site (median, runs)", cold((run) => run.largestFirstMs)],
    ["search API: its next search, largest site", cold((run) => run.largestNextMs)],
    ["platform restart for that fresh isolate (stop, start)", cold((run) => run.restartSeconds * 1000)],
    ["search API: then the small site's first search", cold((run) => run.smallFirstMs)],
    ["search API: first search after the import, largest site", ms(r.firstSearchAfterImportMs)],
    ["search API p50 / p95 while a batch/s arrives on other sites", `${p50p95(r.search.streamOther.search)}, max ${ms(r.search.streamOther.search.max)}`],
    ["search API p50 / p95 while a batch/s arrives on the same site", `${p50p95(r.search.streamSame.search)}, max ${ms(r.search.streamSame.search.max)}`],
    ["stock batch of 100 accepted, p50 / max", p50max({ ...r.search.streamOther.batch, max: Math.max(r.search.streamOther.batch.max, r.search.streamSame.batch.max) })],
    ["one vehicle changed: accepted p50, largest site", ms(r.change.largest.accepted.p50)],
    ["change to visible in search p50 / max, largest site", p50max(r.change.largest.visible)],
    ["change to visible in search p50 / max, small site", p50max(r.change.small.visible)],
    ["CPU of one change (platform, polls excluded) p50 / max, largest site", p50max(r.change.largest.cpu)],
    ...pageRows("largest site", r.pages.largest),
    ...pageRows("small site", r.pages.small),
    ["time this size took to measure", `${(r.seconds / 60).toFixed(1)} min`],
  ];
}

/** A plain text table: the first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function sizeTable(r: SizeResult): string {
  return table([`${count(r.size)} vehicles`, "value"], figureRows(r));
}

/** Sizes side by side; a figure a size lacks (another site had a sitemap file) reads "-". */
export function summaryTable(results: SizeResult[]): string {
  const labels: string[] = [];
  const bySize = results.map((r) => new Map(figureRows(r)));
  for (const rows of bySize) for (const label of rows.keys()) if (!labels.includes(label)) labels.push(label);
  return table(["figure", ...results.map((r) => count(r.size))], labels.map((label) => [label, ...bySize.map((rows) => rows.get(label) ?? "-")]));
}
