import { SPIN_FRAME_COUNT, VEHICLE_IMAGE_ANGLES, VEHICLE_IMAGE_BODIES, VEHICLE_IMAGE_COLOURS } from "@dealer/shared/media";
import { describe, expect, it } from "vitest";
import { buildSpinFrame, buildVehiclePicture, shade } from "./vehicle-svg";

const base = { body: "sedan", colour: "red", width: 640, quality: 75 } as const;

describe("buildVehiclePicture", () => {
  it("draws a 3:2 SVG at the asked width in the asked colour", () => {
    const svg = buildVehiclePicture({ ...base, angle: "side" });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="640" height="427" viewBox="0 0 600 400"/);
    expect(svg).toContain(VEHICLE_IMAGE_COLOURS.red.slice(1, 3));
    expect(svg).toContain("<title>red sedan, side view</title>");
  });

  it("draws a different picture for every body, angle and colour, with no script or external reference", () => {
    const seen = new Set<string>();
    for (const body of VEHICLE_IMAGE_BODIES) {
      for (const angle of VEHICLE_IMAGE_ANGLES) {
        const svg = buildVehiclePicture({ ...base, body, angle });
        expect(svg).not.toMatch(/<script|href=|NaN|undefined|PAINT|EDGE/);
        seen.add(svg);
      }
    }
    expect(seen.size).toBe(VEHICLE_IMAGE_BODIES.length * VEHICLE_IMAGE_ANGLES.length);
    const colours = Object.keys(VEHICLE_IMAGE_COLOURS) as (keyof typeof VEHICLE_IMAGE_COLOURS)[];
    expect(new Set(colours.map((colour) => buildVehiclePicture({ ...base, colour, angle: "front" }))).size).toBe(colours.length);
  });

  it("draws a caravan's own views: no headlamp, grille or dashboard on any of its pictures or spin frames", () => {
    const pictures = [
      ...VEHICLE_IMAGE_ANGLES.map((angle) => buildVehiclePicture({ ...base, body: "caravan", angle })),
      ...Array.from({ length: SPIN_FRAME_COUNT }, (_, frame) => buildSpinFrame({ ...base, body: "caravan", frame })),
    ];
    for (const svg of pictures) {
      expect(svg).not.toContain("#fff6d5"); // a headlamp
      expect(svg).not.toContain("#2a2d31\"/>"); // a grille
      expect(svg).not.toContain("#0f1114"); // a gauge
    }
    expect(buildVehiclePicture({ ...base, body: "sedan", angle: "front" })).toContain("#fff6d5");
  });

  it("drops shading below quality 50", () => {
    expect(buildVehiclePicture({ ...base, angle: "front", quality: 75 })).toContain("linearGradient");
    expect(buildVehiclePicture({ ...base, angle: "front", quality: 40 })).not.toContain("linearGradient");
  });
});

describe("buildSpinFrame", () => {
  it("draws every frame differently and mirrors the far side", () => {
    const frames = Array.from({ length: SPIN_FRAME_COUNT }, (_, frame) => buildSpinFrame({ ...base, body: "suv", frame }));
    expect(new Set(frames).size).toBe(SPIN_FRAME_COUNT);
    expect(frames[6]).toContain("scale(1 1)");
    expect(frames[18]).toContain("scale(-1 1)");
    expect(frames[0]).toContain("spin frame 1 of 24");
  });
});

describe("shade", () => {
  it("moves a colour toward black or white", () => {
    expect(shade("#808080", -1)).toBe("#000000");
    expect(shade("#808080", 1)).toBe("#ffffff");
    expect(shade("#808080", 0)).toBe("#808080");
  });
});
