import { afterEach, describe, expect, it, vi } from "vitest";
import { yieldToMain } from "./yield-to-main";

describe("yieldToMain", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("uses scheduler.yield where the browser has it", async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: yieldFn });
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });

  it("otherwise resolves in a later task, after a timer queued before it", async () => {
    vi.stubGlobal("scheduler", undefined);
    const order: string[] = [];
    setTimeout(() => order.push("earlier task"), 0);
    const yielded = yieldToMain().then(() => order.push("after the yield"));
    // A microtask is not a yield: the caller must not continue in the same task.
    await Promise.resolve();
    expect(order).toEqual([]);
    await yielded;
    expect(order).toEqual(["earlier task", "after the yield"]);
  });
});
