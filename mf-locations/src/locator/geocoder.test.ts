import { describe, expect, it } from "vitest";
import { httpGeocoder, localGeocoder } from "./geocoder";

describe("geocoders", () => {
  it("the packaged table knows capital-city postcodes and refuses the rest", async () => {
    expect(await localGeocoder("4000")).toEqual({ lat: -27.47, long: 153.03 });
    expect(await localGeocoder("6017")).toEqual({ lat: -31.95, long: 115.86 });
    expect(await localGeocoder("0100")).toBeNull();
    expect(await localGeocoder("abcd")).toBeNull();
  });

  it("the HTTP geocoder asks by postal code in AU; an empty answer is no result", async () => {
    const found = httpGeocoder("k", (async (url: string) => {
      expect(url).toContain("postal_code%3A2150%7Ccountry%3AAU");
      return Response.json({ results: [{ geometry: { location: { lat: -33.8, lng: 151.0 } } }] });
    }) as typeof fetch);
    expect(await found("2150")).toEqual({ lat: -33.8, long: 151.0 });
    expect(await httpGeocoder("k", (async () => Response.json({ results: [] })) as typeof fetch)("2150")).toBeNull();
  });
});
