import { launchChromium } from "../chromium";
import { PLATFORM_PORT } from "../stack";
import { percentile } from "./stats";

/**
 * npm run bench:keystrokes (platform running): keystroke to updated results on /search, as a shopper types. Playwright
 * types each query key by key into the search box and presses Enter (which searches at once, without the box's
 * 300 ms typing delay); the page times, in its own clock, from that keydown to the first change of the results.
 * The first search (which loads the search code) is left out, and every query differs, so none is a cache hit.
 * Prints p50/p95 per site and size; asserts nothing (issue 9's target: p95 under 100 ms).
 */
const SITES = ["summit-auto-group", "harbour-city-motors"];
const QUERIES = ["toyota", "kia", "mazda", "hyundai", "ford", "ranger", "corolla", "suv", "hatch", "ute", "sedan", "white", "black", "diesel", "hybrid", "automatic", "cx-5", "i30", "rav4", "tucson", "sportage", "everest", "camry", "hilux", "outlander"];
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };

const browser = await launchChromium();
console.log(`Keystroke to results on /search (${QUERIES.length} queries per page, typed key by key, then Enter):`);
for (const site of SITES) {
  for (const [size, viewport] of Object.entries(viewports)) {
    const page = await browser.newPage({ viewport });
    await page.goto(`http://${site}.localhost:${PLATFORM_PORT}/search`);
    await page.waitForSelector("html[data-hydrated='true']", { timeout: 20_000 });
    const box = page.locator("#search-box-input");
    const times: number[] = [];
    for (const [index, query] of ["warm-up", ...QUERIES].entries()) {
      await box.fill("");
      await box.pressSequentially(query, { delay: 20 });
      await page.evaluate(() => {
        const state = window as unknown as { __keyAt?: number; __changedAt?: Promise<number> };
        const region = document.querySelector(".search-results__main");
        if (!region) throw new Error("no results region");
        state.__changedAt = new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            observer.disconnect();
            resolve(performance.now());
          });
          observer.observe(region, { childList: true, subtree: true, characterData: true });
        });
        document.getElementById("search-box-input")?.addEventListener("keydown", () => (state.__keyAt = performance.now()), { once: true, capture: true });
      });
      await box.press("Enter");
      const ms = await page.evaluate(async () => {
        const state = window as unknown as { __keyAt: number; __changedAt: Promise<number> };
        return (await state.__changedAt) - state.__keyAt;
      });
      if (index > 0) times.push(ms);
    }
    console.log(`  ${site.padEnd(20)} ${size.padEnd(8)} p50 ${percentile(times, 50).toFixed(1)} ms   p95 ${percentile(times, 95).toFixed(1)} ms   (${times.length} searches)`);
    await page.close();
  }
}
await browser.close();
