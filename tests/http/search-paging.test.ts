import { siteSearchFilters } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { demoConfig } from "../support/finance";
import { fetchSite } from "../support/platform";
import { searchSite } from "../support/search-api";

/**
 * Every car reachable (issue 32, ADR 0059): a site's search page counts its pages from all its cars, not the first
 * 1,000, and its last page shows the last cars. Coastal Caravans lists about 2,080 vans under /used-car, Summit
 * about 1,030 cars under /search; both ran past Algolia's default paginationLimitedTo of 1,000.
 */
const LISTINGS = [
  { site: "coastal-caravans", path: "/used-car" },
  { site: "summit-auto-group", path: "/search" },
];

/** "2,086 vehicles · page 1 of 100" as figures, and the cars the page shows (their /cars/{slug} links, in order). */
async function searchPage(site: string, path: string, page?: number) {
  const response = await fetchSite(site, page === undefined ? path : `${path}?page=${page}`);
  const html = (await response.text()).replaceAll("<!-- -->", "");
  const count = /search-results__count"[^>]*>([\d,]+) vehicles · page (\d+) of (\d+)/.exec(html);
  const slugs = [...new Set([...html.matchAll(/href="\/cars\/([a-z0-9-]+)"/g)].map((match) => match[1]!))];
  return { status: response.status, count: Number(count?.[1]?.replaceAll(",", "")), page: Number(count?.[2]), of: Number(count?.[3]), slugs };
}

/** The site's listed cars in the page's order, from its search API with the page's own filters, 1,000 a request. */
async function listedSlugs(site: string): Promise<string[]> {
  const filters = siteSearchFilters(demoConfig(site), new Date()).map((filter) => `(${filter})`).join(" AND ");
  const slugs: string[] = [];
  for (let page = 0; ; page++) {
    const { hits } = await searchSite<{ slug: string }>(site, { filters, hitsPerPage: 1000, page, attributesToRetrieve: ["slug"], attributesToHighlight: [] });
    slugs.push(...hits.map((hit) => hit.slug));
    if (hits.length < 1000) return slugs;
  }
}

describe.each(LISTINGS)("paging every car of $site ($path)", ({ site, path }) => {
  it("counts its pages from every car; the last page number shown is reachable and shows the last cars", { timeout: 120_000 }, async () => {
    const listed = await listedSlugs(site);
    const perPage = demoConfig(site).search.hitsPerPage;
    expect(listed.length).toBeGreaterThan(1000);
    const pages = Math.ceil(listed.length / perPage);
    const first = await searchPage(site, path);
    expect(first).toMatchObject({ status: 200, count: listed.length, page: 1, of: pages });
    expect(first.slugs).toEqual(listed.slice(0, perPage));
    const last = await searchPage(site, path, pages);
    expect(last).toMatchObject({ status: 200, page: pages, of: pages });
    expect(last.slugs).toEqual(listed.slice((pages - 1) * perPage));
    // Past the 1,000th car: page 49 of 21 cars was page 48 again before.
    const past1000 = Math.floor(1000 / perPage) + 2;
    expect((await searchPage(site, path, past1000)).slugs).toEqual(listed.slice((past1000 - 1) * perPage, past1000 * perPage));
  });

  it("answers a page past the end with the last page, never an error", { timeout: 60_000 }, async () => {
    const first = await searchPage(site, path);
    const last = await searchPage(site, path, first.of);
    for (const beyond of [first.of + 1, first.of + 500, 999_999]) {
      const page = await searchPage(site, path, beyond);
      expect(page).toMatchObject({ status: 200, page: first.of, of: first.of });
      expect(page.slugs).toEqual(last.slugs);
    }
  });
});
