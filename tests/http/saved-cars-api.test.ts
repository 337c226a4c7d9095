import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertConcurrently, concurrentProperty } from "../support/fuzz";
import { query } from "../support/db";
import { fetchSite } from "../support/platform";
import { carPath, cars } from "../support/vehicles";

/** GET /api/vehicles/summaries (compare, favourites, recently viewed) and GET /cars/{slug}/view.json (view counter). */
const SITE = "harbour-city-motors";
const MARKUP = "<script>alert(1)</script>";

const idsOf = (site: string, condition: string, limit: number) =>
  query<{ id: number }>(`SELECT id FROM vehicles WHERE site = '${site}' AND ${condition} ORDER BY id LIMIT ${limit}`).map((row) => row.id);

type Summaries = { cars: { id: number; title: string; path: string; inStock: boolean; priceText: string; repayment: { text: string; rates: string } | null; specs: { label: string; value: string }[]; features: string[] }[] };

describe("GET /api/vehicles/summaries", () => {
  it("answers the site's cars in the order asked: price, finance estimate, key specs in line, features", async () => {
    const ids = idsOf(SITE, "status = 'in_stock' AND json_extract(data, '$.price') > 0", 4).reverse();
    const response = await fetchSite(SITE, `/api/vehicles/summaries?ids=${ids.join(",")}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Summaries;
    expect(body.cars.map((car) => car.id)).toEqual(ids);
    for (const car of body.cars) {
      expect(car.path).toMatch(/^\/cars\/[a-z0-9-]+$/);
      expect(car.priceText).toMatch(/^\$[\d,]+/);
      // The estimate needs a plain price (a subscription or preorder has none).
      if (car.repayment !== null) expect(car.repayment.text).toMatch(/^\$[\d,]+\.\d\d\/(wk|mth)$/);
      expect(car.specs.map((spec) => spec.label)).toEqual(body.cars[0]?.specs.map((spec) => spec.label));
      expect(car.features.length).toBeGreaterThan(0);
    }
    expect(body.cars.some((car) => car.repayment !== null)).toBe(true);
  });

  it("leaves out unknown ids and other dealers' cars, and marks sold cars", async () => {
    const [other] = idsOf("ridge-motorcycles", "1 = 1", 1);
    const [sold] = idsOf(SITE, "status = 'sold'", 1);
    const response = await fetchSite(SITE, `/api/vehicles/summaries?ids=${other},999999999,${sold}`);
    const body = (await response.json()) as Summaries;
    expect(body.cars.map((car) => [car.id, car.inStock, car.repayment])).toEqual([[sold, false, null]]);
  });

  it.each([
    ["", "ids"],
    ["?ids=", "ids.0"],
    ["?ids=abc", "ids.0"],
    ["?ids=1,,2", "ids.1"],
    ["?ids=-1", "ids.0"],
    ["?ids=0", "ids.0"],
    ["?ids=1.5", "ids.0"],
    ["?ids=99999999999999999", "ids.0"],
    [`?ids=${Array.from({ length: 13 }, (_, i) => i + 1).join(",")}`, "ids"],
    [`?ids=${"1,".repeat(150)}1`, "ids"],
    [`?ids=${encodeURIComponent(MARKUP)}`, "ids.0"],
  ])("answers 400 naming the field for ids%s", async (search, field) => {
    const response = await fetchSite(SITE, `/api/vehicles/summaries${search}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors)).toContain(field);
  });

  it("fuzzed queries never answer a 5xx or reflect markup", async () => {
    const piece = fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String), fc.constantFrom("1", "0", "-1", "1e9", "NaN", "%", "%ED%A0%80", MARKUP, ",", " "));
    const search = fc.oneof(
      fc.array(piece, { maxLength: 16 }).map((parts) => `ids=${encodeURIComponent(parts.join(","))}`),
      fc.array(fc.tuple(fc.constantFrom("ids", "ids[]", "id", "x"), piece), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")),
    );
    await assertConcurrently(
      concurrentProperty(search, async (text) => {
        const response = await fetchSite(SITE, `/api/vehicles/summaries?${text}`);
        expect(response.status, text).toBeLessThan(500);
        expect(await response.text(), text).not.toContain(MARKUP);
      }),
      { numRuns: 200, seed: 1418 },
    );
  }, 600_000);
});

describe("GET /cars/{slug}/view.json", () => {
  it("counts each view and answers the viewed-car record's fields", async () => {
    const path = carPath(SITE, cars.inStock);
    const view = async () => {
      const response = await fetchSite(SITE, `${path}/view.json?photos_count=4&updated_at=2026-01-01&website_id=${SITE}`);
      expect(response.status).toBe(200);
      return (await response.json()) as { views: number; car_fields: Record<string, unknown> };
    };
    const first = await view();
    const second = await view();
    expect(second.views).toBe(first.views + 1);
    expect(Object.keys(first.car_fields).sort()).toEqual(["body", "id", "make", "model", "simple_body", "stocknum"]);
  });

  it("concurrent views are all counted", async () => {
    const path = carPath(SITE, `${cars.inStock} AND id > 100200`);
    const count = async () => ((await (await fetchSite(SITE, `${path}/view.json`)).json()) as { views: number }).views;
    const before = await count();
    await Promise.all(Array.from({ length: 10 }, () => fetchSite(SITE, `${path}/view.json`)));
    expect(await count()).toBe(before + 11);
  });

  it("answers 404 for unknown or other dealers' cars and 400 for a bad query, never a 5xx", async () => {
    expect((await fetchSite(SITE, "/cars/no-such-car/view.json")).status).toBe(404);
    expect((await fetchSite("ridge-motorcycles", `${carPath(SITE, cars.inStock)}/view.json`)).status).toBe(404);
    expect((await fetchSite(SITE, `${carPath(SITE, cars.inStock)}/view.json?photos_count=lots`)).status).toBe(400);
    const query = fc.array(fc.tuple(fc.constantFrom("photos_count", "updated_at", "website_id", "x"), fc.oneof(fc.string({ maxLength: 120 }), fc.integer().map(String))), { maxLength: 4 });
    const slug = fc.oneof(fc.constant(carPath(SITE, cars.inStock).replace("/cars/", "")), fc.stringMatching(/^[a-zA-Z0-9%._-]{1,40}$/));
    await assertConcurrently(
      concurrentProperty(slug, query, async (name, pairs) => {
        const search = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
        const response = await fetchSite(SITE, `/cars/${name}/view.json?${search}`);
        expect(response.status, `${name}?${search}`).toBeLessThan(500);
      }),
      { numRuns: 100, seed: 1418 },
    );
  }, 300_000);
});
