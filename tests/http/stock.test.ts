import { describe, expect, it } from "vitest";
import { fetchSite } from "../support/platform";

const SITE = "ridge-motorcycles";
type Hit = { objectID: string; stocknum: string; dealership_slug: string; price: number | null; car_type: string };

async function search(params: Record<string, unknown>) {
  const response = await fetchSite(SITE, "/1/indexes/Car_production/query", {
    method: "POST",
    headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${SITE}`, "content-type": "application/json" },
    body: JSON.stringify(params),
  });
  return (await response.json()) as { hits: Hit[]; nbHits: number };
}

function stockApi(key: string, path: string, body?: unknown) {
  return fetchSite(SITE, `/api/stock${path}`, {
    method: body ? "POST" : "GET",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

describe("stock feed", () => {
  it("a price change reaches search within seconds, and the same batch twice changes nothing", async () => {
    const { hits } = await search({ filters: "price > 1000 AND status:in_stock", hitsPerPage: 1 });
    const hit = hits[0]!;
    const key = `write-${hit.dealership_slug}`;
    const { vehicles } = (await (await stockApi(key, `/vehicles?stocknum=${encodeURIComponent(hit.stocknum)}`)).json()) as { vehicles: Record<string, unknown>[] };
    const original = vehicles[0]!;
    const changedPrice = (hit.price ?? 0) + 1234;
    try {
      const first = await stockApi(key, "/vehicles/batch", { upsert: [{ ...original, price: changedPrice }], delete: [] });
      expect(first.status).toBe(200);
      expect(((await first.json()) as { upserted: number }).upserted).toBe(1);
      const again = (await (await stockApi(key, "/vehicles/batch", { upsert: [{ ...original, price: changedPrice }], delete: [] })).json()) as { unchanged: number };
      expect(again.unchanged).toBe(1);
      await expect
        .poll(async () => (await search({ filters: `stocknum:"${hit.stocknum}"` })).hits[0]?.price, { timeout: 5000, interval: 250 })
        .toBe(changedPrice);
    } finally {
      await stockApi(key, "/vehicles/batch", { upsert: [original], delete: [] });
    }
  });

  it("a batch with a bad record is refused whole, naming the record and field", async () => {
    const { hits } = await search({ hitsPerPage: 1 });
    const key = `write-${hits[0]!.dealership_slug}`;
    const response = await stockApi(key, "/vehicles/batch", { upsert: [{ stocknum: "BAD-1", year: "last year" }], delete: [] });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { rejected: { index: number; errors: Record<string, string[]> }[] };
    expect(body.rejected[0]?.index).toBe(0);
    expect(Object.keys(body.rejected[0]?.errors ?? {})).toContain("year");
    expect((await search({ filters: 'stocknum:"BAD-1"' })).nbHits).toBe(0);
  });

  it("two dealers' concurrent batches creating the same new id: one 200, the other a 4xx naming the id, never a 5xx", async () => {
    const { vehicles } = (await (await stockApi(`write-${SITE}`, "/vehicles")).json()) as { vehicles: Record<string, unknown>[] };
    const { site: _site, dealership_id: _id, dealership_slug: _slug, ...template } = vehicles[0]!;
    const writers = [`write-${SITE}`, "write-harbour-city-motors"];
    const keyed = (key: string) => (path: string, body: unknown) =>
      fetchSite(key.replace(/^write-/, ""), `/api/stock${path}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    for (let round = 0; round < 5; round++) {
      const id = 990_000 + round;
      const car = (n: number) => ({ ...template, id, stocknum: `RACE-${round}-${n}`, slug: `race-${round}-${n}` });
      try {
        const answers = await Promise.all(writers.map((key, n) => keyed(key)("/vehicles/batch", { upsert: [car(n)], delete: [] })));
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
        const refused = (await answers.find((answer) => answer.status === 400)!.json()) as { rejected: { errors: Record<string, string[]> }[] };
        expect(refused.rejected[0]?.errors.id).toHaveLength(1);
      } finally {
        await Promise.all(writers.map((key, n) => keyed(key)("/vehicles/batch", { upsert: [], delete: [`RACE-${round}-${n}`] })));
      }
    }
  });

  it("writes need the dealer's write key", async () => {
    expect((await stockApi(`search-${SITE}`, "/vehicles/batch", { upsert: [], delete: [] })).status).toBe(401);
  });
});

describe("landing paths", () => {
  it("/search/used-cars lists used stock only", async () => {
    const html = await (await fetchSite("harbour-city-motors", "/search/used-cars")).text();
    expect(html).toContain(`"refinementList":{"car_type":["used"]}`);
    const subtitles = [...html.matchAll(/class="card__subtitle">([^<]*)</g)].map((m) => m[1]);
    expect(subtitles.length).toBeGreaterThan(0);
    expect(subtitles.every((text) => text?.endsWith("used"))).toBe(true);
  });
});
