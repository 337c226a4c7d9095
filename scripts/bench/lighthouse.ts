import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium";

/** benchmarkIndex: Lighthouse's measure of the CPU during the run (about 1,000+ for a free desktop core; far lower
 * when other processes share the machine, and then TBT, and the score, say more about the load than the page). */
export type LighthouseFigures = { performance: number; seo: number; accessibility: number; lcp: number; tbt: number; cls: number; benchmarkIndex: number };

/** Lighthouse's default run: a mobile device with simulated throttling, in Debian's Chromium. */
export async function lighthouseRun(url: string): Promise<LighthouseFigures> {
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
    };
  } finally {
    chrome.kill();
  }
}

/** The run whose performance score is the median of n. */
export async function lighthouseMedian(url: string, runs = 3): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) results.push(await lighthouseRun(url));
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)] as LighthouseFigures;
}
