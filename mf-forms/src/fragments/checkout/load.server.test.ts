import { CAR_ALREADY_RESERVED, CAR_NOT_RESERVABLE } from "@dealer/shared/rules";
import { FragmentNotFound } from "@dealer/shared/fragment-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../../db/test-support/d1";
import { testFragmentRequest } from "../../../../db/test-support/fragment-request";
import type { Env } from "../../env";
import { loadCheckout } from "./load.server";

const SITE = "metro-certified";
let db: D1Database;
let dispose: () => Promise<void>;
const env = () => ({ DB: db }) as Env;
const returnTerms = { "metro-certified": { days: 14, maxKm: 500, minFuel: "a quarter tank" } };

function carData(id: number, slug: string, over: Record<string, unknown> = {}) {
  return {
    id, slug, name: `2022 Mazda CX-5 #${id}`, year: 2022, make: "Mazda", model: "CX-5", stocknum: `S${id}`, price: 39990, status: "in_stock",
    car_type: "used", created_at: "2025-01-01T00:00:00Z", updated_at: "2025-01-01T00:00:00Z", site: SITE,
    dealership_slug: "metro-certified", dealership_id: 21, checkout_enabled: true, ...over,
  };
}

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  const cars = [carData(1, "used"), carData(2, "new", { car_type: "new", price: 41990, price_type: "Drive Away" }), carData(3, "reserved", { reserved: true }), carData(4, "no-checkout", { checkout_enabled: false })];
  for (const car of cars) {
    await db
      .prepare("INSERT INTO vehicles (id, site, dealership_id, slug, stocknum, status, updated_at, data) VALUES (?, ?, 21, ?, ?, ?, ?, ?)")
      .bind(car.id, SITE, car.slug, car.stocknum, car.status, car.updated_at, JSON.stringify(car))
      .run();
  }
});
afterAll(() => dispose());

describe("loadCheckout", () => {
  it("a used car: the deposit, the 48 hour money-back guarantee and the dealership's return terms", async () => {
    const props = await loadCheckout(testFragmentRequest(SITE, { slug: "used" }, { reserve: { returnTerms } }), env());
    expect(props).toMatchObject({
      mode: "checkout",
      reserveLabel: "Reserve Now $200",
      deposit: "$200 deposit, held 48 hours, 100% refundable",
      moneyBack: "48 hour money-back guarantee",
      returnTerms: "Changed your mind? Return the car within 14 days, with at most 500 km driven and at least a quarter tank of fuel.",
      unavailable: null,
      car: { slug: "used", priceText: "$39,990 Excl. Government Charges" },
    });
  });

  it("a new car has neither; $0 hides the deposit; /checkout-journey names the car by car_id", async () => {
    const props = await loadCheckout(testFragmentRequest(SITE, { car_id: "new" }, { reserve: { amount: 0, returnTerms } }), env());
    expect(props).toMatchObject({ mode: "checkout", reserveLabel: "Reserve Now", deposit: null, moneyBack: null, returnTerms: null });
    expect(props).toMatchObject({ car: { priceText: "$41,990 Drive Away" } });
  });

  it("says why a car cannot be reserved; an unknown car is not found", async () => {
    expect(await loadCheckout(testFragmentRequest(SITE, { slug: "reserved" }), env())).toMatchObject({ unavailable: CAR_ALREADY_RESERVED });
    expect(await loadCheckout(testFragmentRequest(SITE, { slug: "no-checkout" }), env())).toMatchObject({ unavailable: CAR_NOT_RESERVABLE });
    await expect(loadCheckout(testFragmentRequest(SITE, { slug: "nope" }), env())).rejects.toBeInstanceOf(FragmentNotFound);
  });

  it("prefills the signed-in shopper's phone from the session", async () => {
    const request = { ...testFragmentRequest(SITE, { slug: "used" }), session: { userId: "u1", phone: "0412 345 678" } };
    expect(await loadCheckout(request, env())).toMatchObject({ prefill: { phone: "0412 345 678", name: "", email: "" } });
  });

  it("an unknown reservation's confirmation says so", async () => {
    expect(await loadCheckout(testFragmentRequest(SITE, { step: "confirmation", reservation: "res_nope" }), env())).toMatchObject({ mode: "confirmation", state: "unknown" });
  });
});
