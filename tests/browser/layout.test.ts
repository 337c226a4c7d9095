import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLayoutProblems, type LayoutProblem } from "../support/layout-check";
import { firstCarPath, launchChromium, siteUrl, waitForHydration } from "../support/platform";

/** Issue 25: every route kind, two templates (a single dealer and a group), five widths, one page each. */
const WIDTHS = [360, 390, 768, 1024, 1440];
const SITES = ["harbour-city-motors", "summit-auto-group"];
const ROUTES = ["/", "/search", "CAR", "/finance", "/dealer-locator", "/contact", "/trade-in", "/service", "/compare", "/about-us", "/blog", "/brands"];

// The function's source runs in the page; the bundler's name helper is defined there too.
const CHECK = `(() => { const __name = (f) => f; return (${findLayoutProblems.toString()})(); })()`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("layout holds at every width (no overflow, clipped text, small targets or overlapping controls)", () => {
  for (const site of SITES) {
    it(site, async () => {
      const carPath = await firstCarPath(site);
      // One line per problem, with the widths it shows at.
      const found = new Map<string, number[]>();
      for (const route of ROUTES) {
        const path = route === "CAR" ? carPath : route;
        if (site === "harbour-city-motors" && path === "/brands") continue; // a group's page
        const page = await browser.newPage({ viewport: { width: WIDTHS[0] as number, height: 800 }, reducedMotion: "reduce" });
        const response = await page.goto(siteUrl(site, path));
        expect(response?.status(), `${site}${path}`).toBeLessThan(400);
        await waitForHydration(page);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          const problems = (await page.evaluate(CHECK)) as LayoutProblem[];
          for (const problem of problems) {
            const key = `${path}: ${problem.kind} ${problem.element} (${problem.detail.replace(/\d+-\d+ px in a \d+ px viewport/, "past the viewport")})`;
            found.set(key, [...(found.get(key) ?? []), width]);
          }
        }
        await page.close();
      }
      expect([...found].map(([problem, widths]) => `${problem} @${widths.join(",")}`)).toEqual([]);
    }, 120_000);
  }
});
