import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { launchChromium } from "../chromium";
import { PLATFORM_PORT } from "../stack";

/**
 * npm run bench:vehicle (platform running): for /cars/{slug} of several kinds of car, at phone and desktop size,
 * the JavaScript the first load downloads (gzip, by script), and LCP and CLS as Chromium reports them. Prints only.
 */
const SITE = "harbour-city-motors";
const BUDGET_KB = 110;
const host = `${SITE}.localhost:${PLATFORM_PORT}`;
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };

async function carPaths(page: Page): Promise<string[]> {
  await page.goto(`http://${host}/search`);
  const hrefs = await page.locator(".card__link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return [...new Set(hrefs)].slice(0, 3);
}

/** LCP and CLS as the page's own PerformanceObservers saw them, once it has settled. */
function vitals(page: Page): Promise<{ lcp: number; cls: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let lcp = 0;
        let cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) cls += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve({ lcp, cls }), 1500);
      }),
  );
}

const browser = await launchChromium();
const paths = await carPaths(await browser.newPage());
let worst = 0;
for (const path of paths) {
  for (const [name, viewport] of Object.entries(viewports)) {
    const page = await browser.newPage({ viewport });
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith(".js")) return;
      pending.push(response.body().then((body) => void scripts.set(url.pathname, gzipSync(body).length)).catch(() => undefined));
    });
    await page.goto(`http://${host}${path}`);
    await page.waitForSelector("html[data-hydrated='true']", { timeout: 20_000 });
    const { lcp, cls } = await vitals(page);
    await Promise.all(pending);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    worst = Math.max(worst, total);
    console.log(`${path} (${name}): ${total.toFixed(1)} KB gzip JS, LCP ${lcp.toFixed(0)} ms, CLS ${cls.toFixed(3)}`);
    for (const [script, bytes] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`    ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${script}`);
    await page.close();
  }
}
await browser.close();
console.log(`\nLargest first load: ${worst.toFixed(1)} KB (budget ${BUDGET_KB} KB) ${worst <= BUDGET_KB ? "within budget" : "OVER BUDGET"}`);
