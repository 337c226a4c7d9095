import { describe, expect, it } from "vitest";
import { sharedWhileInFlight } from "./in-flight";

describe("sharedWhileInFlight", () => {
  it("runs concurrent loads of one key once and gives each caller the answer", async () => {
    let calls = 0;
    const load = sharedWhileInFlight(
      (key: string) => key,
      async (key: string) => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { key, calls };
      },
    );
    const answers = await Promise.all([load("a"), load("a"), load("a"), load("b")]);
    expect(calls).toBe(2);
    expect(answers.map((a) => a.key)).toEqual(["a", "a", "a", "b"]);
  });

  it("keeps nothing once a load settled: the next call reads again (a stock change is seen at once)", async () => {
    let version = 1;
    const load = sharedWhileInFlight(
      () => "car",
      async () => version,
    );
    expect(await load()).toBe(1);
    version = 2;
    expect(await load()).toBe(2);
  });

  it("shares a failure with the callers waiting on it, and the next call tries again", async () => {
    let fail = true;
    const load = sharedWhileInFlight(
      () => "car",
      async () => {
        if (fail) throw new Error("not found");
        return "found";
      },
    );
    const results = await Promise.allSettled([load(), load()]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await load()).toBe("found");
  });
});
