import { defaultSiteConfig } from "@dealer/shared/config";
import { describe, expect, it } from "vitest";
import { matchRoute } from "../routes/slot-plans";
import { createPageCache, keptPageBytes, PAGE_CACHE_BUDGET, pageAddress, pageKey, type PageKeyParts } from "./page-cache";
import { SLOT_CACHE_TTL_MS } from "./slot-cache";

const parts: PageKeyParts = {
  shellBuild: "s1",
  site: "harbour-city-motors",
  name: "Harbour City Motors",
  template: "car-dealer",
  configVersion: 3,
  config: '{"theme":{}}',
  stock: "stock:harbour-city-motors:7",
  car: 5,
  address: '["http://harbour-city-motors.localhost","/cars/a",[]]',
};
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const slots = [{ slot: "vehicle", remote: "mf-vehicle", fragment: "VehicleDetail" }];

describe("pageKey", () => {
  it("is another key when any part the page depends on moves", () => {
    const key = pageKey(parts);
    const moved: Partial<PageKeyParts>[] = [
      { shellBuild: "s2" },
      { site: "metro-certified" },
      { name: "Another name" },
      { template: "used-only" },
      { configVersion: 4 },
      { config: '{"theme":{"primary":"#000"}}' },
      { stock: "stock:harbour-city-motors:8" },
      // The car's own photos settled (ADR 0123): the site's listing version did not move, the car's own did.
      { car: 9 },
      { address: '["http://harbour-city-motors.localhost","/cars/a",[["drive_away_state","VIC"]]]' },
      { address: '["http://metro-certified.localhost","/cars/a",[]]' },
    ];
    for (const change of moved) expect(pageKey({ ...parts, ...change })).not.toBe(key);
    expect(pageKey({ ...parts })).toBe(key);
  });
});

describe("pageAddress", () => {
  const addressOf = (href: string) => {
    const url = new URL(href);
    const match = matchRoute(url, defaultSiteConfig);
    if (!match) throw new Error(`no route for ${href}`);
    return pageAddress(url, match.plan.slots, match.params);
  };
  const car = "https://harbour-city-motors.test/cars/a-car";

  it("is a car page's path whatever tracking parameters or params no slot reads its address carries", () => {
    for (const query of ["?utm_source=ad&utm_medium=cpc", "?gclid=abc123", "?fbclid=x&page=3", "?slug=another-car"])
      expect(addressOf(car + query)).toBe(addressOf(car));
  });

  it("moves with a param a slot reads, with the path and with the host", () => {
    const plain = addressOf(car);
    for (const other of [`${car}?drive_away_state=VIC`, `${car}?vehiclePriceBudget=30000`, "https://harbour-city-motors.test/cars/b-car", "https://metro-certified.test/cars/a-car"])
      expect(addressOf(other)).not.toBe(plain);
    expect(addressOf(`${car}?drive_away_state=VIC&utm_source=ad`)).toBe(addressOf(`${car}?drive_away_state=VIC`));
  });

  it("is the whole query on a page with a slot that does not say what it reads", () => {
    const search = "https://harbour-city-motors.test/search?make=Toyota";
    expect(addressOf(`${search}&utm_source=ad`)).not.toBe(addressOf(search));
  });
});

describe("createPageCache", () => {
  it("answers a kept page with each answer's own nonce wherever the composed page had its own", () => {
    const cache = createPageCache();
    cache.set("k", "a", '<style nonce="N0nce">a</style><script nonce="N0nce"></script>', "N0nce", slots, [4, 5]);
    const kept = cache.get("k");
    if (!kept) throw new Error("the page was not kept");
    expect(text(keptPageBytes(kept, "fresh1"))).toBe('<style nonce="fresh1">a</style><script nonce="fresh1"></script>');
    expect(text(keptPageBytes(kept, "fresh2"))).not.toContain("N0nce");
    expect(kept.slots).toEqual(slots);
    expect(kept.cars).toEqual([4, 5]);
    expect(cache.get("other")).toBeUndefined();
  });

  it("answers the page's text as UTF-8 bytes, a tail after it, whatever characters it holds", () => {
    const cache = createPageCache();
    const page = '<title>Café — Ōtaki 🚗</title><script nonce="N">1</script>';
    cache.set("k", "a", page, "N", slots, []);
    const kept = cache.get("k");
    if (!kept) throw new Error("the page was not kept");
    const bytes = keptPageBytes(kept, "nonce+/=", "<!--tail-->");
    expect(text(bytes)).toBe(`${page.replace('nonce="N"', 'nonce="nonce+/="')}<!--tail-->`);
    expect(bytes.length).toBe(new TextEncoder().encode(text(bytes)).length);
  });

  it("keeps a page no longer than the slot TTL, nor than the oldest kept slot in it", () => {
    let clock = 1000;
    const cache = createPageCache(() => clock);
    cache.set("fresh", "a", "<p>a</p>", "n", slots, []);
    cache.set("old-slot", "a", "<p>b</p>", "n", slots, [], clock + 5000);
    clock += 5000;
    expect(cache.get("fresh")).toBeDefined();
    expect(cache.get("old-slot")).toBeUndefined();
    clock += SLOT_CACHE_TTL_MS - 5000;
    expect(cache.get("fresh")).toBeUndefined();
  });

  it("keeps the most recently asked pages, the least recently asked out first", () => {
    const cache = createPageCache();
    const page = `<p>${"x".repeat(100_000)}</p>`;
    const share = Math.floor(PAGE_CACHE_BUDGET.bytesPerSite / 100_000) - 1;
    for (let i = 0; i < share; i++) cache.set(`p${i}`, "a", page, "n", slots, []);
    expect(cache.get("p0")).toBeDefined();
    cache.set("new", "a", page, "n", slots, []);
    cache.set("newer", "a", page, "n", slots, []);
    expect(cache.get("p0")).toBeDefined();
    expect(cache.get("p1")).toBeUndefined();
    expect(cache.get("newer")).toBeDefined();
  });

  // ADR 0126: a car page is about 110 KB, and a fuzzer's distinct addresses are distinct pages.
  it("keeps a site's pages within its share of bytes, and another site's pages while it grows", () => {
    const cache = createPageCache();
    const page = `<p>${"x".repeat(120_000)}</p>`;
    for (let i = 0; i < 8; i++) cache.set(`b${i}`, "b", page, "n", slots, []);
    for (let i = 0; i < 200; i++) cache.set(`a${i}`, "a", page, "n", slots, []);
    let keptOfA = 0;
    for (let i = 0; i < 200; i++) if (cache.get(`a${i}`)) keptOfA++;
    expect(keptOfA * 120_000).toBeLessThanOrEqual(PAGE_CACHE_BUDGET.bytesPerSite);
    for (let i = 0; i < 8; i++) expect(cache.get(`b${i}`)).toBeDefined();
  });
});
