import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchSite, headArrival, firstCarPath, launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";
import { replaceWorker, stopRecordedWorker } from "../support/workers";

const SITE = "harbour-city-motors";
const SLOT_TIMEOUT_MS = 1500;
/** Time the page may take beyond the slot budget (rendering, the other slots, a loaded machine). */
const MARGIN_MS = 1500;
// A dead remote's manifest request fails at the network level; Chromium logs that as an error.
const deadRemoteNoise = [/Failed to load resource/];

let browser: Browser;
let carPath: string;
beforeAll(async () => {
  browser = await launchChromium();
  carPath = await firstCarPath(SITE);
});
afterAll(async () => {
  await browser?.close();
  await replaceWorker("mf-finance");
});

async function timedPage(path: string) {
  const started = Date.now();
  const response = await fetchSite(SITE, path);
  return { status: response.status, ms: Date.now() - started, html: await response.text() };
}

async function vehicleSlotStillWorks(errorsAllowed: RegExp[]) {
  const page = await browser.newPage();
  const errors = watchConsole(page, errorsAllowed);
  await page.goto(siteUrl(SITE, carPath));
  await waitForHydration(page);
  await waitForSlot(page, "vehicle");
  await waitForSlot(page, "enquiry");
  const main = page.locator("#slot-vehicle img").first();
  const before = await main.getAttribute("src");
  await page.locator("#slot-vehicle").getByRole("button", { name: /next/i }).first().click();
  await expect.poll(() => main.getAttribute("src")).not.toEqual(before);
  return { page, errors };
}

describe("a remote that is down", () => {
  it("leaves the page answering 200 with that slot's fallback and every other slot working", async () => {
    await stopRecordedWorker("mf-finance");
    const { status, ms, html } = await timedPage(carPath);
    expect(status).toBe(200);
    expect(ms).toBeLessThan(SLOT_TIMEOUT_MS + MARGIN_MS);
    expect(html).toMatch(/id="slot-finance"[^>]*data-fallback="true"/);
    expect(html).toMatch(/id="slot-vehicle"(?![^>]*data-fallback)/);

    const { page, errors } = await vehicleSlotStillWorks(deadRemoteNoise);
    await waitForSlot(page, "finance", "unavailable");
    await expect(page.locator("#slot-finance").innerText()).resolves.toContain("This section is unavailable right now.");
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("a remote slower than its timeout", () => {
  it("gets a fallback within the budget, the head leaves first, and the browser renders the slot", async () => {
    await replaceWorker("mf-finance", { FRAGMENT_DELAY_MS: "4000" });
    // The head leaves before any fragment has answered (the slow one would answer after 4 s);
    // the whole page waits out the slot budget.
    const head = await headArrival(SITE, carPath);
    expect(head.ms).toBeLessThan(SLOT_TIMEOUT_MS / 2);
    const { status, ms, html } = await timedPage(carPath);
    expect(status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(SLOT_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(SLOT_TIMEOUT_MS + MARGIN_MS);
    expect(html).toMatch(/id="slot-finance"[^>]*data-fallback="true"/);

    const { page, errors } = await vehicleSlotStillWorks([]);
    await waitForSlot(page, "finance", "client-rendered");
    // Client-rendered, it still gets its remote's styles.
    expect(await page.locator('link[rel="stylesheet"][href^="/_mf/mf-finance/"][href$="/fragments.css"]').count()).toBe(1);
    await expect(page.locator("#slot-finance").innerText()).resolves.toMatch(/repayments/i);
    expect(errors).toEqual([]);
    await page.close();
  });
});
