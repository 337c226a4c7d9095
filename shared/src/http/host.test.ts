import { describe, expect, it } from "vitest";
import { classifyHost, slugHost } from "./host";

describe("classifyHost", () => {
  it("names the same tenant with or without a trailing dot, port or capitals", () => {
    for (const host of ["harbour-city-motors.localhost:8787", "harbour-city-motors.localhost.:8787", "Harbour-City-Motors.LOCALHOST.", "harbour-city-motors.localhost"]) {
      expect(classifyHost(host)).toEqual({ kind: "slug", slug: "harbour-city-motors" });
    }
    expect(classifyHost("www.SummitAutoGroup.com.au.")).toEqual({ kind: "domain", domain: "www.summitautogroup.com.au" });
  });

  it("keeps the platform index and empty hosts apart from tenants", () => {
    expect(classifyHost("localhost:8787")).toEqual({ kind: "platform-index" });
    expect(classifyHost("localhost.")).toEqual({ kind: "platform-index" });
    expect(classifyHost(undefined)).toEqual({ kind: "domain", domain: "" });
  });

  it("names a site by its slug with slugHost, on any deployment", () => {
    expect(classifyHost(slugHost("harbour-city-motors"))).toEqual({ kind: "slug", slug: "harbour-city-motors" });
  });
});
