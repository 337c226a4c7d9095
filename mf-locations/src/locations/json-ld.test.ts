import { describe, expect, it } from "vitest";
import { sampleLocation } from "./fixtures";
import { locationJsonLd } from "./json-ld";

describe("locationJsonLd", () => {
  it("describes the location as an AutoDealer with its opening hours", () => {
    const data = JSON.parse(locationJsonLd(sampleLocation(), "https://x.test/our-location/harbour-city-toyota"));
    expect(data["@type"]).toBe("AutoDealer");
    expect(data.address).toMatchObject({ addressLocality: "Brisbane", postalCode: "4000", addressCountry: "AU" });
    expect(data.openingHoursSpecification).toHaveLength(6);
    expect(data.openingHoursSpecification[0]).toMatchObject({ dayOfWeek: "https://schema.org/Monday", opens: "08:30", closes: "17:30" });
  });

  it("cannot close its script element", () => {
    expect(locationJsonLd(sampleLocation({ name: "</script><script>x" }), "/")).not.toContain("</script>");
  });
});
