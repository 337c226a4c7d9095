import { describe, expect, it } from "vitest";
import { isLocalDev, devFragmentDelayMs } from "./dev-faults";

describe("the dev-only fault switch", () => {
  it("delays only the named remote, and only in development", () => {
    expect(devFragmentDelayMs("mf-finance=delay:4000", "mf-finance", true)).toBe(4000);
    expect(devFragmentDelayMs("mf-search=delay:10, mf-finance=delay:20", "mf-finance", true)).toBe(20);
    expect(devFragmentDelayMs("mf-finance=delay:4000", "mf-search", true)).toBe(0);
    expect(devFragmentDelayMs("mf-finance=delay:4000", "mf-finance", false)).toBe(0);
  });

  it("ignores what it cannot read and caps the delay", () => {
    expect(devFragmentDelayMs("mf-finance=slow", "mf-finance", true)).toBe(0);
    expect(devFragmentDelayMs(undefined, "mf-finance", true)).toBe(0);
    expect(devFragmentDelayMs("mf-finance=delay:99999", "mf-finance", true)).toBe(30_000);
  });

  it("is on only where the Worker's env says LOCAL_DEV=on (only .dev.vars does)", () => {
    expect(isLocalDev({ LOCAL_DEV: "on" })).toBe(true);
    expect(isLocalDev({})).toBe(false);
    expect(isLocalDev({ LOCAL_DEV: "true" })).toBe(false);
  });
});
