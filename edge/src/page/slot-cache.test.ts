import { describe, expect, it } from "vitest";
import { createSlotCache, keptSlotKeys, SLOT_CACHE_BUDGET, SLOT_CACHE_TTL_MS, STOCK_VERSION_CHECK_MS } from "./slot-cache";

const slot = (data: string, html = "<p>cars</p>") => ({ html, build: "b1", data });

describe("createSlotCache", () => {
  it("answers a request-only slot again, and nothing for another key", async () => {
    const cache = createSlotCache();
    const readStock = async () => "stock:a:1";
    cache.set("search\u0000{}", slot("request"), "a");
    await expect(cache.get("search\u0000{}", "a", readStock)).resolves.toMatchObject({ html: "<p>cars</p>", build: "b1" });
    await expect(cache.get("search\u0000{\"path\":\"/other\"}", "a", readStock)).resolves.toBeUndefined();
  });

  it("answers a stock slot while the stock is at the version it was rendered from", async () => {
    let clock = 0;
    let stock = "stock:a:1";
    const cache = createSlotCache(() => clock);
    const readStock = async () => stock;
    cache.set("key", slot("stock:a:1"), "a");
    await expect(cache.get("key", "a", readStock)).resolves.toBeDefined();
    stock = "stock:a:2";
    clock += STOCK_VERSION_CHECK_MS;
    await expect(cache.get("key", "a", readStock)).resolves.toBeUndefined();
  });

  it("checks each site's own version: a change on one site keeps another site's slots", async () => {
    let clock = 0;
    const versions: Record<string, string> = { a: "stock:a:1", b: "stock:b:1" };
    const cache = createSlotCache(() => clock);
    const readStock = (site: string) => async () => versions[site]!;
    cache.set("page of a", slot("stock:a:1"), "a");
    cache.set("page of b", slot("stock:b:1"), "b");
    versions.a = "stock:a:2";
    clock += STOCK_VERSION_CHECK_MS;
    await expect(cache.get("page of a", "a", readStock("a"))).resolves.toBeUndefined();
    await expect(cache.get("page of b", "b", readStock("b"))).resolves.toBeDefined();
  });

  it("reads the stock's version at most once per check interval", async () => {
    let clock = 0;
    let reads = 0;
    const cache = createSlotCache(() => clock);
    const readStock = async () => {
      reads += 1;
      return "stock:a:1";
    };
    cache.set("key", slot("stock:a:1"), "a");
    for (let i = 0; i < 5; i++) await cache.get("key", "a", readStock);
    expect(reads).toBe(1);
    clock += STOCK_VERSION_CHECK_MS;
    await cache.get("key", "a", readStock);
    expect(reads).toBe(2);
  });

  it("keeps nothing it cannot check: a failed stock read, an unknown data set", async () => {
    const cache = createSlotCache();
    cache.set("stock", slot("stock:a:1"), "a");
    await expect(cache.get("stock", "a", () => Promise.reject(new Error("D1 down")))).resolves.toBeUndefined();
    cache.set("other", slot("prices:1"), "a");
    await expect(cache.get("other", "a", async () => "stock:a:1")).resolves.toBeUndefined();
  });

  it("forgets a slot after its time to live", async () => {
    let clock = 0;
    const cache = createSlotCache(() => clock);
    const readStock = async () => "stock:a:1";
    cache.set("key", slot("request"), "a");
    await expect(cache.get("key", "a", readStock)).resolves.toBeDefined();
    clock += SLOT_CACHE_TTL_MS;
    await expect(cache.get("key", "a", readStock)).resolves.toBeUndefined();
  });

  // ADR 0126: a search slot is up to about 220 KB; a fuzzer's distinct addresses on one site made 128 of them.
  const bigSlot = slot("request", `<div>${"x".repeat(250_000)}</div>`);
  const keptOf = async (cache: ReturnType<typeof createSlotCache>, keys: string[], site: string) => {
    let kept = 0;
    for (const key of keys) if (await cache.get(key, site, async () => "stock:a:1")) kept++;
    return kept;
  };

  it("keeps a site's slots within its share of bytes, the least recently used out first", async () => {
    const cache = createSlotCache();
    const keys = Array.from({ length: 200 }, (_, i) => `search?q=${i}`);
    for (const key of keys) cache.set(key, bigSlot, "a");
    const share = Math.floor(SLOT_CACHE_BUDGET.bytesPerSite / 250_000);
    expect(await keptOf(cache, keys.slice(-share + 1), "a")).toBe(share - 1);
    expect(await keptOf(cache, keys, "a")).toBeLessThanOrEqual(share);
  });

  it("keeps another site's slots while one site asks for many distinct addresses", async () => {
    const cache = createSlotCache();
    const own = Array.from({ length: 10 }, (_, i) => `b page ${i}`);
    for (const key of own) cache.set(key, bigSlot, "b");
    for (let i = 0; i < 500; i++) cache.set(`a fuzzed ${i}`, bigSlot, "a");
    expect(await keptOf(cache, own, "b")).toBe(own.length);
  });

  it("holds at most its whole budget across many sites", async () => {
    const cache = createSlotCache();
    const keys = Array.from({ length: 400 }, (_, i) => [`page ${i}`, `site ${i % 100}`] as const);
    for (const [key, site] of keys) cache.set(key, bigSlot, site);
    let kept = 0;
    for (const [key, site] of keys) if (await cache.get(key, site, async () => "stock:a:1")) kept++;
    expect(kept * 250_000).toBeLessThanOrEqual(SLOT_CACHE_BUDGET.bytes);
    expect(kept).toBeGreaterThan(0);
  });

  it("takes the version a page read itself at once: a stock write within the check interval is a miss", async () => {
    const cache = createSlotCache(() => 0);
    const readStock = async () => "stock:a:1";
    cache.set("car", slot("stock:a:1"), "a");
    await expect(cache.get("car", "a", readStock)).resolves.toBeDefined();
    await expect(cache.get("car", "a", readStock, "stock:a:2")).resolves.toBeUndefined();
  });

  it("shares stock slots through the shared tier under their version, and never one of another version", async () => {
    const stored = new Map<string, string>();
    const tier = {
      match: async (request: Request) => (stored.has(request.url) ? new Response(stored.get(request.url)) : undefined),
      put: async (request: Request, response: Response) => void stored.set(request.url, await response.text()),
    };
    const pending: Promise<unknown>[] = [];
    const one = createSlotCache(() => 0, () => tier);
    one.set("car", slot("stock:a:1", "<p>price 100</p>"), "a", (promise) => pending.push(promise));
    one.set("list", slot("request"), "a", (promise) => pending.push(promise));
    await Promise.all(pending);
    expect(stored.size).toBe(1);
    // Another isolate: nothing of its own, the shared tier's slot at the version it reads.
    const other = createSlotCache(() => 0, () => tier);
    await expect(other.get("car", "a", async () => "stock:a:1")).resolves.toMatchObject({ html: "<p>price 100</p>" });
    await expect(createSlotCache(() => 0, () => tier).get("car", "a", async () => "stock:a:2")).resolves.toBeUndefined();
    await expect(createSlotCache(() => SLOT_CACHE_TTL_MS, () => tier).get("car", "a", async () => "stock:a:1")).resolves.toBeUndefined();
  });
});

describe("keptSlotKeys", () => {
  const request = (site: string, path: string, userId: string | null = null) => ({ site: { slug: site }, session: { userId }, path, params: { q: path } });

  it("keys an address-free slot the same on every address of one site, config version and session", () => {
    const first = keptSlotKeys("mf-vehicle/RecentlyViewed", 3, request("a", "/search?q=hilux"));
    const second = keptSlotKeys("mf-vehicle/RecentlyViewed", 3, request("a", "/search?q=ranger"));
    expect(second.anyAddress).toBe(first.anyAddress);
    expect(second.exact).not.toBe(first.exact);
    expect(first.anyAddress).not.toBe(first.exact);
  });

  it("never shares a key across sites, config versions, sessions or fragments", () => {
    const base = keptSlotKeys("mf-vehicle/RecentlyViewed", 3, request("a", "/search")).anyAddress;
    expect(keptSlotKeys("mf-vehicle/RecentlyViewed", 3, request("b", "/search")).anyAddress).not.toBe(base);
    expect(keptSlotKeys("mf-vehicle/RecentlyViewed", 4, request("a", "/search")).anyAddress).not.toBe(base);
    expect(keptSlotKeys("mf-vehicle/RecentlyViewed", 3, request("a", "/search", "u1")).anyAddress).not.toBe(base);
    expect(keptSlotKeys("mf-vehicle/ComparePage", 3, request("a", "/search")).anyAddress).not.toBe(base);
  });
});

describe("keptSlotKeys on a car page", () => {
  it("keys a slot by the car's own version too (its photos settled, ADR 0123), and an address-free slot without it", () => {
    const request = { site: { slug: "a" }, session: { userId: null }, path: "/cars/x", params: { slug: "x" } };
    const first = keptSlotKeys("mf-vehicle/VehicleDetail", 3, request, undefined, 7);
    expect(keptSlotKeys("mf-vehicle/VehicleDetail", 3, request, undefined, 7)).toEqual(first);
    const settled = keptSlotKeys("mf-vehicle/VehicleDetail", 3, request, undefined, 8);
    expect(settled.exact).not.toBe(first.exact);
    expect(settled.anyAddress).toBe(first.anyAddress);
  });
});

describe("requestOnly", () => {
  it("answers only request-only slots of this isolate, until they expire", () => {
    let clock = 0;
    const cache = createSlotCache(() => clock);
    cache.set("frame", slot("request:any-address"), "a");
    cache.set("stock", slot("stock:a:1"), "a");
    expect(cache.requestOnly("frame")).toMatchObject({ html: "<p>cars</p>" });
    expect(cache.requestOnly("stock")).toBeUndefined();
    expect(cache.requestOnly("other")).toBeUndefined();
    clock += SLOT_CACHE_TTL_MS;
    expect(cache.requestOnly("frame")).toBeUndefined();
  });
});
