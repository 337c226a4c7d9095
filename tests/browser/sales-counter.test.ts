import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { operatorApi } from "../support/operator";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";

/**
 * The sales counter refreshes every 150 s (spec) whichever figure it shows (issue 33, ADR 0062): the group's real
 * sales read again (summit-auto-group), or the formula recomputed (a new group with no stock). A fake clock moves
 * the page on; the re-read real sales are stood in for.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const figure = (page: Page) => page.locator(".sales-counter__figure").textContent();

async function homeWithClock(site: string, time: Date): Promise<{ page: Page; reads: string[] }> {
  const page = await browser.newPage();
  await page.clock.install({ time });
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/_props/mf-locations/SalesCounter")) reads.push(request.url());
  });
  await page.goto(siteUrl(site, "/"));
  await waitForHydration(page);
  await page.locator(".sales-counter__figure").waitFor();
  return { page, reads };
}

describe("the sales counter refreshes every 150 s", () => {
  it("summit-auto-group (real sales): reads the figure again after 150 s, not before", async () => {
    const { page, reads } = await homeWithClock("summit-auto-group", new Date());
    await page.route("**/_props/mf-locations/SalesCounter**", (route) => route.fulfill({ json: { count: 4321, source: "sales" } }));
    await page.clock.runFor(149_000);
    expect(reads).toEqual([]);
    await page.clock.runFor(2_000);
    await expect.poll(() => figure(page)).toBe("4321");
    expect(reads).toHaveLength(1);
    await page.close();
  });

  it("a new dealer group with no sales yet (the formula): recomputes the spec's figure every 150 s", { timeout: 90_000 }, async () => {
    const site = "counter-group";
    await operatorApi("DELETE", `/sites/${site}`);
    const file = parseYaml(readFileSync(join(import.meta.dirname, "../../examples/sites/seventh-dealer.yaml"), "utf8")) as Record<string, unknown> & { dealerships: { slug: string }[] };
    const dealerships = file.dealerships.map((dealership) => ({ ...dealership, slug: `${site}-${dealership.slug}` }));
    expect((await operatorApi("POST", "/sites", { ...file, slug: site, template: "dealer-group", domains: [], dealerships })).status).toBe(201);
    try {
      // 10:00 in Brisbane: 80 sales by the formula (one each 450 s); still 80 150 s later, 81 at 450 s.
      const { page } = await homeWithClock(site, new Date("2026-03-02T00:00:00Z"));
      await expect.poll(() => figure(page)).toBe("80");
      await page.clock.runFor(150_000);
      expect(await figure(page)).toBe("80");
      await page.clock.runFor(300_000);
      await expect.poll(() => figure(page)).toBe("81");
      await page.close();
    } finally {
      await operatorApi("DELETE", `/sites/${site}`);
    }
  });
});
