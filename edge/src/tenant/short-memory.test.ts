import { describe, expect, it } from "vitest";
import { createShortMemory } from "./short-memory";

describe("createShortMemory", () => {
  it("answers an entry for its time to live", () => {
    let clock = 0;
    const memory = createShortMemory<string>(2_000, () => clock);
    memory.set("a.example", "tenant a");
    clock += 1_999;
    expect(memory.get("a.example")).toBe("tenant a");
    clock += 1;
    expect(memory.get("a.example")).toBeUndefined();
  });

  // ADR 0126: a resolved tenant is about 30 KB; an isolate that served hundreds of sites' hosts kept them all.
  it("holds only the entries of the last time to live, however many keys it has seen", () => {
    let clock = 0;
    const memory = createShortMemory<string>(2_000, () => clock);
    for (let i = 0; i < 500; i++) {
      memory.set(`site-${i}.example`, `tenant ${i}`);
      clock += 100;
    }
    expect(memory.size).toBeLessThanOrEqual(20);
    expect(memory.get("site-499.example")).toBe("tenant 499");
  });

  // ADR 0128: a car page's subject is kept by its address, which a fuzzer names at will.
  it("holds at most maxEntries, the oldest leaving first", () => {
    const memory = createShortMemory<number>(2_000, () => 0, 3);
    for (let i = 0; i < 10; i++) memory.set(`car-${i}`, i);
    expect(memory.size).toBe(3);
    expect(memory.get("car-6")).toBeUndefined();
    expect(memory.get("car-9")).toBe(9);
  });
});
