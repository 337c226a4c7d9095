import { describe, expect, it } from "vitest";
import { frameAfterDrag, SPIN_PX_PER_FRAME } from "./SpinViewer";

describe("frameAfterDrag", () => {
  it("moves one frame per 20 px and wraps round", () => {
    expect(SPIN_PX_PER_FRAME).toBe(20);
    expect(frameAfterDrag(5, 19, 24)).toBe(5);
    expect(frameAfterDrag(5, 40, 24)).toBe(3);
    expect(frameAfterDrag(0, 20, 24)).toBe(23);
    expect(frameAfterDrag(23, -20, 24)).toBe(0);
    expect(frameAfterDrag(0, -24 * 20 * 2, 24)).toBe(0);
  });
});
