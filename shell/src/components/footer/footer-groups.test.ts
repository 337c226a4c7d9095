import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "@dealer/shared/config";
import { footerGroups } from "./footer-groups";

const site = { slug: "harbour-city-motors", name: "Harbour City Motors", template: "car-dealer" as const };

describe("footerGroups", () => {
  it("has the spec's groups, the last named after the dealership", () => {
    expect(footerGroups(site, defaultSiteConfig).map((g) => g.heading)).toEqual([
      "Vehicles", "Buyer Tools", "Servicing and Parts", "Harbour City Motors",
    ]);
  });

  it("offers only used stock on a used-only site", () => {
    const config = { ...defaultSiteConfig, search: { ...defaultSiteConfig.search, usedOnly: true } };
    expect(footerGroups(site, config)[0]?.links.map((l) => l.href)).toEqual(["/search/used-cars"]);
  });

  it("links the brands page only where it is switched on, and finance to the configured path", () => {
    const config = {
      ...defaultSiteConfig,
      features: { ...defaultSiteConfig.features, brandsPage: true },
      finance: { ...defaultSiteConfig.finance, financePath: "/apply-for-finance" as const },
    };
    const links = footerGroups(site, config).flatMap((g) => g.links.map((l) => l.href));
    expect(links).toContain("/brands");
    expect(links).toContain("/apply-for-finance");
    expect(footerGroups(site, defaultSiteConfig).flatMap((g) => g.links.map((l) => l.href))).not.toContain("/brands");
  });
});

describe("footerGroups from the site's config", () => {
  it("uses the configured groups when the site sets them", () => {
    const groups = [{ heading: "Models", links: [{ label: "Toyota", href: "/toyota/overview" }] }];
    const config = { ...defaultSiteConfig, navigation: { ...defaultSiteConfig.navigation, footerGroups: groups } };
    expect(footerGroups(site, config)).toEqual(groups);
  });
});
