import type { Car } from "@dealer/shared/contract";
import { rankSimilarCars, relatedCarsPath, SIMILAR_QUERY_LIMIT, searchLandingPath, similarCarsFilters, siteSearchFilters } from "@dealer/shared/rules";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoConfig } from "../support/finance";
import { searchCars } from "../support/finance-cars";
import { fetchSite, launchChromium, siteUrl, waitForHydration, waitForSimilarRow, watchConsole } from "../support/platform";

/**
 * Issue 32, goal 4 (ADR 0065, 0076): the car page's Similar vehicles row is filled by spec §7's "fetch of related car
 * ids by slug" (GET /cars/{slug}/related.json) as the shopper nears it, and shows the cars the call names, in its
 * order; the server renders no similar cars, only the row's search of the same model (the row without JavaScript and
 * when the call fails, spec §8). The expected cars are the similar ranking computed here from the search API's
 * records with the shared rules (same model first, de-duplicated, capped).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Similar = { car: Car; ids: number[]; hrefs: string[]; searchHref: string };

/** The first in-stock car of the site with at least two similar cars, its similar cars as the page ranks them and the row's search. */
async function carWithSimilar(site: string): Promise<Similar> {
  const config = demoConfig(site);
  const listed = siteSearchFilters(config, new Date()).map((filter) => `(${filter})`);
  for (const car of await searchCars(site, "status:in_stock AND price > 5000", 20)) {
    const hits = (await Promise.all(similarCarsFilters(car).map((filter) => searchCars(site, [...listed, `(${filter})`].join(" AND "), SIMILAR_QUERY_LIMIT)))).flat();
    const ranked = rankSimilarCars(hits, car, config.vehicle.similarCarsCount);
    if (ranked.length < 2) continue;
    // The spec's rules, checked on the expectation itself: capped, each once, never the car, the same model first.
    expect(ranked.length).toBeLessThanOrEqual(Math.min(6, config.vehicle.similarCarsCount));
    expect(new Set(ranked.map((hit) => hit.id)).size).toBe(ranked.length);
    expect(ranked.map((hit) => hit.id)).not.toContain(car.id);
    const sameModel = ranked.map((hit) => hit.model === car.model);
    expect(sameModel).toEqual([...sameModel].sort((a, b) => Number(b) - Number(a)));
    const searchHref = searchLandingPath({ make: car.make, model: car.model }, config.search);
    return { car, ids: ranked.map((hit) => hit.id), hrefs: ranked.map((hit) => `/cars/${hit.slug}`), searchHref };
  }
  throw new Error(`no car with two similar cars on ${site}`);
}

/**
 * The car page with its related-cars calls recorded (and, with `answer`, replaced). The row hydrates only as the
 * shopper nears it, which `nearRow` does; `settled` waits for the call's outcome on the row.
 */
async function openWithRelated(site: string, car: Car, options: { answer?: { status: number; json: unknown }; width?: number } = {}) {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const calls: { method: string; body: unknown }[] = [];
  const path = relatedCarsPath(car.slug);
  const { answer } = options;
  if (answer) await page.route(`**${path}`, (route) => route.fulfill(answer));
  // A call is recorded once its body is read, which may finish after the row has settled: nearRow waits for both.
  const reading: Promise<void>[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname !== path) return;
    reading.push(response.json().then((body: unknown) => body, () => null).then((body) => void calls.push({ method: response.request().method(), body })));
  });
  await page.goto(siteUrl(site, `/cars/${car.slug}`), { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  const nearRow = async () => {
    await waitForSimilarRow(page);
    await Promise.all(reading);
  };
  return { page, calls, nearRow, errors };
}

const row = (page: Page) => page.locator("#slot-similar");
const rowCards = (page: Page) =>
  row(page)
    .locator(".vehicle-row__card")
    .evaluateAll((cards) => cards.map((card) => ({ id: Number((card as HTMLElement).dataset.carId), href: card.querySelector("a")?.getAttribute("href") })));
const searchLink = (page: Page, car: Car) => row(page).getByRole("link", { name: `Search all ${car.make} ${car.model}` });

describe.each(["harbour-city-motors", "summit-auto-group"])("the Similar vehicles row on %s", (site) => {
  it("without JavaScript is a search of the same model; the server renders no similar cars", async () => {
    const { car, searchHref } = await carWithSimilar(site);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    // The whole document (its slots stream in order); images and the like are not waited for.
    await page.goto(siteUrl(site, `/cars/${car.slug}`), { waitUntil: "domcontentloaded" });
    await expect(row(page).getByRole("heading", { name: "Similar vehicles" }).count()).resolves.toBe(1);
    await expect(searchLink(page, car).getAttribute("href")).resolves.toBe(searchHref);
    await expect(row(page).locator(".vehicle-row__card").count()).resolves.toBe(0);
    await context.close();
  });

  it.each([390, 1280])("at %i px calls GET /cars/{slug}/related.json as the shopper nears the row and shows the cars it names, in its order", async (width) => {
    const { car, ids, hrefs, searchHref } = await carWithSimilar(site);
    const { page, calls, nearRow, errors } = await openWithRelated(site, car, { width });
    // Nothing is asked for, or shown, before the shopper nears the row...
    expect(calls).toEqual([]);
    await expect(row(page).locator(".vehicle-row__card").count()).resolves.toBe(0);
    // ...then one call, and the row shows its cars (the same model first, each once, capped), and keeps its search.
    await nearRow();
    expect(calls.map((call) => call.method)).toEqual(["GET"]);
    expect(calls.map((call) => (call.body as { ids?: number[] } | null)?.ids)).toEqual([ids]);
    expect(await rowCards(page)).toEqual(ids.map((id, n) => ({ id, href: hrefs[n] })));
    await expect(searchLink(page, car).getAttribute("href")).resolves.toBe(searchHref);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows what the call answers; a failed call is logged and the row falls back to its search", async () => {
    const { car, ids } = await carWithSimilar(site);
    const real = (await (await fetchSite(site, relatedCarsPath(car.slug))).json()) as { ids: number[]; cards: { id: number }[] };
    // The answer after the first similar car was sold: the rest, in another order.
    const answered = ids.slice(1).reverse();
    const changed = await openWithRelated(site, car, { answer: { status: 200, json: { ids: answered, cards: real.cards } } });
    await changed.nearRow();
    expect((await rowCards(changed.page)).map((card) => card.id)).toEqual(answered);
    await changed.page.context().close();

    // Spec §8: a similar-cars load error is logged only, and the section falls back to a search.
    const failed = await openWithRelated(site, car, { answer: { status: 503, json: { message: "unavailable" } } });
    await failed.nearRow();
    expect(failed.calls.length).toBe(1);
    await expect(row(failed.page).locator(".vehicle-row__card").count()).resolves.toBe(0);
    await expect(searchLink(failed.page, car).isVisible()).resolves.toBe(true);
    await failed.page.context().close();
  });
});
