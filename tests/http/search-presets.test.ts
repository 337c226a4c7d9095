import { describe, expect, it } from "vitest";
import { query } from "../support/db";
import { fetchSite } from "../support/platform";

/**
 * A site's numbered preset (ADR 0025) is applied on the server: the demo's metro-certified runs preset 3
 * (certified used) and outback-trucks preset 6 (in stock now). The counts are checked against the database.
 */
type Props = { view: { count: number; cards: { inStock: boolean; subtitle: string }[] } };

async function searchProps(site: string, address: string): Promise<Props> {
  const response = await fetchSite(site, `/_props/mf-search/SearchResults?slot=search&path=${encodeURIComponent(address)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Props;
}

/** The spec's visibility (in stock or coming soon, or sold within the default 3 days; shown on the website) plus a condition. */
function visibleCount(site: string, condition: string): number {
  const [row] = query<{ n: number }>(
    `SELECT COUNT(*) AS n FROM vehicles WHERE site = '${site}' AND json_extract(data, '$.show_on_dealer_website') != 0
       AND (status IN ('in_stock', 'coming_soon') OR unixepoch(json_extract(data, '$.sold_date')) >= unixepoch('now', '-3 days'))
       AND (${condition})`,
  );
  return row!.n;
}

describe("search presets against the database", () => {
  it("outback-trucks (preset 6, in stock now) lists only in-stock trucks, however the address is refined", async () => {
    const expected = visibleCount("outback-trucks", "status = 'in_stock'");
    expect(expected).toBeGreaterThan(0);
    // Without the preset the coming-soon and recently sold trucks would be listed too.
    expect(visibleCount("outback-trucks", "1")).toBeGreaterThan(expected);
    const props = await searchProps("outback-trucks", "/search");
    expect(props.view.count).toBe(expected);
    expect(props.view.cards.every((card) => card.inStock)).toBe(true);
    // A landing path for used trucks narrows within the preset, never past it.
    const used = await searchProps("outback-trucks", "/search/used-cars?page=1");
    expect(used.view.count).toBe(visibleCount("outback-trucks", "status = 'in_stock' AND json_extract(data, '$.car_type') = 'used'"));
  });

  it("metro-certified (preset 3, certified used) cannot be widened from the address", async () => {
    const expected = visibleCount("metro-certified", "json_extract(data, '$.car_type') = 'used' AND json_extract(data, '$.certified') = 1");
    expect(expected).toBeGreaterThan(0);
    expect((await searchProps("metro-certified", "/search")).view.count).toBe(expected);
    const widened = await searchProps("metro-certified", "/search?refinementList[certified][0]=false&refinementList[car_type][0]=new");
    expect(widened.view.count).toBe(0);
  });
});
