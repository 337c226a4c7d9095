import { describe, expect, it } from "vitest";
import { createSlotCache, SLOT_CACHE_ENTRIES, SLOT_CACHE_TTL_MS, STOCK_VERSION_CHECK_MS } from "./slot-cache";

const slot = (data: string, html = "<p>cars</p>") => ({ html, build: "b1", data });

describe("createSlotCache", () => {
  it("answers a request-only slot again, and nothing for another key", async () => {
    const cache = createSlotCache();
    const readStock = async () => "stock:1";
    cache.set("search\u0000{}", slot("request"));
    await expect(cache.get("search\u0000{}", readStock)).resolves.toMatchObject({ html: "<p>cars</p>", build: "b1" });
    await expect(cache.get("search\u0000{\"path\":\"/other\"}", readStock)).resolves.toBeUndefined();
  });

  it("answers a stock slot while the stock is at the version it was rendered from", async () => {
    let clock = 0;
    let stock = "stock:1";
    const cache = createSlotCache(() => clock);
    const readStock = async () => stock;
    cache.set("key", slot("stock:1"));
    await expect(cache.get("key", readStock)).resolves.toBeDefined();
    stock = "stock:2";
    clock += STOCK_VERSION_CHECK_MS;
    await expect(cache.get("key", readStock)).resolves.toBeUndefined();
  });

  it("reads the stock's version at most once per check interval", async () => {
    let clock = 0;
    let reads = 0;
    const cache = createSlotCache(() => clock);
    const readStock = async () => {
      reads += 1;
      return "stock:1";
    };
    cache.set("key", slot("stock:1"));
    for (let i = 0; i < 5; i++) await cache.get("key", readStock);
    expect(reads).toBe(1);
    clock += STOCK_VERSION_CHECK_MS;
    await cache.get("key", readStock);
    expect(reads).toBe(2);
  });

  it("keeps nothing it cannot check: a failed stock read, an unknown data set", async () => {
    const cache = createSlotCache();
    cache.set("stock", slot("stock:1"));
    await expect(cache.get("stock", () => Promise.reject(new Error("D1 down")))).resolves.toBeUndefined();
    cache.set("other", slot("prices:1"));
    await expect(cache.get("other", async () => "stock:1")).resolves.toBeUndefined();
  });

  it("forgets a slot after its time to live, and the oldest first when full", async () => {
    let clock = 0;
    const cache = createSlotCache(() => clock);
    const readStock = async () => "stock:1";
    for (let i = 0; i <= SLOT_CACHE_ENTRIES; i++) cache.set(`key ${i}`, slot("request"));
    await expect(cache.get("key 0", readStock)).resolves.toBeUndefined();
    await expect(cache.get("key 1", readStock)).resolves.toBeDefined();
    clock += SLOT_CACHE_TTL_MS;
    await expect(cache.get("key 1", readStock)).resolves.toBeUndefined();
  });
});
