import { describe, expect, it } from "vitest";
import { createRenderCache, RENDER_CACHE_ENTRIES, RENDER_CACHE_TTL_MS } from "./render-cache";

describe("createRenderCache", () => {
  it("answers an identical request rendered from the same data version", () => {
    const cache = createRenderCache();
    const version = {};
    cache.set(version, "request", "<p>cars</p>");
    expect(cache.get(version, "request")).toBe("<p>cars</p>");
    expect(cache.get(version, "another request")).toBeUndefined();
  });

  it("finds nothing once the data version is a new object", () => {
    const cache = createRenderCache();
    cache.set({}, "request", "<p>old stock</p>");
    expect(cache.get({}, "request")).toBeUndefined();
  });

  it("forgets an entry after the time to live", () => {
    let clock = 0;
    const cache = createRenderCache(() => clock);
    const version = {};
    cache.set(version, "request", "html");
    clock += RENDER_CACHE_TTL_MS - 1;
    expect(cache.get(version, "request")).toBe("html");
    clock += 1;
    expect(cache.get(version, "request")).toBeUndefined();
  });

  it("keeps at most RENDER_CACHE_ENTRIES per version, dropping the oldest first", () => {
    const cache = createRenderCache();
    const version = {};
    for (let i = 0; i <= RENDER_CACHE_ENTRIES; i++) cache.set(version, `request ${i}`, `html ${i}`);
    expect(cache.get(version, "request 0")).toBeUndefined();
    expect(cache.get(version, "request 1")).toBe("html 1");
    expect(cache.get(version, `request ${RENDER_CACHE_ENTRIES}`)).toBe(`html ${RENDER_CACHE_ENTRIES}`);
  });
});
