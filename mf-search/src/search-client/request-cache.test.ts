import { describe, expect, it } from "vitest";
import { createRequestCache } from "./request-cache";

describe("request cache", () => {
  it("answers a repeated key from the cache and evicts the oldest beyond its size", async () => {
    const cached = createRequestCache<string>(2);
    let runs = 0;
    const ask = (key: string) => cached(key, async () => `${key}${++runs}`);
    expect(await ask("a")).toBe("a1");
    expect(await ask("a")).toBe("a1");
    await ask("b");
    await ask("c");
    expect(await ask("b")).toBe("b2");
    expect(await ask("a")).toBe("a4");
  });

  it("forgets a failed request", async () => {
    const cached = createRequestCache<string>(10);
    await expect(cached("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cached("k", async () => "ok")).toBe("ok");
  });
});
