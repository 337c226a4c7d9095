import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsWithId, watchBeaconEvents } from "../support/analytics";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

/**
 * Analytics event 61, a result card opened (ADR 0076), on a phone whose network is slow: the search page loads the
 * analytics code on the first interaction, and a plain click leaves the page. The event must not be lost to that race.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(["harbour-city-motors", "outback-trucks"])("on %s", (site) => {
  it("a card opened before the analytics code has arrived still sends event 61, then opens the car's page", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const sent = watchBeaconEvents(page);
    await page.goto(siteUrl(site, "/search"));
    await waitForHydration(page);
    // From here every script arrives 1.5 s late, as on a slow phone's network.
    const lateScripts: string[] = [];
    await page.route("**/*.js", async (route) => {
      lateScripts.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });
    const card = page.locator(".card__link[data-car-id]").first();
    const carId = Number(await card.getAttribute("data-car-id"));
    const href = new URL((await card.getAttribute("href"))!, siteUrl(site, "/")).pathname;
    await card.click();
    await page.waitForURL((url) => url.pathname === href, { waitUntil: "commit" });
    // The click came before the analytics code (it was asked for after it, and late), yet the event left.
    expect(lateScripts.length).toBeGreaterThan(0);
    await expect.poll(() => eventsWithId(sent, 61).map((event) => event.data)).toEqual([{ car_id: carId }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
