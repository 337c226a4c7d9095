import { describe, expect, it, vi } from "vitest";
import { INTERACTION_EVENTS, onFirstInteraction } from "./on-first-interaction";

describe("onFirstInteraction", () => {
  it("starts once, on whichever interaction comes first, and stops listening", () => {
    const target = new EventTarget() as unknown as HTMLElement;
    const start = vi.fn();
    onFirstInteraction(target, start);
    expect(start).not.toHaveBeenCalled();
    target.dispatchEvent(new Event("focusin"));
    for (const type of INTERACTION_EVENTS) target.dispatchEvent(new Event(type));
    expect(start).toHaveBeenCalledTimes(1);
  });
});
