import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "@dealer/shared/config";
import { configFingerprint, createKeptEntries, ENTRY_OVERHEAD_BYTES, stringBytes } from "./kept-bytes";

const cost = (key: string, bytes: number) => bytes + stringBytes(key) + ENTRY_OVERHEAD_BYTES;

describe("createKeptEntries", () => {
  it("counts each entry's bytes, its key's and its overhead, in all and by site", () => {
    const kept = createKeptEntries<string>({ bytes: 100_000, bytesPerSite: 50_000 });
    kept.set("k1", "a", "one", 1_000);
    kept.set("k2", "b", "two", 2_000);
    expect(kept.bytes("a")).toBe(cost("k1", 1_000));
    expect(kept.bytes()).toBe(cost("k1", 1_000) + cost("k2", 2_000));
    kept.set("k1", "a", "one again", 500);
    expect(kept.bytes("a")).toBe(cost("k1", 500));
    kept.delete("k1");
    expect(kept.bytes("a")).toBe(0);
    expect(kept.size).toBe(1);
  });

  it("keeps nothing larger than a site's share", () => {
    const kept = createKeptEntries<string>({ bytes: 100_000, bytesPerSite: 10_000 });
    kept.set("big", "a", "page", 10_000);
    expect(kept.get("big")).toBeUndefined();
    expect(kept.bytes()).toBe(0);
  });

  it("evicts a site's own least recently used entries once it is at its share", () => {
    const kept = createKeptEntries<number>({ bytes: 100_000, bytesPerSite: 3 * cost("k0", 9_000) });
    kept.set("other", "b", -1, 9_000);
    for (let i = 0; i < 3; i++) kept.set(`k${i}`, "a", i, 9_000);
    kept.get("k0");
    kept.set("k3", "a", 3, 9_000);
    expect([kept.get("k0"), kept.get("k1"), kept.get("k2"), kept.get("k3"), kept.get("other")]).toEqual([0, undefined, 2, 3, -1]);
  });

  it("evicts the least recently used of all sites once the whole is full", () => {
    const kept = createKeptEntries<string>({ bytes: 3 * cost("a0", 9_000), bytesPerSite: 100_000 });
    kept.set("a0", "a", "a0", 9_000);
    kept.set("b0", "b", "b0", 9_000);
    kept.set("c0", "c", "c0", 9_000);
    kept.get("a0");
    kept.set("d0", "d", "d0", 9_000);
    expect([kept.get("a0"), kept.get("b0"), kept.get("c0"), kept.get("d0")]).toEqual(["a0", undefined, "c0", "d0"]);
    expect(kept.bytes("b")).toBe(0);
  });

  it("drops the oldest entries once they are stale, up to the first that is not", () => {
    const expired = new Set(["k0", "k1", "k3"]);
    const kept = createKeptEntries<string>({ bytes: 100_000, bytesPerSite: 100_000 }, (value) => expired.has(value));
    for (const key of ["k0", "k1", "k2", "k3"]) kept.set(key, "a", key, 100);
    kept.set("k4", "a", "k4", 100);
    expect(kept.size).toBe(3);
    expect([kept.get("k2"), kept.get("k3"), kept.get("k4")]).toEqual(["k2", "k3", "k4"]);
  });
});

describe("stringBytes", () => {
  it("is a byte a character for Latin-1 text, two for any other", () => {
    expect(stringBytes("café")).toBe(4);
    expect(stringBytes("cars — 4")).toBe(16);
  });
});

describe("configFingerprint", () => {
  it("is a few characters for a whole config, the same for the same text and another for any change", () => {
    const config = structuredClone(defaultSiteConfig);
    const print = configFingerprint(config);
    expect(print.length).toBeLessThan(32);
    expect(configFingerprint(structuredClone(config))).toBe(print);
    expect(configFingerprint({ ...config, theme: { ...config.theme, primary: "#000001" } })).not.toBe(print);
    expect(configFingerprint({ ...config, theme: { ...config.theme, primary: "#000010" } })).not.toBe(configFingerprint({ ...config, theme: { ...config.theme, primary: "#000001" } }));
  });
});
