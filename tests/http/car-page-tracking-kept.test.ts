import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";
import { allStock, stockApi, WITHIN_A_STOCK_CHECK } from "../support/stock-api";

/**
 * A car page's slots say what they read of its params (ADR 0114): the gateway sends each fragment those alone and
 * the path without its query, and keeps its markup under that. So a car page asked with tracking parameters (an ad
 * click's unique gclid) is served the kept slots, with the same markup; a parameter a slot reads (the drive-away
 * place, a finance link's budget) is that slot's own render; a stock write shows within a second (ADR 0128). The gateway's
 * dev-only timing comment (x-dev-timing) says which slots were kept.
 */
const SITES = ["harbour-city-motors", "metro-certified"];
type StockRecord = Record<string, unknown> & { slug: string; dealership_slug: string; price: number | null; status: string };

async function carPage(site: string, path: string) {
  const response = await fetchSite(site, path, { headers: { "x-dev-timing": "on" } });
  expect(response.status, `${site}${path}`).toBe(200);
  const html = await response.text();
  const comment = /<!--dev-timing (.*?)-->/.exec(html)?.[1];
  if (!comment) throw new Error("no dev timing comment: the gateway is not a local dev session");
  const timing = JSON.parse(comment) as { slots: { slot: string; how: string }[]; page?: "kept" };
  // The slots end with the aside; after it come the footer, the page's state and the timing comment.
  const slotsHtml = html.slice(0, html.lastIndexOf("</aside>"));
  const markup = (slot: string) => {
    const start = slotsHtml.indexOf(`data-slot="${slot}"`);
    if (start < 0) throw new Error(`no slot ${slot} in ${site}${path}`);
    const next = slotsHtml.indexOf('data-slot="', start + 20);
    return slotsHtml.slice(start, next < 0 ? undefined : next);
  };
  const notKept = timing.slots.filter((slot) => slot.how !== "kept").map((slot) => slot.slot);
  // The page as a shopper gets it, but for the answer's own nonce and the timing comment.
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? "";
  const document = html.slice(0, html.indexOf("<!--dev-timing")).replaceAll(nonce, "NONCE");
  return { slots: timing.slots.map((slot) => slot.slot), how: (slot: string) => timing.slots.find((s) => s.slot === slot)?.how, notKept, markup, wholeKept: timing.page === "kept", document };
}
type CarPage = Awaited<ReturnType<typeof carPage>>;

/** A priced car in stock on the site's page (a drive-away panel, finance and the enquiry form). */
async function pricedCar(site: string): Promise<StockRecord> {
  const vehicles = await allStock<StockRecord>(site, `write-${site}`);
  const car = vehicles.find((v) => v.status === "in_stock" && typeof v.price === "number" && v.price > 5000 && !v.offer_price && !v.before_price && !v.subscription_price && v.show_on_dealer_website !== false);
  if (!car) throw new Error(`no priced car in ${site}'s stock`);
  return car;
}

/**
 * The page at `path` and then at `asked`, asked again while another test's stock write (or a slot's expiry) between
 * the two views ends what was kept: the pair whose second view kept every slot `keptBut` does not name.
 */
async function keptPair(site: string, path: string, asked: () => string, keptBut: string[] = []): Promise<{ plain: CarPage; other: CarPage }> {
  let pair: { plain: CarPage; other: CarPage } | null = null;
  await expect
    .poll(
      async () => {
        const plain = await carPage(site, path);
        const other = await carPage(site, asked());
        pair = { plain, other };
        return other.notKept.filter((slot) => !keptBut.includes(slot));
      },
      { timeout: 30_000, interval: 500 },
    )
    .toEqual([]);
  if (!pair) throw new Error("no views");
  return pair;
}

describe("car page slots kept by the params they read", () => {
  it("serves a car page asked with tracking parameters from its kept slots, with the same markup, on each site", { timeout: 120_000 }, async () => {
    for (const site of SITES) {
      const path = `/cars/${(await pricedCar(site)).slug}`;
      // Each an address never asked before: an ad click's unique gclid or fbclid.
      const { plain, other } = await keptPair(site, path, () => `${path}?utm_source=newsletter&utm_medium=email&gclid=${randomUUID()}&fbclid=${randomUUID()}`);
      expect(other.slots.length, `${site}: every slot of the car page`).toBeGreaterThan(8);
      expect(other.slots).toEqual(plain.slots);
      for (const slot of plain.slots) expect(other.markup(slot), `${site}: ${slot}`).toBe(plain.markup(slot));
    }
  });

  it("answers a car page asked with tracking parameters whole, as kept, the plain page's document, its Sign in link naming the path alone (ADR 0118)", { timeout: 120_000 }, async () => {
    for (const site of SITES) {
      const path = `/cars/${(await pricedCar(site)).slug}`;
      const { plain, other } = await keptPair(site, path, () => `${path}?utm_source=newsletter&gclid=${randomUUID()}`);
      // The pair's plain view was composed at the latest on the poll's try before; a whole page kept needs every slot kept.
      const next = await carPage(site, `${path}?gclid=${randomUUID()}&fbclid=${randomUUID()}`);
      expect(next.wholeKept || other.wholeKept, `${site}: a tracked view answered whole`).toBe(true);
      expect(next.document).toBe(plain.document);
      const signIn = /class="shell-header__account" href="([^"]+)"/.exec(next.document)?.[1]?.replaceAll("&amp;", "&") ?? "";
      expect(new URL(signIn, "https://site.test").searchParams.get("redirect"), site).toBe(path);
      // A param a slot reads is its own page: never the plain page's document.
      expect((await carPage(site, `${path}?drive_away_state=VIC&drive_away_postcode=${3000 + Math.floor(Math.random() * 999)}`)).wholeKept).toBe(false);
    }
  });

  it("renders the slot that reads a parameter (the drive-away place, a finance link's budget) with it; the others stay kept", { timeout: 120_000 }, async () => {
    for (const site of SITES) {
      const path = `/cars/${(await pricedCar(site)).slug}`;
      // A VIC postcode of this run, never asked before: the drive-away panel's own render, its estimate shown.
      const placed = await keptPair(site, path, () => `${path}?drive_away_state=VIC&drive_away_postcode=${3000 + Math.floor(Math.random() * 999)}&gclid=${randomUUID()}`, [
        "vehicle",
        // The drive-away state is one of the calculator's figures a finance link carries, which the forms read too.
        "photo-request",
        "enquiry",
      ]);
      expect(placed.other.how("vehicle"), site).toBe("rendered");
      expect(placed.other.markup("vehicle")).toContain('data-testid="drive-away-total"');
      expect(placed.plain.markup("vehicle")).not.toContain('data-testid="drive-away-total"');
      expect(placed.other.markup("similar")).toBe(placed.plain.markup("similar"));

      const budget = 10_000 + Math.floor(Math.random() * 80_000);
      const linked = await keptPair(site, path, () => `${path}?vehiclePriceBudget=${budget}&utm_source=finance-link`, ["estimate", "calculator", "photo-request", "enquiry"]);
      expect(linked.other.how("enquiry"), site).toBe("rendered");
      expect(linked.other.markup("enquiry")).toContain(`"vehiclePriceBudget":${budget}`);
      expect(linked.plain.markup("enquiry")).not.toContain(`"vehiclePriceBudget":${budget}`);
      expect(linked.other.markup("vehicle")).toBe(linked.plain.markup("vehicle"));
    }
  });

  it("shows a stock write's price within a second on a view asked with tracking parameters, though the view before it was kept", { timeout: 60_000 }, async () => {
    const site = SITES[0] as string;
    const original = await pricedCar(site);
    const path = `/cars/${original.slug}`;
    const key = `write-${original.dealership_slug}`;
    const tracked = () => `${path}?utm_source=ad&gclid=${randomUUID()}`;
    const price = (amount: number) => `price-block__amount">$${amount.toLocaleString("en-AU")}`;
    const before = await keptPair(site, path, tracked);
    expect(before.other.markup("vehicle")).toContain(price(original.price as number));
    const changed = (original.price as number) + 1237;
    try {
      expect((await stockApi(site, key, "/vehicles/batch", { upsert: [{ ...original, price: changed }], delete: [] })).status).toBe(200);
      // The page reads the site's stock version beside the car once a second at most (ADR 0128).
      let next: Awaited<ReturnType<typeof carPage>> | undefined;
      await expect.poll(async () => (next = await carPage(site, tracked())).markup("vehicle"), WITHIN_A_STOCK_CHECK).toContain(price(changed));
      expect(next?.how("vehicle")).toBe("rendered");
      expect(next?.markup("vehicle")).not.toContain(price(original.price as number));
    } finally {
      await stockApi(site, key, "/vehicles/batch", { upsert: [original], delete: [] });
    }
  });
});
