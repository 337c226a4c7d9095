import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";
import { carPath, cars } from "../support/vehicles";

const SITE = "harbour-city-motors";
const json = { "content-type": "application/json" };

describe("GET /cars/{slug}/autogauge", () => {
  it("answers the price comparison of a car from comparable stock, or null when there is none", async () => {
    const response = await fetchSite(SITE, `${carPath(SITE, cars.inStock)}/autogauge`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown> | null;
    if (body) {
      expect(Object.keys(body).sort()).toEqual(["confidence", "description", "fill", "listing_price", "market_range_max", "market_range_min"]);
      expect(body.confidence).toBeGreaterThanOrEqual(0);
      expect(body.confidence).toBeLessThanOrEqual(1);
    }
  });

  it.each(["/cars/no-such-car/autogauge", "/cars/UPPER/autogauge", "/cars/%2e%2e%2fetc/autogauge", `/cars/${"a".repeat(300)}/autogauge`])(
    "answers 404 for %s, never a 5xx",
    async (path) => {
      const response = await fetchSite(SITE, path);
      expect(response.status).toBe(404);
    },
  );

  it("never answers another dealer's car", async () => {
    const response = await fetchSite("ridge-motorcycles", `${carPath(SITE, cars.inStock)}/autogauge`);
    expect(response.status).toBe(404);
  });
});

describe("POST /api/vehicles/phone-reveals", () => {
  it("logs a reveal with car_id, dealership_id and website_id", async () => {
    const body = JSON.stringify({ car_id: 1, dealership_id: 1, website_id: SITE });
    const response = await fetchSite(SITE, "/api/vehicles/phone-reveals", { method: "POST", headers: json, body });
    expect(response.status).toBe(204);
  });

  it.each([
    "",
    "not json",
    "null",
    "[]",
    JSON.stringify({ car_id: "1", dealership_id: 1, website_id: SITE }),
    JSON.stringify({ car_id: -4, dealership_id: 1, website_id: SITE }),
    JSON.stringify({ car_id: 1, dealership_id: 1 }),
    JSON.stringify({ car_id: 1, dealership_id: 1, website_id: "x".repeat(500) }),
  ])("answers 400 for the body %s", async (body) => {
    const response = await fetchSite(SITE, "/api/vehicles/phone-reveals", { method: "POST", headers: json, body });
    expect(response.status).toBe(400);
  });

  it("answers 404 for vehicle API paths it does not have", async () => {
    expect((await fetchSite(SITE, "/api/vehicles/nothing-here")).status).toBe(404);
  });
});

describe("vehicle pages with odd addresses", () => {
  it.each(["/cars/", "/cars/-", "/cars/a/b", "/cars/%00", "/cars/x?slug=../../etc", `/cars/${"z".repeat(2000)}`, "/cars/2021-toyota'--"])(
    "%s answers a 4xx or a page, never a 5xx",
    async (path) => {
      const response = await fetchSite(SITE, path);
      expect(response.status).toBeLessThan(500);
    },
  );
});
