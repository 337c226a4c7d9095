import { describe, expect, it } from "vitest";
import { createPageCache, keptPageHtml, PAGE_CACHE_ENTRIES, pageKey, type PageKeyParts } from "./page-cache";
import { SLOT_CACHE_TTL_MS } from "./slot-cache";

const parts: PageKeyParts = {
  shellBuild: "s1",
  site: "harbour-city-motors",
  name: "Harbour City Motors",
  template: "car-dealer",
  configVersion: 3,
  config: '{"theme":{}}',
  stock: "stock:harbour-city-motors:7",
  href: "http://harbour-city-motors.localhost/cars/a",
};
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
      { href: "http://harbour-city-motors.localhost/cars/a?utm_source=x" },
      { href: "http://metro-certified.localhost/cars/a" },
    ];
    for (const change of moved) expect(pageKey({ ...parts, ...change })).not.toBe(key);
    expect(pageKey({ ...parts })).toBe(key);
  });
});

describe("createPageCache", () => {
  it("answers a kept page with each answer's own nonce wherever the composed page had its own", () => {
    const cache = createPageCache();
    cache.set("k", '<style nonce="N0nce">a</style><script nonce="N0nce"></script>', "N0nce", slots, [4, 5]);
    const kept = cache.get("k");
    if (!kept) throw new Error("the page was not kept");
    expect(keptPageHtml(kept, "fresh1")).toBe('<style nonce="fresh1">a</style><script nonce="fresh1"></script>');
    expect(keptPageHtml(kept, "fresh2")).not.toContain("N0nce");
    expect(kept.slots).toEqual(slots);
    expect(kept.cars).toEqual([4, 5]);
    expect(cache.get("other")).toBeUndefined();
  });

  it("keeps a page no longer than the slot TTL, nor than the oldest kept slot in it", () => {
    let clock = 1000;
    const cache = createPageCache(() => clock);
    cache.set("fresh", "<p>a</p>", "n", slots, []);
    cache.set("old-slot", "<p>b</p>", "n", slots, [], clock + 5000);
    clock += 5000;
    expect(cache.get("fresh")).toBeDefined();
    expect(cache.get("old-slot")).toBeUndefined();
    clock += SLOT_CACHE_TTL_MS - 5000;
    expect(cache.get("fresh")).toBeUndefined();
  });

  it(`keeps at most ${PAGE_CACHE_ENTRIES} pages, the least recently asked out first`, () => {
    const cache = createPageCache();
    for (let i = 0; i < PAGE_CACHE_ENTRIES; i++) cache.set(`p${i}`, `<p>${i}</p>`, "n", slots, []);
    expect(cache.get("p0")).toBeDefined();
    cache.set(`p${PAGE_CACHE_ENTRIES}`, "<p>new</p>", "n", slots, []);
    expect(cache.get("p0")).toBeDefined();
    expect(cache.get("p1")).toBeUndefined();
    expect(cache.get("p2")).toBeDefined();
    expect(cache.get(`p${PAGE_CACHE_ENTRIES}`)).toBeDefined();
  });
});
