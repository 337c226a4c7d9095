import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "@dealer/shared/config";
import { isCurrentLink, normalizePath, visibleNavLinks } from "./nav-links";

const links = defaultSiteConfig.navigation.links;

describe("visibleNavLinks", () => {
  it("shows the spec's default links in order", () => {
    expect(visibleNavLinks(links, "/search").map((l) => l.label)).toEqual([
      "Search", "Test Drive", "Service", "Finance", "Trade In", "Parts", "Contact",
    ]);
  });

  it("hides Contact (/contact) on either contact page (/contact, /contact-us), with or without a trailing slash or query", () => {
    for (const path of ["/contact", "/contact/", "/contact?from=nav", "/contact-us", "/contact-us/"]) {
      expect(visibleNavLinks(links, path).map((l) => l.label)).not.toContain("Contact");
    }
  });

  it("keeps Contact on pages that only start with /contact", () => {
    expect(visibleNavLinks(links, "/contact-us/brisbane").map((l) => l.label)).toContain("Contact");
  });
});

describe("normalizePath / isCurrentLink", () => {
  it("strips query, hash and trailing slashes but keeps the root", () => {
    expect(normalizePath("/finance/?a=1#x")).toBe("/finance");
    expect(normalizePath("/")).toBe("/");
  });

  it("marks the link of the current page", () => {
    expect(isCurrentLink({ label: "Finance", href: "/finance" }, "/finance/")).toBe(true);
    expect(isCurrentLink({ label: "Finance", href: "/finance" }, "/search")).toBe(false);
  });
});

describe("visibleNavLinks in the header-menu variant", () => {
  const menu = [
    { label: "Home", href: "/" },
    { label: "More", href: "/about-us", children: [{ label: "About Us", href: "/about-us" }, { label: "Contact Us", href: "/contact-us" }] },
  ];

  it("hides the contact link inside a dropdown on the contact page only", () => {
    expect(visibleNavLinks(menu, "/contact-us")[1]?.children?.map((l) => l.label)).toEqual(["About Us"]);
    expect(visibleNavLinks(menu, "/about-us")[1]?.children?.map((l) => l.label)).toEqual(["About Us", "Contact Us"]);
  });
});
