import { beforeAll, describe, expect, it } from "vitest";
import { htmlErrors, titleOf } from "../support/html-conformance";
import { fetchSite } from "../support/platform";
import { standardsPages, VEHICLE_TYPE_SITES } from "../support/route-kinds";
import { jsonLdBlocks, SchemaOrgValidator } from "../support/schema-org";

type Fetched = { site: string; path: string; status: number; html: string | null };

/** Every route kind of two sites, fetched once: each check below reads these pages. */
let pages: Fetched[] = [];
beforeAll(async () => {
  for (const [site, path] of await standardsPages()) {
    const response = await fetchSite(site, path);
    const html = response.headers.get("content-type")?.startsWith("text/html") ? await response.text() : null;
    if (html === null) await response.arrayBuffer();
    pages.push({ site, path, status: response.status, html });
  }
  pages = pages.filter((page) => page.status < 300 || page.status >= 400);
});

const htmlPages = () => pages.filter((page): page is Fetched & { html: string } => page.html !== null);
const carPages = () => htmlPages().filter((page) => /^\/cars\/(?!trade-in)[a-z0-9-]+$/.test(page.path));

describe("HTML conformance (html-validate's standard preset) on every route kind", () => {
  it("serves every page, none with a server error", () => {
    expect(htmlPages().length).toBeGreaterThan(60);
    expect(pages.filter((page) => page.status >= 500).map((page) => `${page.site}${page.path} ${page.status}`)).toEqual([]);
  });

  it("has 0 errors", async () => {
    const errors: string[] = [];
    for (const page of htmlPages()) for (const error of await htmlErrors(page.html, page.path)) errors.push(`${page.site}${page.path}: ${error}`);
    expect(errors).toEqual([]);
  });

  it("gives the search page and each landing its own <title>", () => {
    for (const site of new Set(pages.map((page) => page.site))) {
      const search = htmlPages().filter((page) => page.site === site && /^\/search(\/[^?]*)?$/.test(page.path));
      const titles = search.map((page) => titleOf(page.html));
      if (search.length > 1) expect(new Set(titles).size, `${site}: ${titles.join(", ")}`).toBe(search.length);
    }
    const used = htmlPages().find((page) => page.site === "harbour-city-motors" && page.path === "/search/used-cars");
    expect(titleOf(used?.html ?? "")).toBe("Used cars | Harbour City Motors");
  });
});

describe("structured data is schema.org's vocabulary", () => {
  const validator = new SchemaOrgValidator();

  it("names no unknown type or property and no value of the wrong type on any page", () => {
    const errors: string[] = [];
    let blocks = 0;
    for (const page of htmlPages()) {
      for (const data of jsonLdBlocks(page.html)) {
        blocks++;
        errors.push(...validator.errors(data, `${page.site}${page.path}`));
      }
    }
    expect(blocks).toBeGreaterThan(20);
    expect(errors).toEqual([]);
  });

  it("types each vehicle by what it is, with its absolute URL and image, its stock number and its seller", () => {
    const expected: Record<string, string> = { [VEHICLE_TYPE_SITES.motorcycle]: "Motorcycle", [VEHICLE_TYPE_SITES.truck]: "Vehicle", [VEHICLE_TYPE_SITES.caravan]: "Vehicle" };
    const cars = carPages();
    expect(cars.length).toBe(5);
    for (const page of cars) {
      const vehicle = jsonLdBlocks(page.html).find((data) => (data as { offers?: unknown }).offers) as Record<string, unknown> & { offers: Record<string, unknown> };
      const origin = `http://${page.site}.localhost:`;
      expect(vehicle["@type"], page.site).toBe(expected[page.site] ?? "Car");
      expect(vehicle.url, page.site).toMatch(new RegExp(`^${origin}\\d+${page.path}$`));
      expect(vehicle.offers.url).toBe(vehicle.url);
      expect(String(vehicle.image)).toMatch(new RegExp(`^${origin}`));
      expect(vehicle.sku).toEqual(expect.any(String));
      expect(vehicle.offers.seller).toMatchObject({ "@type": "AutoDealer", name: expect.any(String), url: expect.stringMatching(new RegExp(`^${origin}`)) });
    }
  });

  it("lists a search page's results as an ItemList of the cars it shows", () => {
    const search = htmlPages().find((page) => page.site === "harbour-city-motors" && page.path === "/search");
    const list = jsonLdBlocks(search?.html ?? "").find((data) => (data as { "@type"?: string })["@type"] === "ItemList") as { itemListElement: Array<{ position: number; url: string }> };
    const cards = [...new Set([...(search?.html ?? "").matchAll(/href="(\/cars\/(?!trade-in)[a-z0-9-]+)"/g)].map((match) => match[1]))];
    expect(list.itemListElement.length).toBeGreaterThan(0);
    expect(list.itemListElement.map((item) => new URL(item.url).pathname)).toEqual(cards.slice(0, list.itemListElement.length));
    expect(list.itemListElement.map((item) => item.position)).toEqual(list.itemListElement.map((_, index) => index + 1));
  });

  it("the validator itself refuses an unknown type, an unknown property, a wrong value and a relative URL", () => {
    const car = (extra: Record<string, unknown>) => ({ "@context": "https://schema.org", "@type": "Car", name: "2021 Toyota Camry", ...extra });
    expect(validator.errors(car({ numberOfDoors: 4, offers: { "@type": "Offer", url: "https://x.example/cars/a", availability: "https://schema.org/InStock" } }))).toEqual([]);
    expect(validator.errors({ "@context": "https://schema.org", "@type": "Automobile" })).toEqual(["$: Automobile is not a schema.org type"]);
    expect(validator.errors(car({ colour: "Red" }))).toEqual(["$: Car has no property colour"]);
    expect(validator.errors(car({ offers: { "@type": "Brand", name: "x" } }))).toEqual(["$.offers: a Brand is not a Demand | Offer"]);
    expect(validator.errors(car({ itemCondition: "Used" }))).toEqual(['$.itemCondition: "Used" is not a value of OfferItemCondition']);
    expect(validator.errors(car({ url: "/cars/a" }))[0]).toContain("relative URL");
  });
});
