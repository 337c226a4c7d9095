import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_FAULT_HEADER } from "../../shared/src/fragment/dev-faults";
import { fetchSite, firstCarPath, headArrival, launchChromium, siteUrl, vehiclePageStillWorks, waitForSlot, watchConsole } from "../support/platform";

const SITE = "harbour-city-motors";
const SLOT_TIMEOUT_MS = 1500;
/** Time the page may take beyond the slot budget (rendering, the other slots, a loaded machine). */
const MARGIN_MS = 1500;
/** The dev-only fault switch: mf-finance answers its fragment 4 s late for requests that carry it. */
const SLOW_FINANCE = { [DEV_FAULT_HEADER]: "mf-finance=delay:4000" };

let browser: Browser;
let carPath: string;
beforeAll(async () => {
  browser = await launchChromium();
  carPath = await firstCarPath(SITE);
});
afterAll(async () => {
  await browser?.close();
});

describe("a remote slower than its timeout", () => {
  it("gets a fallback within the budget, the head leaves first, and the browser renders the slot", async () => {
    // The head leaves before any fragment has answered; the whole page waits out the slot budget.
    const head = await headArrival(SITE, carPath, SLOW_FINANCE);
    expect(head.ms).toBeLessThan(SLOT_TIMEOUT_MS / 2);
    const started = Date.now();
    const response = await fetchSite(SITE, carPath, { headers: SLOW_FINANCE });
    const html = await response.text();
    const ms = Date.now() - started;
    expect(response.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(SLOT_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(SLOT_TIMEOUT_MS + MARGIN_MS);
    expect(html).toMatch(/id="slot-calculator"[^>]*data-fallback="true"/);
    expect(html).toMatch(/id="slot-vehicle"(?![^>]*data-fallback)/);

    const page = await browser.newPage();
    const errors = watchConsole(page);
    // Only the page itself is slowed; the browser's later requests for the slot's props are not.
    await page.route(siteUrl(SITE, carPath), (route) => route.continue({ headers: { ...route.request().headers(), ...SLOW_FINANCE } }));
    await vehiclePageStillWorks(page, siteUrl(SITE, carPath));
    await waitForSlot(page, "calculator", "client-rendered");
    await expect(page.locator("#slot-calculator").innerText()).resolves.toMatch(/repayments/i);
    // Client-rendered, it still has its remote's styles.
    await expect(page.locator("#slot-calculator .finance-calculator").evaluate((el) => getComputedStyle(el).display)).resolves.not.toBe("inline");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("whose code then fails to load offers Retry, and Retry renders it once the remote answers again", async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page, [/Failed to load resource|ScriptNetworkError|RUNTIME-008/]);
    await page.route(siteUrl(SITE, carPath), (route) => route.continue({ headers: { ...route.request().headers(), ...SLOW_FINANCE } }));
    let down = true;
    await page.route("**/_mf/mf-finance/**/remoteEntry.js", (route) => (down ? route.abort() : route.continue()));
    await vehiclePageStillWorks(page, siteUrl(SITE, carPath));
    await waitForSlot(page, "calculator", "unavailable");
    down = false;
    // Retry registers the remote again (the federation runtime's removeRemote, then a fresh entry).
    await page.locator("#slot-calculator").getByRole("button", { name: "Retry" }).click();
    await waitForSlot(page, "calculator", "client-rendered");
    await expect(page.locator("#slot-calculator").innerText()).resolves.toMatch(/repayments/i);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("is off without the header: the same page renders every slot on the server", async () => {
    const html = await (await fetchSite(SITE, carPath)).text();
    expect(html).not.toContain('data-fallback="true"');
  });
});
