import { FragmentNotFound } from "@dealer/shared/fragment-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../../db/test-support/d1";
import { testFragmentRequest } from "../../../../db/test-support/fragment-request";
import type { Env } from "../../env";
import { loadRepaymentEstimate } from "./load.server";

const SITE = "harbour-city-motors";
let db: D1Database;
let dispose: () => Promise<void>;
const env = () => ({ DB: db }) as Env;

function carData(id: number, slug: string, price: number | null, offer_price: number | null = null) {
  return {
    id, slug, name: `Car ${id}`, year: 2022, make: "Mazda", model: "CX-5", stocknum: `S${id}`, price, offer_price, status: "in_stock",
    car_type: "used", created_at: "2025-01-01T00:00:00Z", updated_at: "2025-01-01T00:00:00Z", site: SITE,
    dealership_slug: "harbour-city-mazda", dealership_id: 1,
  };
}

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  for (const car of [carData(1, "priced", 41990, 39990), carData(2, "no-price", null)]) {
    await db
      .prepare("INSERT INTO vehicles (id, site, dealership_id, slug, stocknum, status, updated_at, data) VALUES (?, ?, 1, ?, ?, 'in_stock', ?, ?)")
      .bind(car.id, SITE, car.slug, car.stocknum, car.updated_at, JSON.stringify(car))
      .run();
  }
});
afterAll(() => dispose());

describe("loadRepaymentEstimate", () => {
  it("uses the default price 30000 and the site's interest rate without a car", async () => {
    const props = await loadRepaymentEstimate(testFragmentRequest(SITE, {}, { finance: { defaultInterestRate: 8.5 } }), env());
    expect(props).toMatchObject({ price: 30000, car: null, finance: { defaultInterestRate: 8.5, establishmentFee: 0 } });
  });

  it("uses the car's shown price (the offer), or 30000 when it has none", async () => {
    expect((await loadRepaymentEstimate(testFragmentRequest(SITE, { slug: "priced" }), env())).price).toBe(39990);
    expect((await loadRepaymentEstimate(testFragmentRequest(SITE, { slug: "no-price" }), env())).price).toBe(30000);
  });

  it("throws FragmentNotFound for an unknown car", async () => {
    await expect(loadRepaymentEstimate(testFragmentRequest(SITE, { slug: "nope" }), env())).rejects.toBeInstanceOf(FragmentNotFound);
  });
});
