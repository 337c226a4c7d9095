import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";

/**
 * Keystroke to updated results, as a shopper types: Playwright presses Enter in the search box (which commits at
 * once, without the 300 ms typing delay) and the page times, in its own clock, from that keydown to the first
 * change of the results. The first search (which loads the search code) is left out; results are not cached twice
 * because every query differs.
 */
const QUERIES = ["toyota", "kia", "mazda", "hyundai", "ford", "ranger", "corolla", "suv", "hatch", "ute", "sedan", "white", "black", "diesel", "hybrid", "automatic", "cx-5", "i30", "rav4", "tucson", "sportage", "everest", "camry", "hilux", "outlander"];
/** Lenient for a shared 2-core machine; the target is 100 ms. */
const P95_LIMIT_MS = 250;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

describe("search keystroke to results", () => {
  it("prints p50/p95 and stays within the limit", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(siteUrl("summit-auto-group", "/search"));
    await waitForHydration(page);
    const box = page.getByRole("combobox", { name: "Search stock" });
    const times: number[] = [];
    for (const [index, query] of ["warm-up", ...QUERIES].entries()) {
      await box.fill(query);
      await page.evaluate(() => {
        const state = window as unknown as { __keyAt?: number; __changedAt?: Promise<number> };
        const region = document.querySelector(".search-results__main")!;
        state.__changedAt = new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            observer.disconnect();
            resolve(performance.now());
          });
          observer.observe(region, { childList: true, subtree: true, characterData: true });
        });
        document.getElementById("search-box-input")!.addEventListener("keydown", () => (state.__keyAt = performance.now()), { once: true, capture: true });
      });
      await box.press("Enter");
      const ms = await page.evaluate(async () => {
        const state = window as unknown as { __keyAt: number; __changedAt: Promise<number> };
        return (await state.__changedAt) - state.__keyAt;
      });
      if (index > 0) times.push(ms);
    }
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(`keystroke to results (${times.length} searches): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    expect(p95).toBeLessThan(P95_LIMIT_MS);
    await page.close();
  });
});
