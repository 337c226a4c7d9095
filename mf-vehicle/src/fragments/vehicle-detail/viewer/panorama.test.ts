import { describe, expect, it } from "vitest";
import { PANORAMA_STEP, panAfterDrag, panBy, panDegrees } from "./panorama";

describe("the interior panorama's pan", () => {
  it("wraps past either edge", () => {
    expect(panBy(0, -PANORAMA_STEP)).toBeCloseTo(1 - PANORAMA_STEP);
    expect(panBy(1 - PANORAMA_STEP, PANORAMA_STEP)).toBeCloseTo(0);
    expect(panBy(0.5, 2.25)).toBeCloseTo(0.75);
    let pan = 0;
    for (let press = 0; press < 24; press += 1) pan = panBy(pan, PANORAMA_STEP);
    expect(panDegrees(pan)).toBe(0);
  });

  it("looks left when dragged right, by the picture's width", () => {
    expect(panAfterDrag(0.5, 100, 400)).toBeCloseTo(0.25);
    expect(panAfterDrag(0, -100, 400)).toBeCloseTo(0.25);
    expect(panAfterDrag(0.1, 200, 400)).toBeCloseTo(0.6);
  });

  it("names the turn in whole degrees below 360", () => {
    expect([panDegrees(0), panDegrees(0.25), panDegrees(0.9999)]).toEqual([0, 90, 0]);
  });
});
