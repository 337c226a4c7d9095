import { rankSimilarCars, SIMILAR_QUERY_LIMIT, similarCarsFilters, siteSearchFilters } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { demoConfig } from "../support/finance";
import { searchCars } from "../support/finance-cars";
import { fetchSite } from "../support/platform";

/**
 * Spec §7's "fetch of related car ids by slug" (ADR 0048): GET /cars/{slug}/related.json is the car's similar vehicles
 * as the vehicle page ranks them, computed here from the search API's records with the shared rules.
 */
describe.each(["harbour-city-motors", "summit-auto-group"])("related car ids on %s", (site) => {
  it("are the similar vehicles' ids in the page's order; a sold car has none; an unknown or malformed slug is a 4xx", async () => {
    const config = demoConfig(site);
    const listed = siteSearchFilters(config, new Date()).map((filter) => `(${filter})`);
    const [car] = await searchCars(site, "status:in_stock AND price > 5000", 1);
    const hits = (await Promise.all(similarCarsFilters(car!).map((filter) => searchCars(site, [...listed, `(${filter})`].join(" AND "), SIMILAR_QUERY_LIMIT)))).flat();
    const ranked = rankSimilarCars(hits, car!, config.vehicle.similarCarsCount);
    const expected = ranked.map((hit) => hit.id);
    expect(expected.length).toBeGreaterThan(0);
    const answer = await fetchSite(site, `/cars/${car!.slug}/related.json`);
    expect(answer.status).toBe(200);
    // The ids, and what the car page's row shows of each, in the same order (ADR 0076).
    const body = (await answer.json()) as { ids: number[]; cards: { id: number; href: string }[] };
    expect(body.ids).toEqual(expected);
    expect(body.cards.map(({ id, href }) => ({ id, href }))).toEqual(ranked.map((hit) => ({ id: hit.id, href: `/cars/${hit.slug}` })));

    const [sold] = await searchCars(site, "status:sold", 1);
    if (sold) await expect((await fetchSite(site, `/cars/${sold.slug}/related.json`)).json()).resolves.toEqual({ ids: [], cards: [] });
    expect((await fetchSite(site, "/cars/no-such-car-anywhere/related.json")).status).toBe(404);
    const malformed = await fetchSite(site, "/cars/Not_A_Slug!/related.json");
    expect(malformed.status).toBe(400);
  });
});
