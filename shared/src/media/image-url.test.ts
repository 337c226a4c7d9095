import { describe, expect, it } from "vitest";
import { imageAssetPath, imageSrcSet, parseImageParams, vehicleImageUrl } from "./image-url";
import { vehicleImagePath, vehicleSpinFramePath } from "./vehicle-assets";

describe("vehicleImageUrl", () => {
  it("builds a CDN URL with the default width 640 and quality 75", () => {
    expect(vehicleImageUrl("vehicles/sedan/white/front.svg")).toBe(
      "/cdn/image/width=640,quality=75/vehicles/sedan/white/front.svg",
    );
  });

  it("replaces the params of an existing CDN URL", () => {
    const url = vehicleImageUrl("vehicles/ute/red/side.svg", { width: 200, quality: 60 });
    expect(vehicleImageUrl(url, { width: 1200 })).toBe("/cdn/image/width=1200,quality=75/vehicles/ute/red/side.svg");
    expect(imageAssetPath(url)).toBe("vehicles/ute/red/side.svg");
  });

  it("builds a srcset with one candidate per width", () => {
    expect(imageSrcSet("/vehicles/suv/blue/rear.svg", [320, 640], 60)).toBe(
      "/cdn/image/width=320,quality=60/vehicles/suv/blue/rear.svg 320w, /cdn/image/width=640,quality=60/vehicles/suv/blue/rear.svg 640w",
    );
  });

  it("names asset paths for angles and spin frames", () => {
    expect(vehicleImagePath("van", "grey", "dash")).toBe("vehicles/van/grey/dash.svg");
    expect(vehicleSpinFramePath("coupe", "black", 7)).toBe("vehicles/coupe/black/spin/7.svg");
  });
});

describe("parseImageParams", () => {
  it("accepts width and quality in range, in any order", () => {
    expect(parseImageParams("width=640,quality=75")).toEqual({ ok: true, params: { width: 640, quality: 75 } });
    expect(parseImageParams("quality=1,width=2000")).toEqual({ ok: true, params: { width: 2000, quality: 1 } });
  });

  it.each([
    "width=15,quality=75",
    "width=2001,quality=75",
    "width=640,quality=0",
    "width=640,quality=101",
    "width=640",
    "width=abc,quality=75",
    "width=640,quality=75,format=gif",
    "width=640,width=320,quality=75",
    "width=6.5,quality=75",
    "",
  ])("rejects %s", (segment) => {
    expect(parseImageParams(segment).ok).toBe(false);
  });
});
