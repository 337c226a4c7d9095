import { TOW_VEHICLE_KEY } from "@dealer/shared/buyer-choice-keys";
import { formatNumber, type TowVerdict, towVerdict } from "@dealer/shared/rules";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { atmOf, listedVans, vanSiteAround3000 } from "../support/buyer-tools";
import { operatorApi } from "../support/operator";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

/**
 * Each caravan card on search states its van's verdict against the device's tow vehicle, as the van's own page does
 * (issue 34, ADR 0086), on either search backend (this file runs in the Algolia pass too). The verdicts expected are
 * worked out here from the records' ATMs with the shared rule, never read from the page.
 */
// Its own slug each run: a site deleted and created again under one slug restarts its stock version, and the search
// may still hold the earlier site's index under that version (ADR 0086, "Left").
const GENERATED = `issue34-tow-cards-${Date.now().toString(36)}`;
const CAPACITY_FIELD = "Your vehicle's braked towing capacity (kg)";
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 800 };

let browser: Browser;
let generatedVans: Record<string, unknown>[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  generatedVans = await vanSiteAround3000(GENERATED, "Issue 34 Tow Cards", "CARD");
});
afterAll(async () => {
  await browser?.close();
  await operatorApi("DELETE", `/sites/${GENERATED}`);
});

/** A device that already keeps a tow vehicle of this capacity (as the van page's picker or the tow filter leaves it), or none. */
async function searchPage(site: string, path: string, viewport: { width: number; height: number }, capacityKg: number | null): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  if (capacityKg !== null) {
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOW_VEHICLE_KEY, JSON.stringify({ capacityKg, vehicle: null })] as const);
  }
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(siteUrl(site, path));
  await waitForHydration(page);
  return { page, errors };
}

/** Each shown card's car id and the verdict it states (null: none); text, not innerText: cards past the first row are not laid out until near the viewport (ADR 0097). */
const cardVerdicts = (page: Page) =>
  page.locator(".search-results__grid > li.card").evaluateAll((cards) =>
    cards.map((card) => {
      const verdict = card.querySelector<HTMLElement>("[data-testid='card-tow-verdict']");
      return { id: Number(card.querySelector<HTMLElement>("[data-car-id]")?.dataset.carId), text: verdict?.textContent ?? null, kind: verdict?.dataset.verdict ?? null };
    }),
  );

/** Waits until every card states a verdict, then checks each against the shared rule on its van's ATM. */
async function expectVerdicts(page: Page, atmById: Map<number, number | null>, capacity: number): Promise<Set<TowVerdict["kind"]>> {
  await expect.poll(async () => (await cardVerdicts(page)).every((card) => card.text !== null), { timeout: 15_000 }).toBe(true);
  const cards = await cardVerdicts(page);
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) {
    expect(atmById.has(card.id), `car ${card.id} is a listed van`).toBe(true);
    const expected = towVerdict(atmById.get(card.id) ?? null, capacity);
    expect({ id: card.id, text: card.text, kind: card.kind }).toEqual({ id: card.id, text: expected.text, kind: expected.kind });
  }
  return new Set(cards.map((card) => card.kind as TowVerdict["kind"]));
}

describe("the tow verdict on caravan search cards", () => {
  it("on Coastal Caravans: each card states its van's verdict against the remembered tow vehicle, at 360 px too, axe clean", async () => {
    const vans = await listedVans("coastal-caravans");
    const atmById = new Map(vans.map((van) => [van.id, van.atm]));
    const atms = vans.flatMap((van) => (van.atm ? [van.atm] : [])).sort((a, b) => a - b);
    // The median van's ATM: the first page holds vans within it and vans over it.
    const capacity = atms[Math.floor(atms.length / 2)]!;

    for (const viewport of [WIDE, PHONE]) {
      const { page, errors } = await searchPage("coastal-caravans", "/search", viewport, capacity);
      const kinds = await expectVerdicts(page, atmById, capacity);
      expect(kinds.size, [...kinds].join(", ")).toBeGreaterThan(1);
      // Fits a phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page, [".search-results__grid"])).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }

    // Without a remembered vehicle the cards state none.
    const plain = await searchPage("coastal-caravans", "/search", WIDE, null);
    expect((await cardVerdicts(plain.page)).some((card) => card.text !== null)).toBe(false);
    await plain.page.context().close();
  });

  it("on Coastal Caravans: a capacity applied in the tow filter gives the cards their verdicts at once", async () => {
    const vans = await listedVans("coastal-caravans");
    const atmById = new Map(vans.map((van) => [van.id, van.atm]));
    const capacity = 2_500;
    const { page, errors } = await searchPage("coastal-caravans", "/search", WIDE, null);
    const field = page.getByTestId("tow-filter").getByLabel(CAPACITY_FIELD);
    await field.hover();
    // The panel's code loads on approach: typed again until the panel, not its server markup, takes it.
    await expect
      .poll(async () => {
        await field.fill(String(capacity));
        await field.press("Enter");
        return new URL(page.url()).searchParams.get("tow_capacity");
      })
      .toBe(String(capacity));
    // The results are the vans that suit (within, or within but over 85%) once the browser's search has answered.
    const suiting = vans.filter((van) => ["within", "near"].includes(towVerdict(van.atm, capacity).kind)).length;
    await expect.poll(() => page.locator(".search-results__count").innerText(), { timeout: 15_000 }).toMatch(new RegExp(`^${formatNumber(suiting)} vehicles? ·`));
    const kinds = await expectVerdicts(page, atmById, capacity);
    for (const kind of kinds) expect(["within", "near"]).toContain(kind);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("on a generated caravan site: within, within but over 85%, over by a kilogram, and no ATM stated", async () => {
    const capacity = 3_000;
    const atmById = new Map(generatedVans.map((van) => [van.id as number, atmOf(van as Parameters<typeof atmOf>[0])]));
    const expectedKinds = new Set([...atmById.values()].map((atm) => towVerdict(atm, capacity).kind));
    expect(expectedKinds).toEqual(new Set(["within", "near", "over", "unknown"]));
    const { page, errors } = await searchPage(GENERATED, "/search", PHONE, capacity);
    // The stock written above reaches the search (on Algolia through the push queue).
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await cardVerdicts(page)).length;
        },
        { timeout: 60_000 },
      )
      .toBe(generatedVans.length);
    await waitForHydration(page);
    expect(await expectVerdicts(page, atmById, capacity)).toEqual(expectedKinds);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("on a car site a remembered tow vehicle adds nothing to the cards", async () => {
    const { page } = await searchPage("harbour-city-motors", "/search", WIDE, 3_000);
    expect(await page.locator(".search-results__grid > li.card").count()).toBeGreaterThan(0);
    expect((await cardVerdicts(page)).some((card) => card.text !== null)).toBe(false);
    await page.context().close();
  });
});
