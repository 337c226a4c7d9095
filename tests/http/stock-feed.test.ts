import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";
import { stockApi } from "../support/stock-api";

/** Issue 30: a feed as a dealer's system sends it, without the platform's own fields, on two sites. */
const SITES = [
  ["harbour-city-motors", "write-harbour-city-motors"],
  ["ridge-motorcycles", "write-ridge-motorcycles"],
] as const;

describe("the stock feed without the platform's own fields", () => {
  it.each(SITES)("%s takes a record with no id, slug, name or timestamps, derives them, and shows the car at its page", async (site, key) => {
    const stocknum = `FEED-${randomUUID().slice(0, 8).toUpperCase()}`;
    const record = { stocknum, year: 2021, make: "Toyota", model: "Corolla", badge: "Ascent Sport", car_type: "used", status: "in_stock", price: 23990, km: 41000, paint_code: "040" };
    try {
      const answer = await stockApi(site, key, "/vehicles/batch", { upsert: [record] });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { upserted: number; records: { derived: string[]; ignored: string[] }[] };
      expect(body.upserted).toBe(1);
      expect(body.records[0]).toMatchObject({ derived: ["id", "name", "slug", "created_at", "updated_at"], ignored: ["paint_code"] });
      const [car] = ((await (await stockApi(site, key, `/vehicles?stocknum=${stocknum}`)).json()) as { vehicles: { slug: string; name: string; id: number }[] }).vehicles;
      expect(car?.name).toBe("2021 Toyota Corolla Ascent Sport");
      expect(car?.slug).toBe(`2021-toyota-corolla-ascent-sport-${stocknum.toLowerCase()}`);
      await expect.poll(async () => (await fetchSite(site, `/cars/${car?.slug}`)).status, { timeout: 10_000 }).toBe(200);
      // Sent again: the same car, unchanged.
      expect(((await (await stockApi(site, key, "/vehicles/batch", { upsert: [record] })).json()) as { unchanged: number }).unchanged).toBe(1);
    } finally {
      await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
    }
  });

  it.each(SITES)("%s serves the feed's JSON Schema without a key", async (site) => {
    const answer = await fetchSite(site, "/api/stock/schema.json");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/schema+json");
    const schema = (await answer.json()) as { properties: { upsert: { items: { required: string[] } } } };
    expect(schema.properties.upsert.items.required).not.toContain("id");
  });
});
