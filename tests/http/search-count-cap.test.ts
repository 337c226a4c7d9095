import { COUNT_CAP, formatNumber, siteSearchFilters } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { demoConfig } from "../support/finance";
import { fetchSite } from "../support/platform";

/**
 * Spec §9: a count over 1,999 is treated as capped and replaced by the in-stock or per-type facet total. The demo's
 * Coastal Caravans lists more than that under /used-car (its search base), so the rule's path is the one it shows.
 */
const SITE = "coastal-caravans";

describe("the result count over the count cap", () => {
  it("is the per-type facet total of the site's listed stock, as the search API counts it", async () => {
    const filters = siteSearchFilters(demoConfig(SITE), new Date()).map((filter) => `(${filter})`).join(" AND ");
    const answer = await fetchSite(SITE, "/1/indexes/Car_production/query", {
      method: "POST",
      headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${SITE}`, "content-type": "application/json" },
      body: JSON.stringify({ filters, facets: ["car_type"], hitsPerPage: 0 }),
    });
    const { facets } = (await answer.json()) as { facets: { car_type: Record<string, number> } };
    const typeTotal = Object.values(facets.car_type).reduce((sum, count) => sum + count, 0);
    expect(typeTotal).toBeGreaterThan(COUNT_CAP);
    const page = await (await fetchSite(SITE, "/used-car")).text();
    expect(/search-results__count"[^>]*>([\d,]+) vehicles/.exec(page)?.[1]).toBe(formatNumber(typeTotal));
  });
});
