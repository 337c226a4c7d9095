import { describe, expect, it } from "vitest";
import { canonicalUrl, META_DESCRIPTION_MAX, pageHead, postalAddressStructuredData, websiteStructuredData } from "./page-head";

const base = { siteName: "Harbour City Motors", template: "car-dealer" as const };

describe("page head", () => {
  it("names the page and the site in the title; the home page is the site's name", () => {
    expect(pageHead({ ...base, pageTitle: "Finance", pageName: "finance" }).title).toBe("Finance | Harbour City Motors");
    expect(pageHead({ ...base, pageTitle: "Home", pageName: "home" }).title).toBe("Harbour City Motors");
  });

  it("says what the dealer sells, by template", () => {
    expect(pageHead({ ...base, pageTitle: "Search stock", pageName: "search" }).description).toContain("new, used and demo cars");
    expect(pageHead({ ...base, template: "motorcycle", pageTitle: "Search stock", pageName: "search" }).description).toContain("motorcycles");
  });

  it("describes a vehicle with its title and where it is", () => {
    const head = pageHead({ ...base, pageTitle: "2021 Toyota Corolla Ascent Sport", pageName: "vehicle", place: "Brisbane" });
    expect(head.description).toMatch(/^2021 Toyota Corolla Ascent Sport for sale at Harbour City Motors, Brisbane\./);
  });

  it("gives every other page a description too, never longer than a search engine shows", () => {
    const head = pageHead({ ...base, siteName: "A".repeat(200), pageTitle: "Contact us", pageName: "form-enquiry" });
    expect(head.description.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(head.description.endsWith("…")).toBe(true);
  });
});

describe("pageHead with the page's own description", () => {
  it("uses a content page's description where the template has none, never over the template's own", () => {
    expect(pageHead({ ...base, pageTitle: "Diamond Advantage", pageName: "content", description: "Ownership benefits." }).description).toBe("Ownership benefits.");
    expect(pageHead({ ...base, pageTitle: "Home", pageName: "home", description: "x" }).description).not.toBe("x");
  });
});

describe("canonicalUrl", () => {
  const at = (path: string, page = "search") => canonicalUrl(new URL(path, "https://harbour.example"), page);

  it("drops the query and a trailing slash", () => {
    expect(at("/cars/2021-toyota-corolla/?utm_source=x", "vehicle")).toBe("https://harbour.example/cars/2021-toyota-corolla");
    expect(at("/?ref=1", "home")).toBe("https://harbour.example/");
    expect(at("/search/toyota/?sortBy=x&refinementList%5Bmake%5D%5B0%5D=Toyota")).toBe("https://harbour.example/search/toyota");
  });

  it("names a stock page under the site's own landing base when it was asked for under /search", () => {
    const usedCar = (path: string, page = "search") => canonicalUrl(new URL(path, "https://caravans.example"), page, { landingBase: "/used-car" });
    expect(usedCar("/search")).toBe("https://caravans.example/used-car");
    expect(usedCar("/search/jayco/journey/?page=2")).toBe("https://caravans.example/used-car/jayco/journey?page=2");
    expect(usedCar("/used-car/used-cars")).toBe("https://caravans.example/used-car/used-cars");
    expect(usedCar("/searching", "content")).toBe("https://caravans.example/searching");
    expect(at("/search/used-cars")).toBe("https://harbour.example/search/used-cars");
  });

  it("keeps a later results page on search pages only", () => {
    expect(at("/search?page=3&query=hilux")).toBe("https://harbour.example/search?page=3");
    expect(at("/search?page=1")).toBe("https://harbour.example/search");
    expect(at("/search?page=99999999999999999999")).toBe("https://harbour.example/search");
    expect(at("/finance?page=2", "finance")).toBe("https://harbour.example/finance");
  });
});

describe("websiteStructuredData", () => {
  it("offers the site search with the query parameter the search page reads", () => {
    const data = websiteStructuredData("Harbour City Motors", "https://harbour.example");
    expect(data.potentialAction.target).toBe("https://harbour.example/search?query={search_term_string}");
  });
});

describe("link previews", () => {
  const input = { siteName: "Harbour City Motors", template: "car-dealer", pageTitle: "2021 Toyota Corolla", pageName: "vehicle" } as const;

  it("a car page gets Open Graph with the price and the large-image Twitter card", () => {
    const head = pageHead({ ...input, social: { url: "https://hcm.example/cars/x", image: "https://hcm.example/cdn/image/a.jpg", price: 24990 } });
    expect(head.meta).toContainEqual(["property", "og:title", head.title]);
    expect(head.meta).toContainEqual(["property", "og:type", "product"]);
    expect(head.meta).toContainEqual(["property", "product:price:amount", "24990.00"]);
    expect(head.meta).toContainEqual(["name", "twitter:card", "summary_large_image"]);
  });

  it("without a price or image the preview says less, and other pages get none", () => {
    const head = pageHead({ ...input, social: { url: "https://hcm.example/cars/x", image: null, price: null } });
    expect(head.meta).toContainEqual(["property", "og:type", "website"]);
    expect(head.meta).toContainEqual(["name", "twitter:card", "summary"]);
    expect(head.meta?.some(([, key]) => key === "og:image" || key.startsWith("product:"))).toBe(false);
    expect(pageHead(input).meta).toBeUndefined();
    expect(pageHead({ ...input, pageName: "print", noindex: true }).noindex).toBe(true);
  });
});

describe("postalAddressStructuredData", () => {
  it("is a schema.org PostalAddress in Australia", () => {
    expect(postalAddressStructuredData({ street: "1 Breakfast Creek Rd", city: "Newstead", state: "QLD", postcode: "4006" })).toEqual({
      "@type": "PostalAddress",
      streetAddress: "1 Breakfast Creek Rd",
      addressLocality: "Newstead",
      addressRegion: "QLD",
      postalCode: "4006",
      addressCountry: "AU",
    });
  });
});
