import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";
import { allStock, stockApi } from "../support/stock-api";

/**
 * mf-search keeps a site's search views by stock version, config and the search's parameters (ADR 0107): a first view
 * of an address whose search another address asked (here a parameter the page ignores) answers the kept view. It is
 * never another site's, and a stock write shows on the next new address, as on a kept slot (not after the entry's 30 s).
 */
const SITES = ["harbour-city-motors", "metro-certified"];
type StockRecord = Record<string, unknown> & { id: number; slug: string; dealership_slug: string; price: number | null; status: string };

/**
 * A never-seen address of the same search: a tow capacity typed as words on a car site, which the gateway's slot key
 * holds as typed (ADR 0113) but which filters nothing, so the gateway keeps no slot for it and mf-search may keep its view.
 */
const newAddress = () => `/search?tow_capacity=${randomUUID().replace(/[^a-f]/g, "").slice(0, 12)}`;

/** The cars a search page shows (their slugs, in order) and the price text of each card. */
async function searchPage(site: string, path: string) {
  const response = await fetchSite(site, path);
  expect(response.status).toBe(200);
  const html = (await response.text()).replaceAll("<!-- -->", "");
  const cards = [...html.matchAll(/<li class="card[^"]*"><a class="card__link" href="\/cars\/([a-z0-9-]+)"[\s\S]*?class="card__price[^"]*">([\s\S]*?)<\/span>/g)];
  return cards.map((match) => ({ slug: match[1]!, price: match[2]! }));
}

const vehiclesOf = (site: string) => allStock<StockRecord>(site, `write-${site}`);

describe("search views kept by mf-search", () => {
  it("shows each site its own cars on the same never-seen address, first and kept", { timeout: 60_000 }, async () => {
    const stock = new Map(await Promise.all(SITES.map(async (site) => [site, new Set((await vehiclesOf(site)).map((v) => v.slug))] as const)));
    for (const round of [1, 2]) {
      const path = newAddress();
      for (const site of SITES) {
        const slugs = (await searchPage(site, path)).map((card) => card.slug);
        expect(slugs.length, `${site}, round ${round}`).toBeGreaterThan(0);
        for (const other of SITES) {
          const own = slugs.filter((slug) => stock.get(other)?.has(slug));
          expect(own, `${site}'s page, ${other}'s cars`).toEqual(other === site ? slugs : []);
        }
      }
    }
  });

  it("a stock write's price change shows on the next never-seen address, though the same search was kept", { timeout: 90_000 }, async () => {
    const site = SITES[0]!;
    await searchPage(site, newAddress());
    const before = await searchPage(site, newAddress());
    const vehicles = await vehiclesOf(site);
    // A card on the first page with a plain price (no offer, before or subscription price): its card shows that price.
    const original = vehicles.find(
      (v) => before.some((card) => card.slug === v.slug) && v.status === "in_stock" && typeof v.price === "number" && v.price > 5000 && !v.offer_price && !v.before_price && !v.subscription_price,
    );
    if (!original) throw new Error(`no plain priced car on ${site}'s first search page`);
    const changedPrice = (original.price as number) + 1237;
    const cardPrice = async () => (await searchPage(site, newAddress())).find((card) => card.slug === original.slug)?.price ?? "";
    try {
      const write = await stockApi(site, `write-${original.dealership_slug}`, "/vehicles/batch", { upsert: [{ ...original, price: changedPrice }], delete: [] });
      expect(write.status).toBe(200);
      // The site's index takes the change within about a second; a view kept past its version would hold the old
      // price for its whole 30 s, so the wait stays well below that.
      await expect.poll(cardPrice, { timeout: 15_000, interval: 250 }).toContain(`$${changedPrice.toLocaleString("en-AU")}`);
    } finally {
      await stockApi(site, `write-${original.dealership_slug}`, "/vehicles/batch", { upsert: [original], delete: [] });
    }
    await expect.poll(cardPrice, { timeout: 15_000, interval: 250 }).toContain(`$${(original.price as number).toLocaleString("en-AU")}`);
  });
});
