import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, remotes } from "../../scripts/stack";
import { query } from "../support/db";
import { fetchSite, launchChromium, siteUrl, vehiclePageStillWorks, waitForSlot, watchConsole } from "../support/platform";
import { SLOT_CACHE_TTL_MS } from "../../edge/src/page/slot-cache";
import { buildPackage, platformWithout, restartLoneRemote, restoreFullPlatform, stopLoneRemote } from "../support/workers";

/**
 * A squad works on its remote alone: the platform runs without mf-finance (npm run start:without) and
 * mf-finance runs as its own wrangler dev session (npm run start:remote), found through the dev registry.
 */
const SITE = "harbour-city-motors";
// A dead remote's assets fail at the network level; Chromium logs that as an error.
const deadRemoteNoise = [/Failed to load resource/];
const buildIdOf = (name: string) => readFileSync(join(ROOT, name, "dist/BUILD_ID"), "utf8").trim();
const financeSlot = (html: string) => /<div id="slot-finance"[^>]*>/.exec(html)?.[0] ?? "";
const slotBuild = (html: string) => /data-build="([^"]+)"/.exec(financeSlot(html))?.[1];
// The gateway keeps a rendered slot up to SLOT_CACHE_TTL_MS (ADR 0033, 0074): a redeploy or a stop shows within it.
const WITHIN_KEPT_SLOTS = { timeout: SLOT_CACHE_TTL_MS + 20_000, interval: 500 };

let browser: Browser;
let carPath: string;
beforeAll(async () => {
  browser = await launchChromium();
  await platformWithout("mf-finance");
  // A seeded car with photos to step through: the newest car (the search's first) can be another file's, with one.
  const [car] = query<{ slug: string }>(
    `SELECT slug FROM vehicles WHERE site = '${SITE}' AND status = 'in_stock' AND json_extract(data, '$.show_on_dealer_website') != 0
       AND json_array_length(data, '$.images') > 1 ORDER BY id LIMIT 1`,
  );
  carPath = `/cars/${car?.slug ?? ""}`;
});
afterAll(async () => {
  await browser?.close();
  // Back to the content-hash build and the one session the rest of the suite expects.
  buildPackage("mf-finance");
  await restoreFullPlatform();
});

describe("the platform without a remote", () => {
  it("answers 200 with that slot's fallback, every other slot working", async () => {
    // A page viewed in the last SLOT_CACHE_TTL_MS may still carry its kept finance markup (the shared tier outlives
    // the platform's restart without the remote): the fallback shows within it.
    let status = 0;
    let html = "";
    await expect
      .poll(async () => {
        const response = await fetchSite(SITE, carPath);
        status = response.status;
        html = await response.text();
        return financeSlot(html);
      }, WITHIN_KEPT_SLOTS)
      .toContain('data-fallback="true"');
    expect(status).toBe(200);
    expect(html).toMatch(/id="slot-vehicle"(?![^>]*data-fallback)/);

    const page = await browser.newPage();
    const errors = watchConsole(page, deadRemoteNoise);
    await vehiclePageStillWorks(page, siteUrl(SITE, carPath));
    await waitForSlot(page, "finance", "unavailable");
    await expect(page.locator("#slot-finance").innerText()).resolves.toContain("This section is unavailable right now.");
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("the remote run alone", () => {
  it("is found by the gateway: its slot renders on the server again", async () => {
    await restartLoneRemote("mf-finance");
    await expect
      .poll(async () => financeSlot(await (await fetchSite(SITE, "/finance")).text()), { timeout: 20_000, interval: 500 })
      .not.toContain('data-fallback="true"');
    const html = await (await fetchSite(SITE, "/finance")).text();
    expect(slotBuild(html)).toBe(buildIdOf("mf-finance"));
  });

  it("redeployed with a new build id, serves new pages from it while a page rendered by the old build still hydrates", async () => {
    const oldHtml = await (await fetchSite(SITE, "/finance")).text();
    const oldBuild = slotBuild(oldHtml);
    expect(oldBuild).toBeTruthy();
    const others = Object.fromEntries(remotes.filter((r) => r !== "mf-finance").map((r) => [r, buildIdOf(r)]));

    const newBuild = `t${Date.now().toString(36)}`;
    buildPackage("mf-finance", newBuild);
    await restartLoneRemote("mf-finance");
    await expect.poll(async () => slotBuild(await (await fetchSite(SITE, "/finance")).text()), WITHIN_KEPT_SLOTS).toBe(newBuild);
    for (const [remote, build] of Object.entries(others)) expect(buildIdOf(remote), `${remote} was rebuilt`).toBe(build);

    // The browser gets the page exactly as the old build rendered it.
    const page = await browser.newPage();
    const errors = watchConsole(page);
    const assetBuilds = new Set<string>();
    page.on("request", (request) => {
      const match = /\/_mf\/mf-finance\/([^/]+)\//.exec(request.url());
      if (match?.[1]) assetBuilds.add(match[1]);
    });
    await page.route(siteUrl(SITE, "/finance"), (route) => route.fulfill({ status: 200, contentType: "text/html", body: oldHtml }));
    await page.goto(siteUrl(SITE, "/finance"));
    // The calculator hydrates on first touch (ADR 0130): waitForSlot points at it.
    await waitForSlot(page, "finance");
    expect([...assetBuilds]).toEqual([oldBuild]);
    // Hydrated means interactive: changing the price recomputes the estimate.
    const estimate = page.locator("#slot-finance");
    const before = await estimate.innerText();
    await estimate.getByLabel(/price/i).first().fill("45000");
    await expect.poll(() => estimate.innerText()).not.toEqual(before);
    expect(errors).toEqual([]);
    await page.close();
  }, 150_000);

  it("stopped again, leaves the page with the fallback", async () => {
    await stopLoneRemote("mf-finance");
    await expect.poll(async () => financeSlot(await (await fetchSite(SITE, "/finance")).text()), WITHIN_KEPT_SLOTS).toContain('data-fallback="true"');
  }, 120_000);
});
