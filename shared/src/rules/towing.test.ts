import { describe, expect, it } from "vitest";
import { NO_ATM_TEXT, towVerdict } from "./towing";
import { TOWING_CAPACITY_MESSAGE, towingCapacityOf } from "./towing-capacity";

describe("can my car tow this van", () => {
  it("is within, within but over 85 %, or over, at the edges", () => {
    expect(towVerdict(2_550, 3_000).kind).toBe("within");
    expect(towVerdict(2_551, 3_000).kind).toBe("near");
    expect(towVerdict(3_000, 3_000).kind).toBe("near");
    expect(towVerdict(3_001, 3_000).kind).toBe("over");
  });
  it("says when a van has no ATM rather than guessing", () => {
    expect(towVerdict(null, 3_000)).toEqual({ kind: "unknown", text: NO_ATM_TEXT });
    expect(towVerdict(0, 3_000).kind).toBe("unknown");
  });
  it("takes a capacity from 1 to 10,000 kg, refusing 0 and 100,000", () => {
    expect(towingCapacityOf("3,500 kg")).toEqual({ ok: true, kg: 3_500 });
    for (const bad of ["0", "100000", "", "-5", "2.5t"]) expect(towingCapacityOf(bad)).toEqual({ ok: false, message: TOWING_CAPACITY_MESSAGE });
  });
});
