import { describe, expect, it } from "vitest";
import { createKeptViews, KEPT_VIEW_MS } from "./kept-views";

const key = { site: "north-motors", stockVersion: "stock:north-motors:7", config: '{"search":{}}', search: '{"page":0}' };

/** A keptView whose computations are counted: each computed view names its number. */
function counted(options: Parameters<typeof createKeptViews>[0] = {}) {
  const keptView = createKeptViews<string>(options);
  let computed = 0;
  return { view: (k: typeof key) => keptView(k, async () => `view ${++computed}`), computed: () => computed };
}

describe("kept search views", () => {
  it("answers the same search of the same site, stock version and config with the view computed first", async () => {
    const views = counted();
    expect(await views.view(key)).toBe("view 1");
    expect(await views.view({ ...key })).toBe("view 1");
    expect(views.computed()).toBe(1);
  });

  it("never answers one site's view for another site's same search", async () => {
    const views = counted();
    await views.view(key);
    expect(await views.view({ ...key, site: "south-motors" })).toBe("view 2");
    expect(await views.view(key)).toBe("view 1");
  });

  it("computes again after a stock change, a config change or another search", async () => {
    const views = counted();
    await views.view(key);
    expect(await views.view({ ...key, stockVersion: "stock:north-motors:8" })).toBe("view 2");
    expect(await views.view({ ...key, config: '{"search":{"usedOnly":true}}' })).toBe("view 3");
    expect(await views.view({ ...key, search: '{"page":1}' })).toBe("view 4");
  });

  it("keeps a view no longer than the gateway keeps a slot", async () => {
    let time = 0;
    const views = counted({ now: () => time });
    await views.view(key);
    time += KEPT_VIEW_MS - 1;
    expect(await views.view(key)).toBe("view 1");
    time += 1;
    expect(await views.view(key)).toBe("view 2");
  });

  it("holds at most its number of entries, the least recently used out first", async () => {
    const views = counted({ entries: 2 });
    await views.view({ ...key, search: "a" });
    await views.view({ ...key, search: "b" });
    await views.view({ ...key, search: "a" });
    await views.view({ ...key, search: "c" });
    expect(await views.view({ ...key, search: "a" })).toBe("view 1");
    expect(await views.view({ ...key, search: "b" })).toBe("view 4");
  });

  it("does not keep a failed search", async () => {
    const keptView = createKeptViews<string>();
    await expect(keptView(key, () => Promise.reject(new Error("engine down")))).rejects.toThrow("engine down");
    expect(await keptView(key, async () => "after")).toBe("after");
  });
});
