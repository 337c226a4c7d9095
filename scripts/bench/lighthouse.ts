import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_PATH } from "../chromium";

export type LighthouseFigures = { performance: number; seo: number; accessibility: number; lcp: number; tbt: number; cls: number };

/** Lighthouse's default run: a mobile device with simulated throttling, in Debian's Chromium. */
export async function lighthouseRun(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
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
