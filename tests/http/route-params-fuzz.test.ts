import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ROUTE_PARAM_NAMES } from "../../edge/src/routes/slot-plans";
import { assertConcurrently, concurrentProperty } from "../support/fuzz";
import { fetchSite } from "../support/platform";
import { routeKindPaths } from "../support/route-kinds";

/**
 * A query parameter named like a route's own (`?slug=`, `?location=`, `?landing=`, every name in ROUTE_PARAM_NAMES)
 * never stands in for the route's value (issue 33): every slot still renders on the server, and the page answers
 * what the clean address answers. A group site on /search and the caravan site on /used-car.
 */
const SITES = ["summit-auto-group", "coastal-caravans"] as const;
const NAMES = [...ROUTE_PARAM_NAMES];
const JUNK = ["junk", "no-such-thing", "x'\"<b>", "../../etc", "%00", "", "1", "-1", "constructor"];

const withQuery = (path: string, pairs: [string, string][]) => `${path}${path.includes("?") ? "&" : "?"}${pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&")}`;
const fallbacks = (html: string) => [...html.matchAll(/id="slot-([^"]+)"[^>]*data-fallback="true"/g)].map((match) => match[1]);

/** A slot late on a busy machine also falls back: only one that falls back three times in a row is a failure. */
async function page(site: string, path: string): Promise<{ status: number; fallbacks: string[] }> {
  let last = { status: 0, fallbacks: [] as string[] };
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await fetchSite(site, path);
    const html = await response.text();
    last = { status: response.status, fallbacks: response.status === 200 ? (fallbacks(html) as string[]) : [] };
    if (!last.fallbacks.length) break;
  }
  return last;
}

const clean = new Map<string, number>();
const kinds: [string, string][] = [];
beforeAll(async () => {
  for (const site of SITES) {
    for (const path of await routeKindPaths(site, { contentPages: false })) {
      const { status } = await page(site, path);
      clean.set(`${site}${path}`, status);
      kinds.push([site, path]);
    }
  }
}, 300_000);

describe("route params win over the query", () => {
  it("names every route param of the slot plans", () => {
    expect(NAMES).toEqual(expect.arrayContaining(["slug", "location", "landing", "landingModel", "brand", "model", "post", "page", "subpage"]));
  });

  it.each(SITES)("%s: every route kind with every route param name in its query renders every slot and answers as the clean address", { timeout: 300_000 }, async (site) => {
    const failures: string[] = [];
    for (const [kindSite, path] of kinds.filter(([s]) => s === site)) {
      const expected = clean.get(`${kindSite}${path}`);
      if (expected !== 200 && expected !== 404) continue;
      for (const value of ["junk", "x'\"<b>"]) {
        const fuzzed = withQuery(path, NAMES.map((name) => [name, value]));
        const answer = await page(site, fuzzed);
        if (answer.status !== expected || answer.fallbacks.length) failures.push(`${fuzzed}: ${answer.status} (clean ${expected}), fallbacks ${answer.fallbacks.join(", ")}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("any subset of the names with junk values, on any route kind of either site", { timeout: 300_000 }, async () => {
    await assertConcurrently(
      concurrentProperty(fc.nat(), fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...JUNK)), { minLength: 1, maxLength: 4, selector: ([name]) => name }), async (index, pairs) => {
        const [site, path] = kinds[index % kinds.length] as [string, string];
        const expected = clean.get(`${site}${path}`);
        if (expected !== 200 && expected !== 404) return;
        const answer = await page(site, withQuery(path, pairs));
        expect(answer.status, `${site}${withQuery(path, pairs)}`).toBe(expected);
        expect(answer.fallbacks, `${site}${withQuery(path, pairs)}`).toEqual([]);
      }),
      { numRuns: 60, seed: 33 },
    );
  });
});
