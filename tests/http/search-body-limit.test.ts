import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";

const SITE = "ridge-motorcycles";
const SEARCH_HEADERS = { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${SITE}`, "content-type": "application/json" };
const TEN_MB = "x".repeat(10 * 1024 * 1024);

/** Time and status of one oversized POST: refused from its Content-Length, not after reading it. */
async function refusal(path: string, headers: Record<string, string>, body: string) {
  const started = Date.now();
  const response = await fetchSite(SITE, path, { method: "POST", headers, body });
  return { status: response.status, ms: Date.now() - started, body: (await response.json()) as { message: string } };
}

describe("mf-search body limits", () => {
  it("a 10 MB body to the search API and the stock feed is refused with 413", async () => {
    const paths: [string, Record<string, string>][] = [
      ["/1/indexes/Car_production/query", SEARCH_HEADERS],
      ["/1/indexes/*/queries", SEARCH_HEADERS],
      ["/1/indexes/Car_production/batch", SEARCH_HEADERS],
      ["/api/stock/vehicles/batch", { authorization: `Bearer write-${SITE}`, "content-type": "application/json" }],
    ];
    for (const [path, headers] of paths) {
      const answer = await refusal(path, headers, TEN_MB);
      expect(answer.status, path).toBe(413);
      expect(answer.body.message, path).toMatch(/^Request body too large/);
      expect(answer.ms, path).toBeLessThan(5000);
    }
  });

  it("a query over 256 KB is refused; a normal query still answers", async () => {
    const big = await refusal("/1/indexes/Car_production/query", SEARCH_HEADERS, JSON.stringify({ query: "q".repeat(300 * 1024) }));
    expect(big.status).toBe(413);
    const normal = await fetchSite(SITE, "/1/indexes/Car_production/query", { method: "POST", headers: SEARCH_HEADERS, body: JSON.stringify({ hitsPerPage: 1 }) });
    expect(normal.status).toBe(200);
  });
});
