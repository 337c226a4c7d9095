import { describe, expect, it } from "vitest";
import { cacheSearchKeys, SEARCH_KEY_CACHE_MS } from "./credentials";
import type { KeyAccess } from "./types";

describe("cacheSearchKeys", () => {
  it("asks the key store once per search key within the window, and every time for a key that can write", async () => {
    const asked: string[] = [];
    const store: Record<string, KeyAccess> = { search: { site: "a", canWrite: false }, write: { site: "a", canWrite: true } };
    let clock = 0;
    const resolve = cacheSearchKeys(
      async (_appId, apiKey) => {
        asked.push(apiKey);
        return store[apiKey] ?? null;
      },
      () => clock,
    );
    const request = { host: "a.localhost", path: "/1/indexes/x/query", defer: () => {} };
    for (const key of ["search", "search", "write", "write", "nope", "nope"]) await resolve("app", key, request);
    expect(asked).toEqual(["search", "write", "write", "nope", "nope"]);
    // Another host is asked about afresh: a key's access is its host's.
    await resolve("app", "search", { ...request, host: "b.localhost" });
    expect(asked).toHaveLength(6);
    clock += SEARCH_KEY_CACHE_MS + 1;
    await expect(resolve("app", "search", request)).resolves.toEqual(store.search);
    expect(asked.at(-1)).toBe("search");
  });
});
