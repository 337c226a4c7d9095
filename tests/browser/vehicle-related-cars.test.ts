import type { Car } from "@dealer/shared/contract";
import { rankSimilarCars, relatedCarsPath, SIMILAR_QUERY_LIMIT, similarCarsFilters, siteSearchFilters } from "@dealer/shared/rules";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoConfig } from "../support/finance";
import { searchCars } from "../support/finance-cars";
import { launchChromium, siteUrl, waitForHydration, waitForSlot } from "../support/platform";

/**
 * Issue 32, goal 4 (ADR 0065): the car page calls spec §7's "fetch of related car ids by slug"
 * (GET /cars/{slug}/related.json) and its Similar vehicles row shows the cars the call names, in its order. The
 * expected cars are the similar ranking computed here from the search API's records with the shared rules.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The first in-stock car of the site with at least two similar cars, and its similar cars' ids as the page ranks them. */
async function carWithSimilar(site: string): Promise<{ car: Car; ids: number[] }> {
  const config = demoConfig(site);
  const listed = siteSearchFilters(config, new Date()).map((filter) => `(${filter})`);
  for (const car of await searchCars(site, "status:in_stock AND price > 5000", 20)) {
    const hits = (await Promise.all(similarCarsFilters(car).map((filter) => searchCars(site, [...listed, `(${filter})`].join(" AND "), SIMILAR_QUERY_LIMIT)))).flat();
    const ids = rankSimilarCars(hits, car, config.vehicle.similarCarsCount).map((hit) => hit.id);
    if (ids.length >= 2) return { car, ids };
  }
  throw new Error(`no car with two similar cars on ${site}`);
}

/**
 * The car page with its related-cars answers recorded (and, with `answer`, replaced), before the row hydrates: it
 * hydrates only as the shopper nears it, which `nearRow` does.
 */
async function openWithRelated(site: string, car: Car, answer?: { status: number; json: unknown }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const answers: { method: string; body: unknown }[] = [];
  const path = relatedCarsPath(car.slug);
  if (answer) await page.route(`**${path}`, (route) => route.fulfill(answer));
  page.on("response", async (response) => {
    if (new URL(response.url()).pathname === path) answers.push({ method: response.request().method(), body: await response.json().catch(() => null) });
  });
  await page.goto(siteUrl(site, `/cars/${car.slug}`), { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  const nearRow = () => waitForSlot(page, "similar");
  return { page, answers, nearRow };
}

const rowIds = (page: Page) =>
  page.locator("#slot-similar .vehicle-row__card").evaluateAll((cards) => cards.map((card) => Number((card as HTMLElement).dataset.carId)));

describe.each(["harbour-city-motors", "summit-auto-group"])("the Similar vehicles row on %s", (site) => {
  it("calls GET /cars/{slug}/related.json as it hydrates and shows the cars it names, in its order", async () => {
    const { car, ids } = await carWithSimilar(site);
    const { page, answers, nearRow } = await openWithRelated(site, car);
    // The server renders the same ranking (the row works without JavaScript)...
    expect(await rowIds(page)).toEqual(ids);
    expect(answers).toEqual([]);
    // ...and the row, once its code loads on approach, asks for the ids and shows them.
    await nearRow();
    await expect.poll(() => answers).toEqual([{ method: "GET", body: { ids } }]);
    expect(await rowIds(page)).toEqual(ids);
    await page.context().close();
  });

  it("shows what the call answers, not what the server rendered; a failed call leaves the row as it was", async () => {
    const { car, ids } = await carWithSimilar(site);
    // The answer after the first similar car was sold: the rest, in another order.
    const answered = ids.slice(1).reverse();
    const changed = await openWithRelated(site, car, { status: 200, json: { ids: answered } });
    expect(await rowIds(changed.page)).toEqual(ids);
    await changed.nearRow();
    await expect.poll(() => rowIds(changed.page)).toEqual(answered);
    await changed.page.context().close();

    // Spec §8: a similar-cars load error is logged only.
    const failed = await openWithRelated(site, car, { status: 503, json: { message: "unavailable" } });
    await failed.nearRow();
    await expect.poll(() => failed.answers.length).toBe(1);
    expect(await rowIds(failed.page)).toEqual(ids);
    await failed.page.context().close();
  });
});
