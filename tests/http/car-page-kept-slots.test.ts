import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { postJson, signIn } from "../support/accounts";
import { dealerLeads, postLead } from "../support/leads";
import { fetchSite, GATEWAY_PORT } from "../support/platform";
import { stockApi, WITHIN_A_STOCK_CHECK } from "../support/stock-api";

/**
 * The car page's kept slots (ADR 0074): an anonymous view is answered from slots the gateway kept, keyed on the
 * site's stock version read beside the car at most STOCK_VERSION_CHECK_MS before (ADR 0128), so a stock write shows
 * within that second; a signed-in shopper's page is always rendered for them. The gateway's dev-only timing comment (x-dev-timing) says which slots were kept.
 */
const SITE = "harbour-city-motors";
type Timing = { slots: { slot: string; how: string }[]; page?: "kept" };
type StockRecord = Record<string, unknown> & { id: number; slug: string; stocknum: string; dealership_slug: string; price: number | null; status: string };

async function view(path: string, headers: Record<string, string> = {}) {
  const response = await fetchSite(SITE, path, { headers: { ...headers, "x-dev-timing": "on" } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const comment = /<!--dev-timing (.*?)-->/.exec(html)?.[1];
  if (!comment) throw new Error("no dev timing comment: the gateway is not a local dev session");
  const timing = JSON.parse(comment) as Timing;
  const how = (slot: string) => timing.slots.find((s) => s.slot === slot)?.how;
  const slotMarkup = (slot: string) => {
    const start = html.indexOf(`data-slot="${slot}"`);
    return start < 0 ? "" : html.slice(start, html.indexOf('data-slot="', start + 20));
  };
  return { html, how, slotMarkup, vehicleSlot: slotMarkup("vehicle"), page: timing.page, csp: response.headers.get("content-security-policy") ?? "" };
}

/** A priced car in stock whose price block shows its own price (no offer or before price, no subscription). */
async function plainPricedCar(): Promise<StockRecord> {
  const { vehicles } = (await (await stockApi(SITE, `write-${SITE}`, "/vehicles")).json()) as { vehicles: StockRecord[] };
  const car = vehicles.find(
    (v) => v.status === "in_stock" && typeof v.price === "number" && v.price > 5000 && !v.offer_price && !v.before_price && !v.subscription_price && v.show_on_dealer_website !== false,
  );
  if (!car) throw new Error(`no plain priced car in ${SITE}'s stock`);
  return car;
}

const shownPrice = (amount: number) => `price-block__amount">$${amount.toLocaleString("en-AU")}`;

describe("car page kept slots", () => {
  it("a stock write's price change shows within a second, though the view before it came from kept slots", async () => {
    const original = await plainPricedCar();
    const path = `/cars/${original.slug}`;
    const key = `write-${original.dealership_slug}`;
    await view(path);
    const kept = await view(path);
    expect(kept.how("vehicle")).toBe("kept");
    expect(kept.vehicleSlot).toContain(shownPrice(original.price as number));
    const changedPrice = (original.price as number) + 1237;
    try {
      const write = await stockApi(SITE, key, "/vehicles/batch", { upsert: [{ ...original, price: changedPrice }], delete: [] });
      expect(write.status).toBe(200);
      // The page reads the site's stock version beside the car once a second at most (ADR 0128).
      let first: Awaited<ReturnType<typeof view>> | undefined;
      await expect.poll(async () => (first = await view(path)).vehicleSlot, WITHIN_A_STOCK_CHECK).toContain(shownPrice(changedPrice));
      expect(first?.how("vehicle")).toBe("rendered");
      expect(first?.vehicleSlot).not.toContain(shownPrice(original.price as number));
      // Kept from then on, once its render is stored (after the answer: a loaded machine takes a moment).
      await expect.poll(async () => (await view(path)).how("vehicle"), WITHIN_A_STOCK_CHECK).toBe("kept");
    } finally {
      await stockApi(SITE, key, "/vehicles/batch", { upsert: [original], delete: [] });
    }
    await expect.poll(async () => (await view(path)).vehicleSlot, WITHIN_A_STOCK_CHECK).toContain(shownPrice(original.price as number));
  });

  it("a signed-in shopper who saved the car sees it saved, though the anonymous page of that car was kept", async () => {
    const car = await plainPricedCar();
    const path = `/cars/${car.slug}`;
    const button = `aria-label="Watchlist: `;
    await view(path);
    const anonymous = await view(path);
    expect(anonymous.how("vehicle")).toBe("kept");
    expect(anonymous.vehicleSlot).toMatch(/aria-pressed="false" aria-label="Watchlist: /);

    const { cookie, phone } = await signIn(SITE);
    expect((await postJson(SITE, "/api/watchlist/save-car", { phone_number: phone, car_id: car.id }, { cookie })).status).toBe(200);
    const signedIn = await view(path, { cookie });
    expect(signedIn.vehicleSlot).toMatch(/aria-pressed="true" aria-label="Watchlist: /);
    expect(signedIn.vehicleSlot).toContain(button);
    // Nothing of a signed-in page is kept or served from what was kept.
    expect(["vehicle", "enquiry", "finance"].map((slot) => signedIn.how(slot)).filter((how) => how === "kept")).toEqual([]);

    // And the next anonymous view is still the anonymous page: nothing of the shopper's in it.
    const after = await view(path);
    expect(after.vehicleSlot).toMatch(/aria-pressed="false" aria-label="Watchlist: /);
    expect(after.html).not.toContain(phone.slice(2));
    await postJson(SITE, "/api/watchlist/remove-car", { phone_number: phone, car_id: car.id }, { cookie });
  });

  it("two shoppers posting the kept enquiry form without its script are two leads: the kept form carries no shared key", async () => {
    const car = await plainPricedCar();
    const path = `/cars/${car.slug}`;
    await view(path);
    const kept = await view(path);
    expect(kept.how("enquiry")).toBe("kept");
    const form = kept.slotMarkup("enquiry");
    expect(form).not.toContain('name="idempotency_key"');
    // What the kept form itself posts (its hidden fields), with each shopper's own details.
    const hidden = Object.fromEntries([...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]));
    expect(hidden.car_id).toBe(String(car.id));
    const emails = [`kept-a-${randomUUID()}@example.com`, `kept-b-${randomUUID()}@example.com`];
    for (const [index, email] of emails.entries()) {
      const body = new URLSearchParams({
        ...hidden,
        "values.name": `Shopper ${index}`,
        "values.email": email,
        "values.phone": "0412345678",
        "values.postcode": "4000",
        "values.message": "Is it still available?",
        "values.terms_conditions": "on",
        website: "",
      }).toString();
      const posted = await postLead(SITE, body, { "content-type": "application/x-www-form-urlencoded", referer: `http://${SITE}.localhost:${GATEWAY_PORT}${path}` });
      expect(posted.status).toBe(303);
      expect(posted.headers.get("location")).toBe("/success");
    }
    const stored = (await dealerLeads(SITE, `write-${SITE}`, "?limit=1000")).filter((lead) => emails.includes(String(lead.values.email)));
    expect(stored).toHaveLength(2);
  });

  it("a repeat anonymous view is the whole page kept (ADR 0087), each answer with its own nonce, and only on its own site", async () => {
    const car = await plainPricedCar();
    const path = `/cars/${car.slug}`;
    await view(path);
    const first = await view(path);
    const second = await view(path);
    expect(second.page).toBe("kept");
    expect(second.vehicleSlot).toContain(shownPrice(car.price as number));
    // Every inline tag carries the nonce its own answer's policy names, never the one the page was composed with.
    const nonces = [first, second].map(({ html, csp }) => {
      const named = /'nonce-([^']+)'/.exec(csp)?.[1];
      if (!named) throw new Error("no nonce in the content security policy");
      const inPage = new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]));
      expect([...inPage]).toEqual([named]);
      return named;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    // Another site asked for the same address answers for itself: this site's car is not its page.
    const other = await fetchSite("metro-certified", path, { headers: { "x-dev-timing": "on" } });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain(car.stocknum);
  });

  it("a price changed through the stock API shows within a second on a page that was kept whole", async () => {
    const original = await plainPricedCar();
    const path = `/cars/${original.slug}`;
    const key = `write-${original.dealership_slug}`;
    await view(path);
    await view(path);
    expect((await view(path)).page).toBe("kept");
    const changedPrice = (original.price as number) + 2113;
    try {
      expect((await stockApi(SITE, key, "/vehicles/batch", { upsert: [{ ...original, price: changedPrice }], delete: [] })).status).toBe(200);
      let first: Awaited<ReturnType<typeof view>> | undefined;
      await expect.poll(async () => (first = await view(path)).vehicleSlot, WITHIN_A_STOCK_CHECK).toContain(shownPrice(changedPrice));
      expect(first?.page).toBeUndefined();
    } finally {
      await stockApi(SITE, key, "/vehicles/batch", { upsert: [original], delete: [] });
    }
    await expect.poll(async () => (await view(path)).vehicleSlot, WITHIN_A_STOCK_CHECK).toContain(shownPrice(original.price as number));
  });

  it("a car taken off the website through the stock API is a 404 within a second on a page that was kept whole", async () => {
    const original = await plainPricedCar();
    const path = `/cars/${original.slug}`;
    const key = `write-${original.dealership_slug}`;
    // Kept slots first, then the page composed of them kept whole (as the repeat view above): a few views.
    await expect.poll(async () => (await view(path)).page, { timeout: 20_000 }).toBe("kept");
    try {
      expect((await stockApi(SITE, key, "/vehicles/batch", { upsert: [{ ...original, show_on_dealer_website: false }], delete: [] })).status).toBe(200);
      // The status leaves with the first byte (ADR 0120): it is read beside the stock version, once a second at most (ADR 0128).
      const started = Date.now();
      await expect.poll(async () => (await fetchSite(SITE, path)).status, WITHIN_A_STOCK_CHECK).toBe(404);
      expect(Date.now() - started).toBeLessThan(WITHIN_A_STOCK_CHECK.timeout);
      const hidden = await fetchSite(SITE, path);
      expect(await hidden.text()).not.toContain(original.stocknum);
    } finally {
      await stockApi(SITE, key, "/vehicles/batch", { upsert: [original], delete: [] });
    }
    // A car back on the website is not remembered as hidden: only a car found is kept (ADR 0128).
    expect((await fetchSite(SITE, path)).status).toBe(200);
  });
});
