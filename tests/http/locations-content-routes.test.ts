import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";

async function page(site: string, path: string): Promise<{ status: number; html: string }> {
  const response = await fetchSite(site, path);
  return { status: response.status, html: await response.text() };
}

describe("routes of issue 23: Our Stock, parts results, a site's /used-car base, the reviews pages", () => {
  for (const site of ["harbour-city-motors", "coastal-caravans"]) {
    it(`${site}: /cars/ is Our Stock and /parts/search the parts results, and bad input is a page, never a 5xx`, async () => {
      const stock = await page(site, "/cars/");
      expect(stock.status).toBe(200);
      expect(stock.html).toContain('id="slot-search"');
      const parts = await page(site, "/parts/search?q=brake");
      expect(parts.status).toBe(200);
      expect(parts.html).toContain('id="slot-directory"');
      for (const path of ["/parts/search?q=%3Cscript%3E&page=-4", "/cars/?page=x&sort=%00", "/pages/reviews?page=99999999&location=%3Cb%3E"]) {
        const bad = await page(site, path);
        expect(bad.status, path).toBeLessThan(500);
        expect(bad.html, path).not.toContain("<script>");
      }
    });
  }

  it("coastal-caravans sets /used-car: its stock pages live there; a /search site answers /used-car/... with 404", async () => {
    for (const path of ["/used-car", "/used-car/new-cars", "/used-car/jayco"]) {
      const found = await page("coastal-caravans", path);
      expect(found.status, path).toBe(200);
      expect(found.html, path).toContain('id="slot-search"');
    }
    expect((await page("coastal-caravans", "/used-car/a/b/c")).status).toBe(404);
    expect((await page("harbour-city-motors", "/used-car/new-cars")).status).toBe(404);
  });
});
