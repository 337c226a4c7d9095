import { describe, expect, it } from "vitest";
import { brandLogoUrl, logoOrNotFound, staticMapUrl } from "./site-pictures";

describe("site pictures", () => {
  it("builds CDN URLs for maps and logos", () => {
    expect(staticMapUrl(-27.4457, 153.0464)).toBe("/cdn/image/width=600,quality=75/site/maps/-27.4457/153.0464.svg");
    expect(brandLogoUrl("toyota")).toBe("/cdn/image/width=320,quality=75/site/brands/toyota.svg");
  });

  it("falls back to the image-not-found picture for a missing or blank logo", () => {
    expect(logoOrNotFound(null)).toBe("/cdn/image/width=320,quality=75/site/image-not-found.svg");
    expect(logoOrNotFound("  ")).toContain("image-not-found");
    expect(logoOrNotFound("/logo.svg")).toBe("/logo.svg");
  });
});
