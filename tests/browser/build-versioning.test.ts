import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, remotes } from "../../scripts/stack";
import { fetchSite, launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";
import { buildPackage, replaceWorker } from "../support/workers";

const SITE = "harbour-city-motors";
const buildIdOf = (name: string) => readFileSync(join(ROOT, name, "dist/BUILD_ID"), "utf8").trim();
const slotBuild = (html: string) => /id="slot-finance"[^>]*data-build="([^"]+)"/.exec(html)?.[1];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  // Back to the content-hash build the rest of the suite expects.
  buildPackage("mf-finance");
  await replaceWorker("mf-finance");
});

describe("a remote redeployed with a new build id", () => {
  it("serves new pages from the new build while a page rendered by the old build still hydrates", async () => {
    const oldHtml = await (await fetchSite(SITE, "/finance")).text();
    const oldBuild = slotBuild(oldHtml);
    expect(oldBuild).toBeTruthy();
    const others = Object.fromEntries(remotes.filter((r) => r !== "mf-finance").map((r) => [r, buildIdOf(r)]));

    const newBuild = `t${Date.now().toString(36)}`;
    buildPackage("mf-finance", newBuild);
    await replaceWorker("mf-finance");

    expect(slotBuild(await (await fetchSite(SITE, "/finance")).text())).toBe(newBuild);
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
    await waitForHydration(page);
    await expect(page.locator("#slot-finance").getAttribute("data-hydrated")).resolves.toBe("true");
    expect([...assetBuilds]).toEqual([oldBuild]);
    // Hydrated means interactive: changing the price recomputes the estimate.
    const estimate = page.locator("#slot-finance");
    const before = await estimate.innerText();
    await estimate.getByLabel(/price/i).first().fill("45000");
    await expect.poll(() => estimate.innerText()).not.toEqual(before);
    expect(errors).toEqual([]);
    await page.close();
  });
});
