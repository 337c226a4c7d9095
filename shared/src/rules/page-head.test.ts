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
