import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";
import { searchSite } from "../support/search-api";

/** Issue 22: a certified car's card shows the certified-used badge image (spec §4 tag precedence), not a text pill. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Hit = { slug: string; status: string; certified: boolean; reserved: boolean; simple_fuel: string | null };
/** The tags that outrank the certified badge: reserved, and a fuel tag on an electrified car. */
const outranked = (hit: Hit) => hit.reserved || /electric|hybrid|phev|plug-in/i.test(hit.simple_fuel ?? "");

describe.each(["metro-certified", "harbour-city-motors"])("on %s", (site) => {
  it("each certified car's card shows the badge image with alt text, and no other card does", async () => {
    const { hits } = await searchSite<Hit>(site, {
      filters: "certified:true",
      hitsPerPage: 1000,
      attributesToRetrieve: ["slug", "status", "certified", "reserved", "simple_fuel"],
    });
    const records = new Map(hits.map((hit) => [`/cars/${hit.slug}`, hit]));
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(site, "/search?refinementList[certified][0]=true"));
    await waitForHydration(page);
    const cards = await page.locator(".search-results__grid .card").evaluateAll((elements) =>
      elements.map((card) => {
        const badge = card.querySelector<HTMLImageElement>("img.card__tag--certified");
        return {
          href: card.querySelector(".card__link")?.getAttribute("href") ?? "",
          badge: badge ? { alt: badge.alt, loaded: badge.complete && badge.naturalWidth > 0, src: badge.getAttribute("src") ?? "" } : null,
          pill: card.querySelector("span.card__tag")?.textContent ?? null,
        };
      }),
    );
    const certified = cards.filter((card) => {
      const record = records.get(card.href);
      return record?.status === "in_stock" && !outranked(record);
    });
    expect(certified.length).toBeGreaterThan(0);
    for (const card of certified) {
      expect(card.badge).toMatchObject({ alt: "Certified pre-owned", loaded: true });
      expect(card.badge?.src).toMatch(/^\/cdn\/image\/[^/]+\/site\/certified-badge\.svg$/);
      expect(card.pill).toBeNull();
    }
    for (const card of cards.filter((card) => !records.has(card.href))) expect(card.badge).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });
});
