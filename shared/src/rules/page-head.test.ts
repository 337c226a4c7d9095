import { describe, expect, it } from "vitest";
import { META_DESCRIPTION_MAX, pageHead } from "./page-head";

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

describe("link previews", () => {
  const input = { siteName: "Harbour City Motors", template: "car-dealer", pageTitle: "2021 Toyota Corolla", pageName: "vehicle" } as const;

  it("a car page gets its canonical address, Open Graph with the price and the large-image Twitter card", () => {
    const head = pageHead({ ...input, social: { url: "https://hcm.example/cars/x", image: "https://hcm.example/cdn/image/a.jpg", price: 24990 } });
    expect(head.canonical).toBe("https://hcm.example/cars/x");
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
